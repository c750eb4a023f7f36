import { PaymentSucceeded } from '@acpg/contracts/payments';
import { z } from 'zod';
import { handleCommand, isAlreadyExists } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import { membershipDecider, membershipStream } from '../membership/decider.ts';
import { latestPlans, renewalAmountOf } from './plans.ts';

export const START_MEMBERSHIP_ACTOR = 'memberships.start-on-payment';

/**
 * Starts the membership a `PaymentSucceeded` bought, once: its stream is named after the checkout, so a job run
 * again (or the same payment delivered again) finds it started and does nothing. Answers whether it started it.
 */
export const startMembershipFor = async (platform: Platform, payment: StoredEvent): Promise<boolean> => {
  const parsed = PaymentSucceeded.safeParse(payment.data);
  if (!parsed.success) throw new PermanentJobError(`PaymentSucceeded ${payment.id} does not fit the contract: ${z.prettifyError(parsed.error)}`);
  const paid = parsed.data;
  if (paid.renewal) return false; // a renewal's charge: recorded by renewals/outcome.ts, never a new membership
  const plans = await latestPlans(platform);
  const plan = plans.get(paid.plan_id);
  // Payments charged for a plan that existed: our copy of the plans is behind, so the job tries again later.
  if (!plan) throw new Error(`PaymentSucceeded ${payment.id} names plan ${paid.plan_id}, not in memberships' copy of the plans yet`);
  try {
    await handleCommand(
      platform.eventStore,
      membershipStream(paid.checkout_id),
      membershipDecider,
      {
        type: 'StartMembership',
        data: {
          membership_id: paid.checkout_id,
          checkout_id: paid.checkout_id,
          account_id: paid.account_id,
          plan: { plan_id: plan.plan_id, name: plan.name, amount_cents: plan.amount_cents, trial_months: plan.trial_months },
          renewal_amount_cents: renewalAmountOf(plan, plans),
          paid_cents: paid.amount_cents,
          paid_at: paid.paid_at,
          card_brand: paid.card_brand,
          card_last4: paid.card_last4,
          ...(paid.payment_method_id ? { payment_method_id: paid.payment_method_id } : {}),
        },
        metadata: systemMeta(platform, { actor: START_MEMBERSHIP_ACTOR, cause: payment }),
      },
      { newStream: true },
    );
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
};
