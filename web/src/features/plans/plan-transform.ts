// The plan transform of spec section 3 ("Plan data"), exactly: the plans list of GET /api/v1/plans becomes
// recording_fees, monthly_plans and yearly_plans. Amounts stay integer cents, as the API answers them.

import type { Plan, PlanName } from '@acpg/contracts/plans';

/** One plan of the plans response (spec: name, is_default, amount, id, additional_charges, trial_period.month). */
export type ApiPlan = Plan;

/** What every entry has: name, is_active, amount, id, trial_period (the default plan's trial months). */
export interface PlanEntry {
  name: PlanName;
  is_active: boolean;
  amount: number;
  id: string;
  trial_period: number;
}

/** Monthly adds additional_charges, setup_fees and monthly_renewal_plans (the non-default plan's amount). */
export interface MonthlyPlanEntry extends PlanEntry {
  name: 'Monthly';
  additional_charges: ApiPlan['additional_charges'];
  setup_fees: number;
  monthly_renewal_plans: number | null;
}

/** Yearly adds yearly_renewal_plans (the non-default plan's amount). */
export interface YearlyPlanEntry extends PlanEntry {
  name: 'Yearly';
  yearly_renewal_plans: number | null;
}

export interface PlanData {
  recording_fees: number;
  monthly_plans: MonthlyPlanEntry | null;
  yearly_plans: YearlyPlanEntry | null;
}

const defaultOf = (plans: readonly ApiPlan[], name: PlanName) => plans.find((p) => p.name === name && p.is_default);

/** The renewal plan of a name: its non-default plan (an active one first, when there are several). */
const renewalOf = (plans: readonly ApiPlan[], name: PlanName) => {
  const others = plans.filter((p) => p.name === name && !p.is_default);
  return others.find((p) => p.is_active) ?? others[0];
};

/** The default plan of a name gives amount, id and trial months. */
const entryOf = <N extends PlanName>(plan: ApiPlan & { name: N }): PlanEntry & { name: N } => ({
  name: plan.name,
  is_active: plan.is_active,
  amount: plan.amount,
  id: plan.id,
  trial_period: plan.trial_period.month,
});

const isNamed = <N extends PlanName>(plan: ApiPlan | undefined, name: N): plan is ApiPlan & { name: N } => plan?.name === name;

export function transformPlans(plans: readonly ApiPlan[]): PlanData {
  const monthly = defaultOf(plans, 'Monthly');
  const yearly = defaultOf(plans, 'Yearly');
  const monthlyRenewal = renewalOf(plans, 'Monthly');
  const yearlyRenewal = renewalOf(plans, 'Yearly');
  return {
    // The spec names recording_fees at the top without saying whose: the Monthly default's, else the Yearly default's.
    recording_fees: (monthly ?? yearly)?.additional_charges.recording_fees ?? 0,
    monthly_plans: isNamed(monthly, 'Monthly')
      ? {
          ...entryOf(monthly),
          additional_charges: { ...monthly.additional_charges },
          setup_fees: monthly.additional_charges['setup fees'],
          monthly_renewal_plans: monthlyRenewal?.amount ?? null,
        }
      : null,
    yearly_plans: isNamed(yearly, 'Yearly') ? { ...entryOf(yearly), yearly_renewal_plans: yearlyRenewal?.amount ?? null } : null,
  };
}
