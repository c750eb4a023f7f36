import { DEFAULT_PLAN_COVERAGE, type PlanCoverage } from '@acpg/contracts/coverage';
import { coverageOfPlan, planAsOfIn, type PlanHistory } from '@acpg/contracts/plans';
import type { ClaimCoverage, ClaimFlag, ClaimStatus } from '@acpg/contracts/reimbursement';
import { copyOf } from '../../../platform/local-copies/define.ts';
import { findInCopy, readCopy } from '../../../platform/local-copies/read-copy.ts';
import { verifiedPropertiesCopy } from '../../../platform/local-copies/verified-properties.ts';
import type { Platform } from '../../../platform/module.ts';
import { claims } from '../claims/entity.ts';
import { CLAIMS_COLLECTION } from '../claims/view.ts';
import { membershipTermsCopy, planTermsCopy } from './copies.ts';
import { coverageMembership, membershipYear, periodOf, runningMembership, yearUsage, type CoverageFacts, type MembershipCover, type TermsPeriod, type YearClaim } from './rules.ts';

type Reader = Pick<Platform, 'documents' | 'caughtUp'>;

/** The account's memberships as the copy holds them. */
export const membershipsOf = async (platform: Reader, accountId: string): Promise<MembershipCover[]> =>
  (await findInCopy(platform, membershipTermsCopy, { account_id: accountId })).map((doc) => copyOf(doc) as unknown as MembershipCover);

/** One membership from the copy (null: not known here). */
export const membershipById = async (platform: Reader, membershipId: string): Promise<MembershipCover | null> => {
  const doc = await readCopy(platform, membershipTermsCopy, membershipId);
  return doc ? (copyOf(doc) as unknown as MembershipCover) : null;
};

/** The plan's coverage terms as defined at `at` (null: the plan is not known here). */
export const planTermsAt = async (platform: Reader, planId: string, at: string): Promise<PlanCoverage | null> => {
  const doc = await readCopy(platform, planTermsCopy, planId);
  const plan = doc ? planAsOfIn(copyOf(doc) as unknown as PlanHistory, at) : null;
  return plan ? coverageOfPlan(plan) : null;
};

/** The terms an expense on `day` is checked against: its plan version when the membership's stretch holding `day` began. */
export const termsOn = async (platform: Reader, membership: MembershipCover, day: string): Promise<{ terms: PlanCoverage | null; period: TermsPeriod }> => {
  const period = periodOf(membership, day);
  return { terms: await planTermsAt(platform, period.plan_id, period.from), period };
};

/** The account's claims, as the year's sums count them (the read model caught up with the log first). */
export const claimsOf = async (platform: Reader, accountId: string): Promise<YearClaim[]> => {
  await platform.caughtUp(claims.projection);
  return (await platform.documents.find(CLAIMS_COLLECTION, { account_id: accountId })).map((doc) => ({
    claim_id: String(doc.claim_id),
    status: doc.status as ClaimStatus,
    amount_cents: Number(doc.amount_cents),
    approved_amount_cents: typeof doc.approved_amount_cents === 'number' ? doc.approved_amount_cents : null,
    expense_date: String(doc.expense_date),
  }));
};

/** How many accounts verified the property (the properties module's `PropertyVerified`, as this module's copy holds it). */
export const propertyAccounts = async (platform: Reader, propertyId: string): Promise<number> =>
  new Set((await findInCopy(platform, verifiedPropertiesCopy('reimbursement'), { property_id: propertyId })).map((doc) => String(doc.account_id))).size;

/** What a claim for `propertyId` with an expense on `day`, filed now by `accountId`, is checked against (the coverage ledger aside). */
export const coverageFacts = async (platform: Reader, accountId: string, propertyId: string, day: string, now: Date): Promise<CoverageFacts> => {
  const membership = runningMembership(await membershipsOf(platform, accountId));
  return {
    membership,
    terms: membership ? (await termsOn(platform, membership, day)).terms : null,
    defaults: DEFAULT_PLAN_COVERAGE,
    claims: await claimsOf(platform, accountId),
    propertyAccounts: await propertyAccounts(platform, propertyId),
    now,
  };
};

/**
 * The coverage a membership gives in the year holding `day` (`except`: a claim not counted, the one under review), from
 * the claims read model: every open claim holds its amount (as in the coverage ledger), so `left_cents` is what a new
 * claim may still ask for.
 */
export const coverageView = async (
  platform: Reader,
  accountId: string,
  membership: MembershipCover | null,
  day: string,
  now: Date,
  options: { except?: string; propertyId?: string; flags?: ClaimFlag[] } = {},
): Promise<ClaimCoverage> => {
  const property_accounts = options.propertyId ? await propertyAccounts(platform, options.propertyId) : null;
  const flags = options.flags ?? [];
  if (!membership) return { membership: null, terms: null, terms_of: null, year: null, used_cents: 0, pending_cents: 0, left_cents: 0, property_accounts, flags };
  const on = await termsOn(platform, membership, day);
  const terms = on.terms ?? DEFAULT_PLAN_COVERAGE;
  const year = membershipYear(membership.started_at, day);
  const usage = yearUsage(await claimsOf(platform, accountId), year, options.except);
  return {
    membership: { ...coverageMembership(membership, terms, now), plan_id: on.period.plan_id, plan_name: on.period.plan_name },
    terms,
    terms_of: { from: on.period.from, why: on.period.why, known: on.terms !== null },
    year,
    used_cents: usage.used_cents,
    pending_cents: usage.pending_cents,
    left_cents: Math.max(0, terms.annual_limit_cents - usage.used_cents - usage.pending_cents),
    property_accounts,
    flags,
  };
};
