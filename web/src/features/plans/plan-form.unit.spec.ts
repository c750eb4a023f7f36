import { describe, expect, it } from 'vitest';
import { planBodyOf, planDraftOf, emptyPlanDraft } from './plan-form.ts';

describe('plan form', () => {
  it('turns dollars into cents and the kind into is_default, and reads a plan back as typed', () => {
    const result = planBodyOf({ ...emptyPlanDraft(), id: 'monthly-2027', amount: '$1,019.95', setup_fees: '49', recording_fees: '15.5', trial_months: '1' });
    expect(result).toEqual({
      ok: true,
      body: { id: 'monthly-2027', name: 'Monthly', is_default: true, is_active: false, amount: 101_995, additional_charges: { recording_fees: 1550, 'setup fees': 4900 }, trial_period: { month: 1 } },
    });
    if (!result.ok) return;
    const { id, ...plan } = result.body;
    expect(planDraftOf({ id, ...plan })).toMatchObject({ id: 'monthly-2027', kind: 'default', amount: '1019.95', setup_fees: '49.00', recording_fees: '15.50', trial_months: '1' });
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
