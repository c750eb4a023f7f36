import { describe, expect, it } from 'vitest';
import type { Plan } from '@acpg/contracts/plans';
import { priceOf, SERVICE_PATHS } from './service-offers.ts';

const plan = (name: 'Monthly' | 'Yearly', amount: number, over: Partial<Plan> = {}): Plan => ({
  id: `${name}-${amount}`,
  name,
  is_default: true,
  is_active: true,
  amount,
  additional_charges: { recording_fees: 0, 'setup fees': 0 },
  trial_period: { month: 0 },
  ...over,
});
const none = { plans: null, reportTypes: null, equity: null };

describe('service prices read from the plans, report types and Equity Protect pricing', () => {
  it('a membership is priced from its default, active plans', () => {
    const plans = [plan('Monthly', 1499), plan('Yearly', 14900), plan('Monthly', 999, { is_default: false }), plan('Yearly', 100, { is_active: false, is_default: true, id: 'old' })];
    expect(priceOf('membership', { ...none, plans })).toBe('From $14.99/month or $149/year');
    expect(priceOf('membership', { ...none, plans: [plan('Monthly', 2000)] })).toBe('From $20/month');
    expect(priceOf('membership', { ...none, plans: [] })).toBeNull();
    expect(priceOf('membership', none)).toBeNull();
  });

  it('an NHD report from its cheapest active type', () => {
    const types = [
      { code: 1, name: 'Basic', description: '', price_cents: 4999, is_active: true },
      { code: 2, name: 'Full', description: '', price_cents: 8900, is_active: true },
      { code: 3, name: 'Old', description: '', price_cents: 100, is_active: false },
    ];
    expect(priceOf('nhd-report', { ...none, reportTypes: types })).toBe('From $49.99 per report');
    expect(priceOf('nhd-report', { ...none, reportTypes: types.slice(1) })).toBe('$89 per report');
  });

  it('Equity Protect from its yearly price and the plans that include it', () => {
    expect(priceOf('equity-protect', { ...none, equity: { annual_price_cents: 9900, included_plan_names: ['Yearly'], features: [] } })).toBe('$99/year per property, included with the Yearly membership');
    expect(priceOf('equity-protect', { ...none, equity: { annual_price_cents: 0, included_plan_names: [], features: [] } })).toBe('Free');
  });

  it('each service leads where it is bought', () => {
    expect(SERVICE_PATHS).toEqual({ membership: '/subscription-plan', 'equity-protect': '/equity-protect', 'nhd-report': '/nhd-order', reimbursement: '/property-reimbursement' });
  });
});
