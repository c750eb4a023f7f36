import { z } from 'zod';
import { maskEmail, maskPhone } from '@acpg/contracts/masking';
import type { Reaction } from '../../../../platform/reactions/port.ts';
import { templateMessage } from '../../../../platform/templates/template.ts';
import { loadAccount, timeZoneOfAccount } from '../../accounts.ts';
import { formatSignInTime } from '../../sign-in-notice/reaction.ts';
import { accountSecurityNoticeEmail, contactChangeNoticeEmail } from './template.ts';
import { identityContext } from '../../context.ts';
import { previousContext } from '../contact-change/flow.ts';
import { undoLink } from '../contact-change/undo.ts';
import { notificationJob } from '../../../../platform/jobs/notifications.ts';

const SessionsEnded = z.object({ account_id: z.string().min(1), reason: z.enum(['password-reset', 'password-change']) });
const ChangeVerified = z.object({ change_id: z.string().min(1), account_id: z.string().min(1), channel: z.enum(['email', 'phone']), previous_encrypted: z.string().min(1).nullish() });

const PASSWORD_SENTENCES = {
  'password-reset': 'Your password was reset, and every device was signed out.',
  'password-change': 'Your password was changed, and your other devices were signed out.',
} as const;

/**
 * A new password, email or phone: the account holder hears of it. A contact change is told to the old email (for a
 * phone change, to the account's email) with a single-use link that undoes it (`contact-change/undo.ts`).
 */
export const accountSecurityNoticeReaction: Reaction = {
  name: 'identity.account-security-notice',
  handles: ['AccountSessionsEnded', 'ContactChangeVerified'],
  async jobs(event, platform) {
    const account = await loadAccount(platform.eventStore, String((event.data as { account_id?: unknown }).account_id ?? ''));
    if (!account) return [];
    const changed_at = formatSignInTime(event.occurredAt, timeZoneOfAccount(account));
    if (event.type === 'AccountSessionsEnded') {
      const parsed = SessionsEnded.safeParse(event.data);
      if (!parsed.success) return [];
      const variables = { full_name: account.fullName, change: PASSWORD_SENTENCES[parsed.data.reason], changed_at };
      return [notificationJob.job(templateMessage(accountSecurityNoticeEmail, account.email, variables))];
    }
    const parsed = ChangeVerified.safeParse(event.data);
    if (!parsed.success) return [];
    const ctx = await identityContext(platform);
    const { change_id, channel, previous_encrypted } = parsed.data;
    const previous = previous_encrypted ? ctx.cipher.decrypt(previous_encrypted, previousContext(change_id)) : null;
    const to = channel === 'email' ? previous : account.email;
    if (!to) return [];
    const change =
      channel === 'email'
        ? `The email of your account was changed from this address to ${maskEmail(account.email)}.`
        : `The phone number of your account was changed${previous ? ` from ${maskPhone(previous)}` : ''} to ${account.phoneMasked ?? 'a new one'}.`;
    const variables = { full_name: account.fullName, change, changed_at, undo_link: undoLink(ctx, change_id), undo_days: platform.config.CONTACT_UNDO_DAYS };
    return [notificationJob.job(templateMessage(contactChangeNoticeEmail, to, variables))];
  },
};
