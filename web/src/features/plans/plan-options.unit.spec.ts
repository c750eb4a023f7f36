import { describe, expect, it } from 'vitest';
import type { Plan } from '@acpg/contracts/plans';
import { planOptions } from './plan-options.ts';

const plan = (p: Partial<Plan> & Pick<Plan, 'id' | 'name' | 'is_default' | 'amount'>): Plan => ({
  is_active: true,
  additional_charges: { recording_fees: 2500, 'setup fees': 0 },
  trial_period: { month: 0 },
  ...p,
});
const PLANS = [
  plan({ id: 'm', name: 'Monthly', is_default: true, amount: 1999, additional_charges: { recording_fees: 2500, 'setup fees': 4900 }, trial_period: { month: 1 } }),
  plan({ id: 'm-r', name: 'Monthly', is_default: false, amount: 2499 }),
  plan({ id: 'y', name: 'Yearly', is_default: true, amount: 19900, additional_charges: { recording_fees: 3000, 'setup fees': 1000 } }),
  plan({ id: 'y-r', name: 'Yearly', is_default: false, amount: 22900 }),
];

describe('plan picker choices', () => {
  it('offers Monthly then Yearly from their default plans, with the renewal price of the non-default ones', () => {
    const [monthly, yearly] = planOptions(PLANS);
    expect(monthly).toMatchObject({ entry: { id: 'm', amount: 1999, trial_period: 1 }, term: 'month', renewal: 2499 });
    expect(yearly).toMatchObject({ entry: { id: 'y', amount: 19900, trial_period: 0 }, term: 'year', renewal: 22900 });
  });

  it("shows each plan's fees and what is due today: fees only during a trial, fees and the first term without one", () => {
    const [monthly, yearly] = planOptions(PLANS);
    expect(monthly).toMatchObject({ setupFee: 4900, recordingFee: 2500, dueToday: 2500 + 4900 });
    expect(yearly).toMatchObject({ setupFee: 1000, recordingFee: 3000, dueToday: 3000 + 1000 + 19900 });
  });

  it('states the next charge and its date: the first term when a trial ends, else the renewal a term from today', () => {
    const now = new Date('2026-01-31T10:00:00.000Z');
    const [monthly, yearly] = planOptions(PLANS, now);
    expect(monthly?.terms).toMatchObject({ term: 'month', due_today_cents: 7400, first_term_today: false, next_charge_cents: 1999, renewal_cents: 2499 });
    expect(monthly?.terms?.next_charge_at.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(yearly?.terms).toMatchObject({ term: 'year', due_today_cents: 23900, first_term_today: true, next_charge_cents: 22900, renewal_cents: 22900 });
    expect(yearly?.terms?.next_charge_at.toISOString()).toBe('2027-01-31T10:00:00.000Z');
    // An inactive renewal plan gives no price: the plan's own price is the renewal price.
    const [noRenewal] = planOptions(PLANS.map((p) => (p.id === 'm-r' ? { ...p, is_active: false } : p)), now);
    expect(noRenewal?.terms).toMatchObject({ next_charge_cents: 1999, renewal_cents: 1999 });
  });

  it('offers nothing for a name without a default plan', () => {
    expect(planOptions(PLANS.filter((p) => p.name === 'Yearly')).map((o) => o.entry.name)).toEqual(['Yearly']);
    expect(planOptions([])).toEqual([]);
  });
});
