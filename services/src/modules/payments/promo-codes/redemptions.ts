import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { loadCheckout } from '../checkout/commands.ts';
import { redeemPromo, releasePromo } from './commands.ts';

/** The queue that settles promo code reservations. */
export const PROMO_REDEMPTIONS_QUEUE = 'payments-promo-redemptions';
/** A checkout with a promo code still waiting for its payment this long after it started is abandoned. */
export const PROMO_ABANDON_AFTER_MS = 30 * 60 * 1000;

const SettleJob = z.object({ checkout_id: z.string(), abandon: z.boolean() });
const REACTION = 'payments.promo-redemptions';
const retries = { attempts: 8, backoffMs: 1000, what: 'promo redemption job' };
/** A payment's outcome settles the reservation. */
const settleJob = defineJob({ queue: PROMO_REDEMPTIONS_QUEUE, name: 'settle', data: SettleJob, ...retries });
/** The 30-minute check after the start (the same data and worker as `settle`, its own name in the queue). */
const abandonCheckJob = defineJob({ queue: PROMO_REDEMPTIONS_QUEUE, name: 'release-if-abandoned', data: SettleJob, ...retries });

/**
 * A checkout that used a code: its payment's outcome settles the reservation (succeeded: redeemed; failed: released),
 * and a check 30 minutes after the start releases it when the payment is still under way (abandoned). The job reads
 * the checkout's state when it runs, so a late or repeated job settles from the truth.
 */
export const promoRedemptionsReaction: Reaction = {
  name: REACTION,
  handles: ['CheckoutStarted', 'PaymentSucceeded', 'PaymentFailed'],
  async jobs(event) {
    // CheckoutStarted, PaymentSucceeded and PaymentFailed all carry the checkout's `promo` (absent: no code used).
    const { checkout_id: checkoutId, promo } = event.data as { checkout_id?: unknown; promo?: unknown };
    if (typeof checkoutId !== 'string' || !promo) return [];
    return event.type === 'CheckoutStarted'
      ? [abandonCheckJob.job({ checkout_id: checkoutId, abandon: true }, { delayMs: PROMO_ABANDON_AFTER_MS })]
      : [settleJob.job({ checkout_id: checkoutId, abandon: false })];
  },
};

/**
 * Settles one checkout's reservation from the checkout's state now: paid (or paid then refunded) → redeemed; failed →
 * released; still waiting for its payment → released as abandoned, on the 30-minute check only. Each step happens once.
 */
export const settlePromoReservation = async (platform: Platform, checkoutId: string, abandon: boolean): Promise<void> => {
  const state = await loadCheckout(platform, checkoutId);
  if (state.status === 'none' || !state.started.promo) return;
  const use = { code: state.started.promo.promo_code, checkout_id: checkoutId, account_id: state.started.account_id };
  const meta = systemMeta(platform, { actor: REACTION });
  const status: string = state.status;
  if (status === 'succeeded' || status === 'refunded') await redeemPromo(platform, use, meta);
  else if (status === 'failed') await releasePromo(platform, { ...use, reason: 'payment_failed' }, meta);
  else if (abandon) await releasePromo(platform, { ...use, reason: 'abandoned' }, meta);
};

/** The queue's one worker: both jobs carry the same data. */
export const promoRedemptionsWorker = settleJob.worker((platform, job) => settlePromoReservation(platform, job.checkout_id, job.abandon), { concurrency: 2 });
