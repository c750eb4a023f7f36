import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_COVERAGE, type PlanCoverage } from '@acpg/contracts/coverage';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { checkClaimCoverage, coverageMembership, membershipYear, overYearLimit, periodOf, runningMembership, yearUsage, type CoverageFacts, type MembershipCover, type YearClaim } from './rules.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const TERMS: PlanCoverage = { waiting_period_days: 30, covered_categories: ['inspection', 'hazard_damage_repair'], per_claim_limit_cents: 200_000, annual_limit_cents: 300_000 };
const member = (over: Partial<MembershipCover> = {}): MembershipCover => ({
  membership_id: 'm-1',
  account_id: 'acct-1',
  plan_id: 'monthly',
  plan_name: 'Monthly',
  started_at: '2026-06-01T10:00:00.000Z',
  trial_ends_at: null,
  status: 'active',
  ended_at: null,
  ...over,
});
const facts = (over: Partial<CoverageFacts> = {}): CoverageFacts => ({ membership: member(), terms: TERMS, defaults: DEFAULT_PLAN_COVERAGE, claims: [], propertyAccounts: 1, now: NOW, ...over });
const claim = { category: 'inspection' as const, amount_cents: 50_000, expense_date: '2026-11-01' };
const yearClaim = (over: Partial<YearClaim>): YearClaim => ({ claim_id: 'c', status: 'approved', amount_cents: 100_000, approved_amount_cents: 100_000, expense_date: '2026-10-01', ...over });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message, paths: (error.errors ?? []).map((e) => e.path) };
    throw error;
  }
  throw new Error('not refused');
};

describe('claims follow coverage', () => {
  it('files a claim inside the terms with no flags', () => {
    expect(checkClaimCoverage(claim, facts())).toEqual([]);
  });

  it('refuses without a running membership, before it, in the waiting period, uncovered kinds and over the per-claim limit, each on its field', () => {
    expect(refusal(() => checkClaimCoverage(claim, facts({ membership: null })))).toMatchObject({ code: 'NO_ACTIVE_MEMBERSHIP', paths: [] });
    // The case: an expense seven days before the membership, in its free trial.
    const trial = member({ started_at: '2026-11-20T09:00:00.000Z', status: 'trialing', trial_ends_at: '2026-12-20T09:00:00.000Z' });
    expect(refusal(() => checkClaimCoverage({ ...claim, amount_cents: 124_000, expense_date: '2026-11-13' }, facts({ membership: trial })))).toEqual({
      code: 'EXPENSE_BEFORE_MEMBERSHIP',
      message: 'This expense is dated before your membership started on 11-20-2026. Only expenses from that day on are covered.',
      paths: ['expense_date'],
    });
    expect(refusal(() => checkClaimCoverage({ ...claim, expense_date: '2026-06-30' }, facts()))).toMatchObject({ code: 'EXPENSE_IN_WAITING_PERIOD', paths: ['expense_date'] });
    expect(refusal(() => checkClaimCoverage({ ...claim, expense_date: '2026-06-30' }, facts()))?.message).toContain('from 07-01-2026');
    expect(checkClaimCoverage({ ...claim, expense_date: '2026-07-01' }, facts())).toEqual([]);
    expect(refusal(() => checkClaimCoverage({ ...claim, category: 'other' }, facts()))).toMatchObject({ code: 'CATEGORY_NOT_COVERED', paths: ['category'] });
    expect(refusal(() => checkClaimCoverage({ ...claim, amount_cents: 200_001 }, facts()))).toMatchObject({ code: 'OVER_CLAIM_LIMIT', paths: ['amount_cents'] });
    expect(checkClaimCoverage({ ...claim, amount_cents: 200_000 }, facts())).toEqual([]);
  });

  it("refuses more than the year's limit has left, counting approved and paid claims of the same membership year only", () => {
    const claims = [yearClaim({ claim_id: 'a' }), yearClaim({ claim_id: 'b', status: 'paid', approved_amount_cents: 150_000 }), yearClaim({ claim_id: 'old', expense_date: '2026-05-31' }), yearClaim({ claim_id: 'r', status: 'rejected' })];
    expect(refusal(() => checkClaimCoverage({ ...claim, amount_cents: 50_001 }, facts({ claims })))).toMatchObject({ code: 'OVER_YEAR_LIMIT', paths: ['amount_cents'] });
    expect(refusal(() => checkClaimCoverage({ ...claim, amount_cents: 50_001 }, facts({ claims })))?.message).toContain('$500.00 left of its $3,000.00 limit');
    expect(checkClaimCoverage({ ...claim, amount_cents: 50_000 }, facts({ claims }))).toEqual([]);
  });

  it('flags what needs judgement: open claims past the limit, an expense in the trial, past due, a property several accounts verified, unknown plan terms', () => {
    const open = [yearClaim({ status: 'under_review', approved_amount_cents: null, amount_cents: 260_000 })];
    expect(checkClaimCoverage(claim, facts({ claims: open })).map((f) => f.code)).toEqual(['pending_over_year_limit']);
    const trial = member({ started_at: '2026-09-01T00:00:00.000Z', trial_ends_at: '2026-12-01T00:00:00.000Z', status: 'trialing' });
    expect(checkClaimCoverage(claim, facts({ membership: trial })).map((f) => f.code)).toEqual(['expense_in_trial']);
    expect(checkClaimCoverage(claim, facts({ membership: member({ status: 'past_due' }) })).map((f) => f.code)).toEqual(['membership_past_due']);
    const shared = checkClaimCoverage(claim, facts({ propertyAccounts: 2 }));
    expect(shared).toEqual([{ code: 'property_shared', message: 'The property is verified by 2 accounts. Check that this member holds it before paying.' }]);
    expect(checkClaimCoverage(claim, facts({ terms: null })).map((f) => f.code)).toEqual(['plan_terms_unknown']);
  });

  it("refuses filing more than the year's limit has left once open claims' reservations in the ledger are counted; claims filed before the ledger are flagged", () => {
    const ledger = { a: { cents: 100_000, stage: 'approved' as const }, b: { cents: 150_000, stage: 'reserved' as const } };
    // a and b are in the ledger: counted as it says, not as the read model says.
    const claims = [yearClaim({ claim_id: 'a' }), yearClaim({ claim_id: 'b', status: 'under_review', approved_amount_cents: null, amount_cents: 999_999 })];
    expect(refusal(() => checkClaimCoverage({ ...claim, amount_cents: 50_001 }, facts({ claims, ledger })))).toMatchObject({ code: 'OVER_YEAR_LIMIT', paths: ['amount_cents'] });
    expect(refusal(() => checkClaimCoverage({ ...claim, amount_cents: 50_001 }, facts({ claims, ledger })))?.message).toContain('$500.00 left of its $3,000.00 limit');
    expect(checkClaimCoverage({ ...claim, amount_cents: 50_000 }, facts({ claims, ledger }))).toEqual([]);
    const older = yearClaim({ claim_id: 'old', status: 'submitted', approved_amount_cents: null, amount_cents: 10_000 });
    expect(checkClaimCoverage({ ...claim, amount_cents: 50_000 }, facts({ claims: [...claims, older], ledger })).map((f) => f.code)).toEqual(['pending_over_year_limit']);
    expect(yearUsage([...claims, older], { from: '2026-06-01', to: '2027-06-01' }, 'a', ledger)).toEqual({ used_cents: 0, reserved_cents: 150_000, pending_cents: 10_000 });
  });

  it("words a refusal over the year's limit on the field of the step", () => {
    expect(overYearLimit('approved', 40_000, 100_000, '2026-06-01')).toMatchObject({ code: 'OVER_YEAR_LIMIT', errors: [{ path: 'approved_amount_cents' }] });
    expect(overYearLimit('approved', 40_000, 100_000, '2026-06-01').message).toBe('Only $400.00 is left of the plan\'s $1,000.00 limit for the membership year from 06-01-2026. Approve at most that amount.');
    expect(overYearLimit('reserved', 0, 100_000, '2026-06-01')).toMatchObject({ errors: [{ path: 'amount_cents' }] });
  });

  it("picks the plan version of the membership's stretch holding the expense: its start, or its last renewal before it", () => {
    const m = member({
      periods: [
        { from: '2026-06-01T10:00:00.000Z', plan_id: 'monthly', plan_name: 'Monthly', why: 'start' },
        { from: '2026-07-01T10:00:00.000Z', plan_id: 'yearly', plan_name: 'Yearly', why: 'renewal' },
      ],
    });
    expect(periodOf(m, '2026-05-01')).toMatchObject({ plan_id: 'monthly', why: 'start' });
    expect(periodOf(m, '2026-06-30')).toMatchObject({ plan_id: 'monthly', why: 'start' });
    expect(periodOf(m, '2026-07-01')).toMatchObject({ plan_id: 'yearly', why: 'renewal', from: '2026-07-01T10:00:00.000Z' });
    // A copy built before stretches were kept: the start, on the membership's plan.
    expect(periodOf(member(), '2026-11-01')).toEqual({ from: '2026-06-01T10:00:00.000Z', plan_id: 'monthly', plan_name: 'Monthly', why: 'start' });
  });

  it('counts membership years from the start day, and picks the latest running membership', () => {
    expect(membershipYear('2024-02-10T08:00:00.000Z', '2026-02-09')).toEqual({ from: '2025-02-10', to: '2026-02-10' });
    expect(membershipYear('2024-02-10T08:00:00.000Z', '2026-02-10')).toEqual({ from: '2026-02-10', to: '2027-02-10' });
    expect(membershipYear('2026-06-01T00:00:00.000Z', '2026-05-01')).toEqual({ from: '2026-06-01', to: '2027-06-01' });
    expect(yearUsage([yearClaim({ claim_id: 'x' }), yearClaim({ claim_id: 'y', status: 'submitted', approved_amount_cents: null })], { from: '2026-06-01', to: '2027-06-01' }, 'x')).toEqual({ used_cents: 0, reserved_cents: 0, pending_cents: 100_000 });
    const older = member({ membership_id: 'old', started_at: '2025-01-01T00:00:00.000Z' });
    expect(runningMembership([older, member({ membership_id: 'ended', started_at: '2026-10-01T00:00:00.000Z', status: 'cancelled' })])?.membership_id).toBe('old');
    expect(runningMembership([member({ status: 'cancelled' })])).toBeNull();
    const view = coverageMembership(member({ status: 'trialing', trial_ends_at: '2026-07-01T00:00:00.000Z' }), TERMS, NOW);
    expect(view).toMatchObject({ status: 'active', covered_from: '2026-07-01' });
  });
});
