import type { ClaimView } from '@acpg/contracts/reimbursement';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import type { Principal } from '../../../platform/auth/port.ts';
import { ownedThing, type MembersPlatform } from '../../../platform/http/access.ts';
import type { Platform } from '../../../platform/module.ts';
import { claims as claimEntity } from '../claims/entity.ts';
import { claimDecider, claimStream, type ClaimCommand, type ClaimState, type FiledClaim } from './decider.ts';

/** Its claimant's and Super Admins': anyone else is answered as for a claim that does not exist (`platform/http/access.ts`). */
export const claims = ownedThing<FiledClaim>({ code: 'CLAIM', noun: 'claim', ownerOf: (claim) => claim.submitted.account_id, providers: 'reimbursement' });
export const claimNotFound = claims.notFound;

export const loadClaim = async (platform: Pick<Platform, 'eventStore'>, claimId: string): Promise<ClaimState> =>
  (await loadStream(platform.eventStore, claimStream(claimId), claimDecider)).state;

/** Who may see a claim: its claimant and Super Admins. */
export const mayAccessClaim = claims.mayAccess;

/** The claim, or 404 CLAIM_NOT_FOUND both when there is none and when the caller may not see it. */
export const accessibleClaim = async (platform: Pick<Platform, 'eventStore'> & MembersPlatform, claimId: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<FiledClaim> => {
  const state = await loadClaim(platform, claimId);
  return claims.seen(platform, principal, state.status === 'none' ? null : state);
};

/** A command's answer: the claim as it stands after the command, with the version it wrote (`Entity.writtenView`). */
export const claimView = (platform: Pick<Platform, 'eventStore'>, claimId: string): Promise<ClaimView> => claimEntity.writtenView(platform, claimId);

/** Runs one command on the claim (refused in words by the decider when the claim's status does not allow it). */
export const runClaimCommand = async (platform: Pick<Platform, 'eventStore'>, claimId: string, command: ClaimCommand) =>
  handleCommand(platform.eventStore, claimStream(claimId), claimDecider, command, { retries: 5 });
