import { describe, expect, it } from 'vitest';
import type { ClaimCoverage } from '@acpg/contracts/reimbursement';
import { coverageFacts, coverageNotice } from './coverage-text.ts';

const coverage: ClaimCoverage = {
  membership: { membership_id: 'm-1', plan_id: 'yearly', plan_name: 'Yearly', status: 'trialing', started_at: '2026-06-01T12:00:00.000Z', trial_ends_at: '2026-07-01T12:00:00.000Z', covered_from: '2026-07-01' },
  terms: { waiting_period_days: 30, covered_categories: ['inspection', 'emergency_repairs'], per_claim_limit_cents: 250_000, annual_limit_cents: 500_000 },
  terms_of: { from: '2026-06-01T12:00:00.000Z', why: 'start', known: true },
  year: { from: '2026-06-01', to: '2027-06-01' },
  used_cents: 120_000,
  pending_cents: 45_000,
  left_cents: 380_000,
  property_accounts: 2,
  flags: [],
};

describe('coverage in words', () => {
  it('tells the member what the plan covers, from when, and what is left this year', () => {
    expect(coverageNotice(coverage)).toBe(
      'Your Yearly plan covers inspection and emergency repairs, for expenses from 07-01-2026 (30 days after your membership started on 06-01-2026). It pays up to $2,500.00 a claim; $3,800.00 is left of $5,000.00 for this membership year.',
    );
    expect(coverageNotice({ ...coverage, membership: null, terms: null })).toBeNull();
  });

  it("gives the reviewer the claimant's membership, trial, terms, use and the property's accounts", () => {
    expect(Object.fromEntries(coverageFacts(coverage))).toEqual({
      Membership: 'Yearly, in its free trial',
      Plan: 'yearly',
      Started: '06-01-2026',
      'Free trial': 'Until 07-01-2026',
      'Terms used': "The plan's terms as of 06-01-2026, when the membership started",
      'Covered from': '07-01-2026 (waiting period of 30 days)',
      Covers: 'Inspection, Emergency repairs',
      'Limit per claim': '$2,500.00',
      'Membership year': '06-01-2026 to 06-01-2027, limit $5,000.00',
      'Used this year': '$1,200.00',
      'Left this year': '$3,800.00',
      'Other open claims': '$450.00',
      'Accounts that verified the property': '2',
    });
    const renewed = Object.fromEntries(coverageFacts({ ...coverage, terms_of: { from: '2026-09-01T12:00:00.000Z', why: 'renewal', known: true } }));
    expect(renewed['Terms used']).toBe("The plan's terms as of 09-01-2026, when the membership last renewed before the expense");
    expect(Object.fromEntries(coverageFacts({ ...coverage, terms_of: { from: '2026-09-01T12:00:00.000Z', why: 'start', known: false } }))['Terms used']).toBe('The default terms (the plan is not known)');
    expect(coverageFacts({ ...coverage, membership: null })).toEqual([['Membership', 'None running: the claimant has no membership that covers this claim.']]);
  });
});
