import { z } from 'zod';
import { AccountRegistered } from '@acpg/contracts/identity';
import { PlanDefined } from '@acpg/contracts/plans';
import type { Platform } from '../../../platform/module.ts';

/**
 * What a receipt needs from other modules, read from their events (the contracts), never from their code:
 * the plan as the plans module defined it when the checkout started, and the payer's name and email.
 */

/** The plan's definition in force at `at` (the last `PlanDefined` at or before it; the first one if all are later). */
export const planAsOf = async (platform: Pick<Platform, 'eventStore'>, planId: string, at: string): Promise<PlanDefined | null> => {
  const history = await platform.eventStore.readStream(`plans-plan-${planId}`);
  let found: PlanDefined | null = null;
  for (const event of history) {
    if (event.type !== 'PlanDefined') continue;
    const plan = PlanDefined.safeParse(event.data);
    if (!plan.success || plan.data.plan_id !== planId) continue;
    if (found && event.occurredAt > at) break;
    found = plan.data;
  }
  return found;
};

export interface Payer {
  full_name: string;
  email: string;
}

const NameChanged = z.object({ full_name: z.string().min(1) });
const EmailChanged = z.object({ email: z.string().min(1) });

/** The account's current name and email (`AccountRegistered`, then the latest name and email changes), or null. */
export const payerOf = async (platform: Pick<Platform, 'eventStore'>, accountId: string): Promise<Payer | null> => {
  const payer: Partial<Payer> = {};
  for (const event of await platform.eventStore.readStream(`identity-account-${accountId}`)) {
    if (event.type === 'AccountRegistered') {
      const registered = AccountRegistered.safeParse(event.data);
      if (registered.success) Object.assign(payer, { full_name: registered.data.full_name, email: registered.data.email });
    } else if (event.type === 'AccountNameChanged') {
      const changed = NameChanged.safeParse(event.data);
      if (changed.success) payer.full_name = changed.data.full_name;
    } else if (event.type === 'AccountEmailChanged') {
      const changed = EmailChanged.safeParse(event.data);
      if (changed.success) payer.email = changed.data.email;
    }
  }
  return payer.full_name && payer.email ? { full_name: payer.full_name, email: payer.email } : null;
};
