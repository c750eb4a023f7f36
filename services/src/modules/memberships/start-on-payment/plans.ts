import { latestPlanOf, nextPlanHistory, PLAN_HISTORY_EVENTS, type PlanDefined, type PlanHistory } from '@acpg/contracts/plans';
import { copyOf, idField, localCopy } from '../../../platform/local-copies/define.ts';
import { findInCopy } from '../../../platform/local-copies/read-copy.ts';
import type { Platform } from '../../../platform/module.ts';

/** Memberships' copy of the plans (the plans module's `PlanDefined` contract events), one document per plan. */
export const plansCopy = localCopy<PlanHistory>({
  module: 'memberships',
  of: 'plans',
  source: 'plans',
  events: PLAN_HISTORY_EVENTS,
  idOf: idField('plan_id'),
  next: nextPlanHistory,
});

/** Every plan as the plans module last defined it (the copy caught up with the log first). */
export const latestPlans = async (platform: Pick<Platform, 'documents' | 'caughtUp'>): Promise<Map<string, PlanDefined>> => {
  const plans = new Map<string, PlanDefined>();
  for (const doc of await findInCopy(platform, plansCopy)) {
    const plan = latestPlanOf(copyOf(doc) as unknown as PlanHistory);
    if (plan) plans.set(plan.plan_id, plan);
  }
  return plans;
};


/** The renewal price of a plan: its name's active non-default plan (spec section 3); the plan's own amount when none. */
export const renewalAmountOf = (plan: PlanDefined, plans: ReadonlyMap<string, PlanDefined>): number => {
  const renewal = [...plans.values()].find((p) => p.name === plan.name && !p.is_default && p.is_active);
  return renewal?.amount_cents ?? plan.amount_cents;
};
