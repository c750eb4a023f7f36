import { PlanDefined } from '@acpg/contracts/plans';
import type { Platform } from '../../../platform/module.ts';

const PLAN_STREAM_PREFIX = 'plans-plan-';

/** Every plan as the plans module last defined it, from its `PlanDefined` events (the contract, not its code). */
export const latestPlans = async (platform: Pick<Platform, 'eventStore'>): Promise<Map<string, PlanDefined>> => {
  const plans = new Map<string, PlanDefined>();
  for (let after = 0; ; ) {
    const batch = await platform.eventStore.readAll({ after, limit: 1000, types: ['PlanDefined'] });
    for (const event of batch) {
      const plan = PlanDefined.safeParse(event.data);
      if (plan.success && event.stream === `${PLAN_STREAM_PREFIX}${plan.data.plan_id}`) plans.set(plan.data.plan_id, plan.data);
    }
    if (batch.length < 1000) return plans;
    after = batch[batch.length - 1]!.position;
  }
};

/** The renewal price of a plan: its name's active non-default plan (spec section 3); the plan's own amount when none. */
export const renewalAmountOf = (plan: PlanDefined, plans: ReadonlyMap<string, PlanDefined>): number => {
  const renewal = [...plans.values()].find((p) => p.name === plan.name && !p.is_default && p.is_active);
  return renewal?.amount_cents ?? plan.amount_cents;
};
