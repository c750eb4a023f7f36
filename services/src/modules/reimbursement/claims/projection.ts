import { REIMBURSEMENT_EVENT_TYPES } from '@acpg/contracts/reimbursements';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toClaimEvent } from '../claim/decider.ts';
import { pushClaim } from './push.ts';
import { CLAIMS_COLLECTION, evolveClaimRow } from './view.ts';

/**
 * Read model `reimbursement_claims`: one row per claim (`ClaimView` and the county filter), as the claim page, the
 * claimant's list and the Super Admins' list show it. An event delivered again is skipped by its version.
 */
export const claimsProjection = defineProjection({
  name: 'reimbursement.claims',
  collection: CLAIMS_COLLECTION,
  handles: REIMBURSEMENT_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('reimbursement-claim-') ? toClaimEvent(stored) : null),
  documentId: (event) => event.data.claim_id,
  evolve: (doc, event, stored) => (doc && typeof doc._version === 'number' && doc._version >= stored.version ? doc : evolveClaimRow(doc, event)),
  indexes: ['account_id', 'status', 'submitted_at', 'county', 'amount_cents'],
  push: pushClaim,
});
