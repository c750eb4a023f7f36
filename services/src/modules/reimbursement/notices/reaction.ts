import { CLAIM_CATEGORY_LABELS, CLAIM_STATUS_LABELS, type ClaimStatus } from '@acpg/contracts/reimbursement';
import { z } from 'zod';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { METHOD_WORDS } from '../claims/history.ts';
import { claimDecider, claimStream, toClaimEvent, type ClaimEvent } from '../claim/decider.ts';
import { loadStream } from '../../../platform/commands/handle-command.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import { claimUpdatedEmail } from './template.ts';
import { formatCents } from '../../../platform/formatting/index.ts';

/** The identity module's read model `accounts` (its documented row: `AccountView` in `@acpg/contracts/identity`). */
const Recipient = z.object({ email: z.email(), full_name: z.string().min(1) });

const usd = formatCents;

/** The status an event moves the claim to, what to tell the claimant, and the reviewer's words; null: no status change. */
export const noticeOf = (event: ClaimEvent): { status: ClaimStatus; summary: string; note?: string } | null => {
  switch (event.type) {
    case 'ReimbursementClaimSubmitted':
      return { status: 'submitted', summary: 'We received your reimbursement claim. We will email you as it is reviewed.' };
    case 'ReimbursementClaimReviewStarted':
      return { status: 'under_review', summary: 'We started reviewing your reimbursement claim.' };
    case 'ReimbursementInfoRequested':
      return { status: 'more_info_requested', summary: 'We need more information to review your claim. Answer on the Property Reimbursement page.', note: event.data.message };
    case 'ReimbursementInfoProvided':
      return { status: 'under_review', summary: 'Thank you for your answer. Your claim is under review again.' };
    case 'ReimbursementClaimApproved':
      return { status: 'approved', summary: `Your claim was approved for ${usd(event.data.approved_amount_cents)}. We will tell you when it is paid.`, note: event.data.reason };
    case 'ReimbursementClaimRejected':
      return { status: 'rejected', summary: 'Your claim was not approved.', note: event.data.reason };
    case 'ReimbursementPayoutRequested':
      return null;
    case 'ReimbursementClaimPaid':
      return { status: 'paid', summary: `We paid ${usd(event.data.amount_cents)} by ${METHOD_WORDS[event.data.method]} (reference ${event.data.reference}).` };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown reimbursement claim event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** The claimant's name and email, from this module's copy of identity's account events. */
const recipientOf = async (platform: Platform, accountId: string) => {
  const parsed = Recipient.safeParse(await accountContactOf(platform, 'reimbursement', accountId));
  return parsed.success ? parsed.data : null;
};

/**
 * Every change of a claim's status emails the claimant (template `reimbursement.claim-updated`), one job per event
 * (job id `<reaction>:<event id>`), so a redelivered event sends nothing twice.
 */
export const claimNoticesReaction: Reaction = {
  name: 'reimbursement.claim-notices',
  handles: ['ReimbursementClaimSubmitted', 'ReimbursementClaimReviewStarted', 'ReimbursementInfoRequested', 'ReimbursementInfoProvided', 'ReimbursementClaimApproved', 'ReimbursementClaimRejected', 'ReimbursementClaimPaid'],
  async jobs(event, platform) {
    const claimEvent = event.stream.startsWith('reimbursement-claim-') ? toClaimEvent(event) : null;
    const notice = claimEvent ? noticeOf(claimEvent) : null;
    if (!claimEvent || !notice) return [];
    const { state: claim } = await loadStream(platform.eventStore, claimStream(claimEvent.data.claim_id), claimDecider);
    if (claim.status === 'none') return [];
    const s = claim.submitted;
    const to = await recipientOf(platform, s.account_id);
    if (!to) {
      platform.log.error({ eventId: event.id, type: event.type }, 'reimbursement: no account to email about this claim');
      return [];
    }
    const variables = {
      full_name: to.full_name,
      status: CLAIM_STATUS_LABELS[notice.status],
      summary: notice.summary,
      property: `${s.property.address_line}, ${s.property.city}`,
      category: CLAIM_CATEGORY_LABELS[s.category],
      amount: usd(s.amount_cents),
      reference: s.number ?? s.claim_id.slice(0, 8),
      ...(notice.note ? { note: notice.note } : {}),
    };
    return [notificationJob.job(templateMessage(claimUpdatedEmail, to.email, variables), { attempts: 8, backoffMs: 2000 })];
  },
};
