import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_COVERAGE } from '@acpg/contracts/coverage';
import { planBodyOf, planDraftOf, emptyPlanDraft } from './plan-form.ts';

describe('plan form', () => {
  it('turns dollars into cents and the kind into is_default, and reads a plan back as typed', () => {
    const result = planBodyOf({ ...emptyPlanDraft(), id: 'monthly-2027', amount: '$1,019.95', setup_fees: '49', recording_fees: '15.5', trial_months: '1' });
    expect(result).toEqual({
      ok: true,
      body: { id: 'monthly-2027', name: 'Monthly', is_default: true, is_active: false, amount: 101_995, additional_charges: { recording_fees: 1550, 'setup fees': 4900 }, trial_period: { month: 1 }, coverage: DEFAULT_PLAN_COVERAGE },
    });
    if (!result.ok) return;
    const { id, ...plan } = result.body;
    expect(planDraftOf({ id, ...plan })).toMatchObject({ id: 'monthly-2027', kind: 'default', amount: '1019.95', setup_fees: '49.00', recording_fees: '15.50', trial_months: '1' });
  });

  it('turns the coverage terms into days and cents, and reads them back', () => {
    const draft = { ...emptyPlanDraft(), id: 'yearly-2027', amount: '199', waiting_period_days: '14', covered_categories: ['inspection' as const, 'other' as const], per_claim_limit: '1,500', annual_limit: '$3000.50' };
    const result = planBodyOf(draft);
    expect(result).toMatchObject({ ok: true, body: { coverage: { waiting_period_days: 14, covered_categories: ['inspection', 'other'], per_claim_limit_cents: 150_000, annual_limit_cents: 300_050 } } });
    if (!result.ok) return;
    const { id, ...plan } = result.body;
    expect(planDraftOf({ id, ...plan })).toMatchObject({ waiting_period_days: '14', covered_categories: ['inspection', 'other'], per_claim_limit: '1500.00', annual_limit: '3000.50' });
    expect(planBodyOf({ ...draft, waiting_period_days: '366', covered_categories: [], per_claim_limit: '0.50', annual_limit: 'lots' })).toEqual({
      ok: false,
      errors: {
        waiting_period_days: 'Enter the waiting period in days, 0 to 365.',
        covered_categories: 'Choose at least one kind of expense the plan covers.',
        per_claim_limit: 'Enter the limit per claim in dollars, from 1.00 to 100,000.00.',
        annual_limit: 'Enter the limit per year in dollars, from 1.00 to 100,000.00.',
      },
    });
    expect(planBodyOf({ ...draft, per_claim_limit: '5000' })).toMatchObject({ ok: false, errors: { per_claim_limit: 'The limit per claim is at most the limit per year.' } });
  });

  it('names each field to fix', () => {
    expect(planBodyOf({ ...emptyPlanDraft(), id: 'Monthly Plan', amount: '19.999', setup_fees: '-1', trial_months: '25' })).toEqual({
      ok: false,
      errors: {
        id: 'Use lower-case letters, digits and hyphens (at most 63), like monthly-2027.',
        amount: 'Enter the price in dollars, like 19.95 (at most $999,999.99).',
        setup_fees: 'Enter the setup fee in dollars, like 19.95 (at most $999,999.99).',
        trial_months: 'Enter the free months, 0 to 24.',
      },
    });
    expect(planBodyOf({ ...emptyPlanDraft(), id: 'x', amount: '1000000' })).toMatchObject({ ok: false, errors: { amount: expect.any(String) } });
  });
});
