import { foldStream } from '../../../platform/commands/handle-command.ts';
import { describe, expect, it } from 'vitest';
import type { PlanDefined } from '@acpg/contracts/plans';
import { metaAt } from '../../../../test/command-meta.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { planDecider,  decidePlan, evolvePlan, initialPlanState, type PlanEvent } from './decider.ts';

const monthly: PlanDefined = {
  plan_id: 'monthly',
  name: 'Monthly',
  is_default: true,
  is_active: true,
  amount_cents: 1995,
  setup_fees_cents: 4900,
  recording_fees_cents: 1500,
  trial_months: 1,
};
const given = (...events: PlanEvent[]) => events.reduce(evolvePlan, initialPlanState());
const define = (data: PlanDefined) => ({ type: 'DefinePlan' as const, data, metadata: metaAt('2026-01-01T00:00:00Z') });

describe('plan decider', () => {
  it('given no plan, DefinePlan records the whole plan', () => {
    expect(decidePlan(define(monthly), given())).toEqual([{ type: 'PlanDefined', data: monthly }]);
  });

  it('given the plan, a new price is recorded and becomes the state', () => {
    const cheaper = { ...monthly, amount_cents: 1495 };
    const events = decidePlan(define(cheaper), given({ type: 'PlanDefined', data: monthly }));
    expect(events).toEqual([{ type: 'PlanDefined', data: cheaper }]);
    expect(given({ type: 'PlanDefined', data: monthly }, ...events).plan).toEqual(cheaper);
  });

  it('given the plan, defining it the same again records nothing (the seed on every start)', () => {
    expect(decidePlan(define({ ...monthly }), given({ type: 'PlanDefined', data: monthly }))).toEqual([]);
  });

  it('given a plan with coverage terms, a change without terms keeps them, new terms are recorded, and the same terms again record nothing', () => {
    const coverage = { waiting_period_days: 30, covered_categories: ['inspection' as const], per_claim_limit_cents: 100_000, annual_limit_cents: 200_000 };
    const covered = given({ type: 'PlanDefined', data: { ...monthly, coverage } });
    expect(decidePlan(define({ ...monthly, amount_cents: 1495 }), covered)).toEqual([{ type: 'PlanDefined', data: { ...monthly, amount_cents: 1495, coverage } }]);
    expect(decidePlan(define({ ...monthly }), covered)).toEqual([]);
    expect(decidePlan(define({ ...monthly, coverage: { ...coverage } }), covered)).toEqual([]);
    const longer = { ...coverage, waiting_period_days: 60 };
    expect(decidePlan(define({ ...monthly, coverage: longer }), covered)).toEqual([{ type: 'PlanDefined', data: { ...monthly, coverage: longer } }]);
  });

  it('refuses to turn a Monthly plan into a Yearly one', () => {
    const refuse = () => decidePlan(define({ ...monthly, name: 'Yearly' }), given({ type: 'PlanDefined', data: monthly }));
    expect(refuse).toThrow(DomainError);
    expect(refuse).toThrow('A Monthly plan stays Monthly; define a new plan instead.');
  });

  it('refuses another plan id on the stream', () => {
    expect(() => decidePlan(define({ ...monthly, plan_id: 'other' }), given({ type: 'PlanDefined', data: monthly }))).toThrow('another plan');
  });

  it('reads stored events back, skipping types and shapes it does not know', () => {
    const state = foldStream(planDecider, [
      storedEvent({ type: 'PlanDefined', stream: 'plans-plan-monthly', data: monthly }),
      storedEvent({ type: 'Other', stream: 'plans-plan-monthly', data: {}, version: 2 }),
      storedEvent({ type: 'PlanDefined', stream: 'plans-plan-monthly', data: { plan_id: 'monthly' }, version: 3 }),
    ]);
    expect(state.plan).toEqual(monthly);
  });
});
