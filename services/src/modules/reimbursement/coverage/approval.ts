import { DEFAULT_PLAN_COVERAGE } from '@acpg/contracts/coverage';
import type { Platform } from '../../../platform/module.ts';
import type { FiledClaim } from '../claim/decider.ts';
import { claimsOf, membershipById, membershipsOf, planTerms } from './read.ts';
import { checkApproval, membershipYear, runningMembership, yearUsage } from './rules.ts';

/**
 * Refuses approving a claim for more than its membership year's limit has left (approved and paid claims of the year
 * counted, this one not). A claim filed before claims followed coverage is checked against the member's running membership.
 */
export const checkApprovalCoverage = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, claim: FiledClaim, approvedCents: number): Promise<void> => {
  const s = claim.submitted;
  const membership = s.membership_id ? await membershipById(platform, s.membership_id) : runningMembership(await membershipsOf(platform, s.account_id));
  if (!membership) return;
  const terms = (await planTerms(platform, membership.plan_id)) ?? DEFAULT_PLAN_COVERAGE;
  const year = membershipYear(membership.started_at, s.expense_date);
  checkApproval(approvedCents, terms, yearUsage(await claimsOf(platform, s.account_id), year, s.claim_id).used_cents, year);
};
