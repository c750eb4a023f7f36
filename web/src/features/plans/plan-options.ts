import type { PlanCoverage } from '@acpg/contracts/coverage';
import { amountDue, planTermsOf, renewalAmountOf, type Plan, type PlanTerms } from '@acpg/contracts/plans';
import { transformPlans, type MonthlyPlanEntry, type YearlyPlanEntry } from './plan-transform.ts';

/** One choice of the picker. */
export interface PlanOption {
  entry: MonthlyPlanEntry | YearlyPlanEntry;
  term: 'month' | 'year';
  setupFee: number;
  recordingFee: number;
  renewal: number | null;
  dueToday: number;
  /** Due today, the next charge and its date, every later term's price (as the server charges them). */
  terms: PlanTerms | null;
  /** What the membership pays for (the plan's coverage terms), as the plans module holds them. */
  coverage: PlanCoverage | null;
}

/** The two choices of spec section 3's transform, with what the picker also shows (setup fee and due today by id). */
export function planOptions(plans: readonly Plan[], now: Date = new Date()): PlanOption[] {
  const data = transformPlans(plans);
  const raw = (id: string) => plans.find((p) => p.id === id);
  const termsOf = (plan: Plan | undefined) => (plan ? planTermsOf(plan, renewalAmountOf(plans, plan.name), now) : null);
  const out: PlanOption[] = [];
  if (data.monthly_plans) {
    const m = data.monthly_plans;
    const plan = raw(m.id);
    out.push({ entry: m, term: 'month', setupFee: m.setup_fees, recordingFee: m.additional_charges.recording_fees, renewal: m.monthly_renewal_plans, dueToday: plan ? amountDue(plan) : 0, terms: termsOf(plan), coverage: plan?.coverage ?? null });
  }
  if (data.yearly_plans) {
    const y = data.yearly_plans;
    const plan = raw(y.id);
    out.push({ entry: y, term: 'year', setupFee: plan?.additional_charges['setup fees'] ?? 0, recordingFee: plan?.additional_charges.recording_fees ?? 0, renewal: y.yearly_renewal_plans, dueToday: plan ? amountDue(plan) : 0, terms: termsOf(plan), coverage: plan?.coverage ?? null });
  }
  return out;
}
