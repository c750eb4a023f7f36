import { CLAIM_CATEGORY_LABELS } from '@acpg/contracts/reimbursement';
import type { PayoutMethod } from '@acpg/contracts/payments';
import type { ClaimEvent } from '../claim/decider.ts';
import { DEFAULT_TIME_ZONE, formatCents, formatDateUs } from '../../../platform/formatting/index.ts'; // expense_date: a calendar day, no zone moves it

const money = formatCents;
/** A payout method inside a sentence: "by ACH transfer", "by check". */
export const METHOD_WORDS: Record<PayoutMethod, string> = { ach: 'ACH transfer', check: 'check' };
const documents = (count: number) => (count === 1 ? '1 document' : `${count} documents`);

/** One plain sentence per event of the claim, for the audit trail. */
export const summaryOf = (event: ClaimEvent): string => {
  switch (event.type) {
    case 'ReimbursementClaimSubmitted': {
      const d = event.data;
      return `Claimed ${money(d.amount_cents)} for ${CLAIM_CATEGORY_LABELS[d.category].toLowerCase()} on ${formatDateUs(d.expense_date, DEFAULT_TIME_ZONE)} at ${d.property.address_line}, ${d.property.city} (APN ${d.property.apn}), with ${documents(d.documents.length)}.`;
    }
    case 'ReimbursementClaimReviewStarted':
      return 'Review started.';
    case 'ReimbursementInfoRequested':
      return `More information requested: ${event.data.message}`;
    case 'ReimbursementInfoProvided':
      return `The claimant answered${event.data.documents.length > 0 ? ` with ${documents(event.data.documents.length)}` : ''}: ${event.data.message}`;
    case 'ReimbursementClaimApproved':
      return `Approved ${money(event.data.approved_amount_cents)}: ${event.data.reason}`;
    case 'ReimbursementClaimRejected':
      return `Rejected: ${event.data.reason}`;
    case 'ReimbursementPayoutRequested':
      return `Payout of ${money(event.data.amount_cents)} by ${METHOD_WORDS[event.data.method]} asked for (reference ${event.data.reference}).`;
    case 'ReimbursementClaimPaid':
      return `Paid ${money(event.data.amount_cents)} by ${METHOD_WORDS[event.data.method]} (reference ${event.data.reference}).`;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown reimbursement claim event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};
