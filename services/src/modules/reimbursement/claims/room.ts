import type { Platform } from '../../../platform/module.ts';
import type { RoomAuthorizer } from '../../../platform/realtime/rooms.ts';
import { loadClaim, mayAccessClaim } from '../claim/access.ts';

/**
 * Who may follow `reimbursement-claim:<id>` live: the claimant and Super Admins. Read from the claim's stream, so a
 * page opened right after filing may join before the read model has the row. A malformed id is simply not a claim.
 */
export const mayFollowClaim: RoomAuthorizer<Platform> = async (principal, claimId, platform) => {
  if (!/^[0-9a-f-]{36}$/i.test(claimId)) return false;
  const state = await loadClaim(platform, claimId);
  return state.status !== 'none' && mayAccessClaim(principal, state);
};
