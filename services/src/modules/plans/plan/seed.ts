import type { PlanCoverage } from '@acpg/contracts/coverage';
import type { PlanDefined } from '@acpg/contracts/plans';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { seedStream } from '../../../platform/commands/seed-stream.ts';
import type { Platform } from '../../../platform/module.ts';
import { planDecider, planStream } from './decider.ts';

/**
 * The plans a fresh installation sells (the spec shows no prices: these are ours, in cents). Per name, the default
 * plan is sold at sign-up; the other one gives the renewal price, which is the same as the plan's price: one price per
 * plan, so a member renews, and an existing member switches, at the price a new member sees.
 */
/**
 * What the seeded plans cover: a 30-day waiting period (DECISIONS.md), repairs and inspections on every plan, and title
 * fraud legal fees with higher limits on Yearly. Renewal plans cover what their name's plan covers.
 */
export const MONTHLY_COVERAGE: PlanCoverage = {
  waiting_period_days: 30,
  covered_categories: ['hazard_damage_repair', 'inspection', 'emergency_repairs'],
  per_claim_limit_cents: 250_000,
  annual_limit_cents: 500_000,
};
export const YEARLY_COVERAGE: PlanCoverage = {
  waiting_period_days: 30,
  covered_categories: ['hazard_damage_repair', 'inspection', 'emergency_repairs', 'title_fraud_legal_fees'],
  per_claim_limit_cents: 500_000,
  annual_limit_cents: 1_000_000,
};

export const SEEDED_PLANS: readonly PlanDefined[] = [
  { plan_id: 'monthly', name: 'Monthly', is_default: true, is_active: true, amount_cents: 1_995, setup_fees_cents: 4_900, recording_fees_cents: 1_500, trial_months: 1, coverage: MONTHLY_COVERAGE },
  { plan_id: 'monthly-renewal', name: 'Monthly', is_default: false, is_active: true, amount_cents: 1_995, setup_fees_cents: 0, recording_fees_cents: 0, trial_months: 0, coverage: MONTHLY_COVERAGE },
  { plan_id: 'yearly', name: 'Yearly', is_default: true, is_active: true, amount_cents: 19_900, setup_fees_cents: 0, recording_fees_cents: 1_500, trial_months: 0, coverage: YEARLY_COVERAGE },
  { plan_id: 'yearly-renewal', name: 'Yearly', is_default: false, is_active: true, amount_cents: 19_900, setup_fees_cents: 0, recording_fees_cents: 0, trial_months: 0, coverage: YEARLY_COVERAGE },
];

/** Defines each seeded plan once: a plan that exists (seeded or changed since) is left alone. */
export const seedPlans = async (platform: Platform): Promise<void> => {
  const metadata = systemMeta(platform, { actor: 'seed' });
  for (const plan of SEEDED_PLANS) {
    await seedStream(platform.eventStore, planStream(plan.plan_id), planDecider, [{ type: 'DefinePlan', data: plan, metadata }]);
  }
};
