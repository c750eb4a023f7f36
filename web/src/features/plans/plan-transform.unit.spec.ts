import { describe, expect, it } from 'vitest';
import { transformPlans, type ApiPlan } from './plan-transform.ts';

const plan = (p: Partial<ApiPlan> & Pick<ApiPlan, 'id' | 'name' | 'is_default' | 'amount'>): ApiPlan => ({
  is_active: true,
  additional_charges: { recording_fees: 0, 'setup fees': 0 },
  trial_period: { month: 0 },
  ...p,
});

const monthlyDefault = plan({ id: 'm-default', name: 'Monthly', is_default: true, amount: 1999, additional_charges: { recording_fees: 2500, 'setup fees': 4900 }, trial_period: { month: 1 } });
const monthlyRenewal = plan({ id: 'm-renewal', name: 'Monthly', is_default: false, amount: 2499, additional_charges: { recording_fees: 9999, 'setup fees': 9999 }, trial_period: { month: 9 } });
const yearlyDefault = plan({ id: 'y-default', name: 'Yearly', is_default: true, amount: 19900, additional_charges: { recording_fees: 3000, 'setup fees': 0 }, trial_period: { month: 2 } });
const yearlyRenewal = plan({ id: 'y-renewal', name: 'Yearly', is_default: false, amount: 22900, trial_period: { month: 7 } });
const ALL = [monthlyRenewal, yearlyRenewal, monthlyDefault, yearlyDefault];

describe('plan transform (spec section 3, "Plan data")', () => {
  it('answers recording_fees, monthly_plans and yearly_plans, nothing else', () => {
    expect(Object.keys(transformPlans(ALL)).sort()).toEqual(['monthly_plans', 'recording_fees', 'yearly_plans']);
  });

  it('takes amount, id, setup fees and trial months from the default plan of each name, whatever the order', () => {
    const { monthly_plans, yearly_plans } = transformPlans(ALL);
    expect(monthly_plans).toMatchObject({ id: 'm-default', amount: 1999, setup_fees: 4900, trial_period: 1 });
    expect(yearly_plans).toMatchObject({ id: 'y-default', amount: 19900, trial_period: 2 });
    expect(transformPlans([...ALL].reverse())).toEqual(transformPlans(ALL));
  });

  it('takes the renewal amount from the non-default plan of each name', () => {
    const { monthly_plans, yearly_plans } = transformPlans(ALL);
    expect(monthly_plans?.monthly_renewal_plans).toBe(2499);
    expect(yearly_plans?.yearly_renewal_plans).toBe(22900);
  });

  it('gives every entry name, is_active, amount, id and trial_period', () => {
    const { monthly_plans, yearly_plans } = transformPlans([{ ...monthlyDefault, is_active: false }, monthlyRenewal, yearlyDefault, yearlyRenewal]);
    for (const entry of [monthly_plans, yearly_plans]) expect(entry).toEqual(expect.objectContaining({ name: expect.any(String), is_active: expect.any(Boolean), amount: expect.any(Number), id: expect.any(String), trial_period: expect.any(Number) }));
    expect(monthly_plans?.name).toBe('Monthly');
    expect(monthly_plans?.is_active).toBe(false);
    expect(yearly_plans?.name).toBe('Yearly');
  });

  it('adds additional_charges, setup_fees and monthly_renewal_plans to Monthly only', () => {
    const { monthly_plans, yearly_plans } = transformPlans(ALL);
    expect(monthly_plans).toEqual({
      name: 'Monthly',
      is_active: true,
      amount: 1999,
      id: 'm-default',
      trial_period: 1,
      additional_charges: { recording_fees: 2500, 'setup fees': 4900 },
      setup_fees: 4900,
      monthly_renewal_plans: 2499,
    });
    expect(yearly_plans).not.toHaveProperty('additional_charges');
    expect(yearly_plans).not.toHaveProperty('setup_fees');
    expect(yearly_plans).not.toHaveProperty('monthly_renewal_plans');
  });

  it('adds yearly_renewal_plans to Yearly only', () => {
    const { monthly_plans, yearly_plans } = transformPlans(ALL);
    expect(yearly_plans).toEqual({ name: 'Yearly', is_active: true, amount: 19900, id: 'y-default', trial_period: 2, yearly_renewal_plans: 22900 });
    expect(monthly_plans).not.toHaveProperty('yearly_renewal_plans');
  });

  it('reads recording_fees from the Monthly default, else the Yearly default, else 0', () => {
    expect(transformPlans(ALL).recording_fees).toBe(2500);
    expect(transformPlans([yearlyDefault, yearlyRenewal]).recording_fees).toBe(3000);
    expect(transformPlans([]).recording_fees).toBe(0);
  });

  it('has no entry for a name without a default plan, and no renewal amount without a non-default plan', () => {
    const onlyDefaults = transformPlans([monthlyDefault, yearlyDefault]);
    expect(onlyDefaults.monthly_plans?.monthly_renewal_plans).toBeNull();
    expect(onlyDefaults.yearly_plans?.yearly_renewal_plans).toBeNull();
    expect(transformPlans([monthlyRenewal, yearlyDefault]).monthly_plans).toBeNull();
  });

  it('prefers an active renewal plan when a name has several non-default plans', () => {
    const retired = { ...monthlyRenewal, id: 'm-old', amount: 1500, is_active: false };
    expect(transformPlans([retired, monthlyDefault, monthlyRenewal]).monthly_plans?.monthly_renewal_plans).toBe(2499);
  });

  it('copies additional_charges instead of sharing the response object', () => {
    const out = transformPlans(ALL);
    expect(out.monthly_plans?.additional_charges).not.toBe(monthlyDefault.additional_charges);
  });
});
