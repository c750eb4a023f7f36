import type { ClaimView } from '@acpg/contracts/reimbursements';
import { handleCommand, loadStream } from '../../../platform/commands/handle-command.ts';
import type { Principal } from '../../../platform/auth/port.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { claimViewFromStream } from '../claims/view.ts';
import { claimDecider, claimStream, type ClaimCommand, type ClaimState, type FiledClaim } from './decider.ts';

export const claimNotFound = () => new AppError(404, 'CLAIM_NOT_FOUND', 'This claim was not found.');

export const loadClaim = async (platform: Pick<Platform, 'eventStore'>, claimId: string): Promise<ClaimState> =>
  (await loadStream(platform.eventStore, claimStream(claimId), claimDecider)).state;

/** Who may see a claim: its claimant and Super Admins (403 for anyone else signed in, 404 when there is none). */
export const mayAccessClaim = (principal: Pick<Principal, 'userId' | 'roles'>, claim: FiledClaim) =>
  principal.roles.includes('Super Admin') || claim.submitted.account_id === principal.userId;

export const accessibleClaim = async (platform: Pick<Platform, 'eventStore'>, claimId: string, principal: Pick<Principal, 'userId' | 'roles'>): Promise<FiledClaim> => {
  const state = await loadClaim(platform, claimId);
  if (state.status === 'none') throw claimNotFound();
  if (!mayAccessClaim(principal, state)) throw new AppError(403, 'CLAIM_FORBIDDEN', 'This claim is not yours, so you cannot see or change it.');
  return state;
};

/** The claim as it stands, straight from its events. */
export const claimView = async (platform: Pick<Platform, 'eventStore'>, claimId: string): Promise<ClaimView> => {
  const view = claimViewFromStream(await platform.eventStore.readStream(claimStream(claimId)));
  if (!view) throw claimNotFound();
  return view;
};

/** Runs one command on the claim (refused in words by the decider when the claim's status does not allow it). */
export const runClaimCommand = async (platform: Pick<Platform, 'eventStore'>, claimId: string, command: ClaimCommand) =>
  handleCommand(platform.eventStore, claimStream(claimId), claimDecider, command, { retries: 5 });
