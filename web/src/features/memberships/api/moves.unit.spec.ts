import { describe, expect, it } from 'vitest';
import type { Plan } from '@acpg/contracts/plans';
import { renewalPrices } from './moves.ts';

const plan = (id: string, name: Plan['name'], is_default: boolean, amount: number, is_active = true): Plan => ({
  id,
  name,
  is_default,
  is_active,
  amount,
  additional_charges: { recording_fees: 0, 'setup fees': 0 },
  trial_period: { month: 0 },
});

describe('renewal prices a switch shows', () => {
  it("each name's active renewal plan, else its active default plan; inactive plans never", () => {
    expect(
      renewalPrices([
        plan('monthly', 'Monthly', true, 1995),
        plan('monthly-renewal', 'Monthly', false, 2495),
        plan('yearly', 'Yearly', true, 19_900),
        plan('yearly-renewal', 'Yearly', false, 23_900, false),
      ]),
    ).toEqual({ Monthly: 2495, Yearly: 19_900 });
    expect(renewalPrices([plan('yearly', 'Yearly', true, 19_900, false)])).toEqual({});
  });
});
