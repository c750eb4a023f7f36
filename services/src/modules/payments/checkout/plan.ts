import { PlanDefined } from '@acpg/contracts/plans';
import type { Platform } from '../../../platform/module.ts';

/**
 * A plan as the plans module last defined it, read from its events (`PlanDefined` on `plans-plan-<id>`, the
 * contract of `@acpg/contracts/plans`): never a read model that may lag behind a price change.
 */
export const planById = async (platform: Pick<Platform, 'eventStore'>, planId: string): Promise<PlanDefined | null> => {
  const history = await platform.eventStore.readStream(`plans-plan-${planId}`);
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i];
    if (event?.type !== 'PlanDefined') continue;
    const plan = PlanDefined.safeParse(event.data);
    if (plan.success && plan.data.plan_id === planId) return plan.data;
  }
  return null;
};
