import { describe, expect, it } from 'vitest';
import { coverageInWords } from '@acpg/contracts/coverage';

describe('what a plan covers, in words (the plan cards)', () => {
  it('names the kinds, the limits and from when', () => {
    expect(coverageInWords({ waiting_period_days: 30, covered_categories: ['hazard_damage_repair', 'inspection', 'title_fraud_legal_fees'], per_claim_limit_cents: 500_000, annual_limit_cents: 1_000_050 })).toBe(
      'Hazard damage repair, inspection and title fraud legal fees, up to $5,000 a claim and $10,000.50 a year, for expenses from 30 days after the membership starts.',
    );
    expect(coverageInWords({ waiting_period_days: 0, covered_categories: ['other'], per_claim_limit_cents: 10_000, annual_limit_cents: 10_000 })).toBe('Other, up to $100 a claim and $100 a year, from the day the membership starts.');
  });
});
