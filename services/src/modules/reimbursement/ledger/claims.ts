import { DEFAULT_PLAN_COVERAGE } from '@acpg/contracts/coverage';
import type { ReimbursementClaimSubmitted } from '@acpg/contracts/reimbursement';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import { runClaimCommand } from '../claim/access.ts';
import { claimDecider, type ApproveClaim, type FiledClaim, type RejectClaim } from '../claim/decider.ts';
import { claimsOf, membershipById, membershipsOf, termsOn } from '../coverage/read.ts';
import { membershipYear, runningMembership, type MembershipCover } from '../coverage/rules.ts';
import { holdCoverage, releaseCoverage, restoreCoverage, type LedgerTarget } from './commands.ts';

/** The ledger of the membership year holding the expense, with the year's limit of the plan version it is checked against. */
export const ledgerTarget = (membership: MembershipCover, annualLimitCents: number, expenseDate: string): LedgerTarget => ({
  membershipId: membership.membership_id,
  year: membershipYear(membership.started_at, expenseDate),
  limitCents: annualLimitCents,
});

/** A filed claim's ledger (null: no membership covers it, so nothing is held). A claim filed before claims followed coverage reads the running membership. */
export const ledgerOfClaim = async (platform: Platform, s: ReimbursementClaimSubmitted): Promise<LedgerTarget | null> => {
  const membership = s.membership_id ? await membershipById(platform, s.membership_id) : runningMembership(await membershipsOf(platform, s.account_id));
  if (!membership) return null;
  const { terms } = await termsOn(platform, membership, s.expense_date);
  return ledgerTarget(membership, (terms ?? DEFAULT_PLAN_COVERAGE).annual_limit_cents, s.expense_date);
};

/**
 * Approves a claim within its membership year's limit: the claim's own refusals first (status, more than claimed),
 * then the approved amount is held in the coverage ledger (refused there when the year has no room: two approvals
 * racing are decided one after the other), then the claim is approved. When that last step fails, the hold is put back.
 */
export const approveWithinLimit = async (platform: Platform, claim: FiledClaim, command: ApproveClaim): Promise<void> => {
  claimDecider.decide(command, claim);
  const target = await ledgerOfClaim(platform, claim.submitted);
  if (!target) {
    await runClaimCommand(platform, claim.submitted.claim_id, command);
    return;
  }
  const claimId = claim.submitted.claim_id;
  const yearClaims = await claimsOf(platform, claim.submitted.account_id);
  const hold = await holdCoverage(platform, target, { claimId, cents: command.data.approved_amount_cents, stage: 'approved', yearClaims }, command.metadata);
  try {
    await runClaimCommand(platform, claimId, command);
  } catch (error) {
    if (hold.changed) await restoreCoverage(platform, target, claimId, hold, command.metadata);
    throw error;
  }
};

/** Rejects a claim and gives back what it held of the year's limit. */
export const rejectAndRelease = async (platform: Platform, claim: FiledClaim, command: RejectClaim): Promise<void> => {
  await runClaimCommand(platform, claim.submitted.claim_id, command);
  await releaseHold(platform, claim, command.metadata);
};

/** Gives back what a claim held (nothing when it held nothing). */
export const releaseHold = async (platform: Platform, claim: FiledClaim, meta: CommandMeta): Promise<void> => {
  const target = await ledgerOfClaim(platform, claim.submitted);
  if (target) await releaseCoverage(platform, target, claim.submitted.claim_id, meta);
};
