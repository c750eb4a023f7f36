import { PLAN_NAMES, type PlanDefined, type PlanName } from '@acpg/contracts/plans';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Schedule } from '../../../platform/schedules/port.ts';
import { sweepDue } from '../../../platform/schedules/sweep.ts';
import { membershipDecider, membershipStream, type PriceNow } from '../membership/decider.ts';
import { MEMBERSHIPS_COLLECTION } from '../mine/projection.ts';
import { latestPlans } from '../start-on-payment/plans.ts';

export const RENEWALS_ACTOR = 'memberships.renewals';
/** How often the renewals look at the clock: a renewal is charged within a minute of its time. */
export const RENEWALS_EVERY_MS = 60_000;

/** Each plan name's renewal price now: its active renewal (non-default) plan, else its active default plan. */
export const renewalPrices = (plans: ReadonlyMap<string, PlanDefined>): Partial<Record<PlanName, PriceNow>> => {
  const prices: Partial<Record<PlanName, PriceNow>> = {};
  for (const name of PLAN_NAMES) {
    const active = [...plans.values()].filter((p) => p.name === name && p.is_active);
    const plan = active.find((p) => !p.is_default) ?? active.find((p) => p.is_default);
    if (plan) prices[name] = { plan_id: plan.plan_id, amount_cents: plan.amount_cents };
  }
  return prices;
};

/**
 * Every membership whose renewal time has come (the read model finds them; the stream decides): charges due, retries
 * on day 3 and day 7, past due ends after 7 days, cancellations at the period end. Idempotent: the decider appends
 * nothing for a membership with nothing due (or a charge still with the gateway).
 */
export const runRenewals = async (platform: Platform): Promise<number> => {
  const now = platform.clock();
  const plans = await latestPlans(platform);
  const renewal_prices = renewalPrices(plans);
  const sweep = {
    collection: MEMBERSHIPS_COLLECTION,
    filter: { status: { $in: ['trialing', 'active', 'past_due'] }, next_renewal_at: { $lte: now.toISOString() } },
    sort: { next_renewal_at: 1, _id: 1 },
    idName: 'membershipId',
    // One membership that cannot renew (no price for its plan name) must not hold up the others.
    failed: 'renewals: could not run for this membership',
  } as const;
  return sweepDue(platform, sweep, async (doc) => {
    const plan = plans.get(String(doc.plan_id));
    const first_term = plan ? { plan_id: plan.plan_id, amount_cents: plan.amount_cents } : null;
    const { events } = await handleCommand(
      platform.eventStore,
      membershipStream(doc._id),
      membershipDecider,
      { type: 'RunRenewals', data: { renewal_prices, first_term }, metadata: systemMeta(platform, { actor: RENEWALS_ACTOR }) },
      { retries: 3 },
    );
    return events.length;
  });
};

export const renewalsSchedule: Schedule = {
  name: 'memberships.renewals',
  everyMs: RENEWALS_EVERY_MS,
  run: async (platform) => {
    await runRenewals(platform);
  },
};

