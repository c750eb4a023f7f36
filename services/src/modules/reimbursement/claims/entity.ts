import { CLAIM_ROOM, CLAIM_UPDATED_MESSAGE, REIMBURSEMENT_EVENT_TYPES } from '@acpg/contracts/reimbursement';
import { defineEntity } from '../../../platform/entities/define-entity.ts';
import { claimStream } from '../claim/decider.ts';
import { claimRows, CLAIMS_COLLECTION } from './view.ts';

/**
 * Read model `reimbursement_claims`: one row per claim (`ClaimView` and the county filter), as the claim page, the
 * claimant's list and the Super Admins' list show it; pushed to `reimbursement-claim:<id>` (its page), the claimant
 * (their list) and Super Admins (the admin list). The claimant's and Super Admins' only.
 */
export const claims = defineEntity({
  name: 'reimbursement.claims',
  collection: CLAIMS_COLLECTION,
  indexes: ['account_id', 'status', 'submitted_at', 'county', 'amount_cents'],
  handles: REIMBURSEMENT_EVENT_TYPES,
  stream: claimStream,
  idOf: (event) => event.data.claim_id,
  rows: claimRows,
  access: { code: 'CLAIM', noun: 'claim' },
  providers: 'reimbursement',
  live: { message: CLAIM_UPDATED_MESSAGE, summary: 'A reimbursement claim moved on (review, more information, decision, payout)', room: CLAIM_ROOM },
});
