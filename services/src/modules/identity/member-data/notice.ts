import { PIN_RULES } from '@acpg/contracts/member-data';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { loadAccount, timeZoneOfAccount } from '../accounts.ts';
import { accountSecurityNoticeEmail } from '../profile/security-notice/template.ts';
import { formatSignInTime } from '../sign-in-notice/reaction.ts';
import { MEMBER_DATA_EVENT_TYPES, type MemberDataEvent } from './decider.ts';

/** What each change says to the account holder (a wrong PIN is told only when it locks the PIN). */
const SENTENCES: Partial<Record<MemberDataEvent['type'], string>> = {
  MemberBeneficiariesChanged: 'The beneficiaries of your membership were changed (your security PIN was entered).',
  MemberMailingAddressChanged: 'The mailing address of your account was changed.',
  MemberFaceSignatureChanged: 'The face photo or signature on your account was changed.',
  MemberPinChanged: 'The security PIN of your account was set or changed.',
  MemberPayoutDetailsChanged: 'The payout details (where your reimbursements are paid) of your account were changed (your security PIN was entered).',
  MemberPinLocked: `Your security PIN was entered wrong too many times, so it is locked for ${PIN_RULES.lockSeconds / 60} minutes.`,
};

/** A change on My Account that an intruder would make: the account holder hears of it by email. */
export const memberDataNoticeReaction: Reaction = {
  name: 'identity.member-data-notice',
  handles: MEMBER_DATA_EVENT_TYPES.filter((type) => SENTENCES[type] !== undefined),
  async jobs(event, platform) {
    // A check readdressed with the mailing address: the address's own notice says it.
    const followedAddress = (event.data as { reason?: unknown }).reason === 'mailing_address_changed';
    const change = followedAddress ? undefined : SENTENCES[event.type as MemberDataEvent['type']];
    const account = change ? await loadAccount(platform.eventStore, String((event.data as { account_id?: unknown }).account_id ?? '')) : null;
    if (!change || !account) return [];
    return [notificationJob.job(templateMessage(accountSecurityNoticeEmail, account.email, { full_name: account.fullName, change, changed_at: formatSignInTime(event.occurredAt, timeZoneOfAccount(account)) }))];
  },
};
