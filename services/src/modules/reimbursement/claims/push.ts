import { CLAIM_ROOM, CLAIM_UPDATED_MESSAGE, ClaimView } from '@acpg/contracts/reimbursements';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { ClaimEvent } from '../claim/decider.ts';

/** The identity module's entity kind `account` (the account itself and Super Admins follow it). */
const ACCOUNT_ROOM = 'account';

/**
 * After a claim's row is written: the row (with the version and position it reflects) to the claim's room (its page),
 * its claimant's room (their list) and to Super Admins (the admin list). Only the last row of a batch per claim.
 */
export const pushClaim: ProjectionPush<ClaimEvent> = (applied, realtime) => {
  const latest = new Map<string, ClaimView>();
  for (const { doc } of applied) {
    const view = doc ? ClaimView.safeParse({ ...doc, version: doc._version ?? 0, position: doc._position ?? 0 }) : null;
    if (view?.success) latest.set(view.data.claim_id, view.data);
  }
  for (const view of latest.values()) {
    realtime.toEntity(entityName(CLAIM_ROOM, view.claim_id), CLAIM_UPDATED_MESSAGE, view);
    realtime.toEntity(entityName(ACCOUNT_ROOM, view.account_id), CLAIM_UPDATED_MESSAGE, view);
    realtime.toRole('Super Admin', CLAIM_UPDATED_MESSAGE, view);
  }
};
