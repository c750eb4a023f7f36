import { describe, expect, it } from 'vitest';
import { amountDue, type Plan } from '@acpg/contracts/plans';
import { SEEDED_MONTHLY_PLAN } from '../../../../test/plans.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { SEEDED_PLANS } from './seed.ts';
import { planOrder, plansProjection, toPlan } from './projection.ts';

describe('plans read model', () => {
  it('keeps the latest definition of each plan and shows it in the spec shape', () => {
    const [monthly] = SEEDED_PLANS;
    if (!monthly) throw new Error('no seeded plan');
    const stored = storedEvent({ type: 'PlanDefined', stream: 'plans-plan-monthly', data: monthly });
    expect(plansProjection.documentId(stored)).toBe('monthly');
    const doc = plansProjection.evolve(null, stored);
    expect(doc && toPlan(doc)).toEqual(SEEDED_MONTHLY_PLAN);
  });

  it('ignores PlanDefined on a stream that is not a plan', () => {
    expect(plansProjection.documentId(storedEvent({ type: 'PlanDefined', stream: 'content-x', data: SEEDED_PLANS[0] }))).toBeNull();
  });

  it('orders Monthly before Yearly and, per name, the default before its renewal plan', () => {
    const plans = SEEDED_PLANS.map((d) => toPlan({ _id: d.plan_id, ...d })).filter((p): p is Plan => p !== null);
    expect([...plans].reverse().sort(planOrder).map((p) => p.id)).toEqual(['monthly', 'monthly-renewal', 'yearly', 'yearly-renewal']);
  });
});

describe('amountDue', () => {
  const plan = { amount: 1995, additional_charges: { recording_fees: 1500, 'setup fees': 4900 }, trial_period: { month: 1 } };
  it('with a trial: the fees only (the first term is charged when the trial ends)', () => {
    expect(amountDue(plan)).toBe(6400);
  });
  it('without a trial: the fees and the first term', () => {
    expect(amountDue({ ...plan, trial_period: { month: 0 } })).toBe(8395);
  });
});
