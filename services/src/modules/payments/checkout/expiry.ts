import { systemMeta } from '../../../platform/commands/metadata.ts';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Schedule } from '../../../platform/schedules/port.ts';
import { sweepDue } from '../../../platform/schedules/sweep.ts';
import { CHARGES_COLLECTION } from '../charges/projection.ts';
import { paymentGateway } from '../gateway/select.ts';
import type { PaymentGateway } from '../gateway/port.ts';
import { releasePromo } from '../promo-codes/commands.ts';
import { checkoutDecider, checkoutStream, type CheckoutState } from './decider.ts';
import { loadCheckout } from './commands.ts';

export const EXPIRY_ACTOR = 'payments.checkout-expiry';
/** How often the sweep looks for checkouts past their time (a crash's orphans included). */
export const EXPIRY_EVERY_MS = 60_000;

/** `CHECKOUT_EXPIRES_AFTER_MINUTES`, in milliseconds. */
export const checkoutExpiresAfterMs = (platform: Pick<Platform, 'config'>) => platform.config.CHECKOUT_EXPIRES_AFTER_MINUTES * 60_000;

/** Still waiting for its payment (not settled, not a renewal) and started longer ago than the expiry. */
export const isExpired = (state: CheckoutState, now: Date, expiresAfterMs: number) =>
  (state.status === 'processing' || state.status === 'requires_action') && !state.started.renewal && now.getTime() - Date.parse(state.started.started_at) >= expiresAfterMs;

/**
 * Abandons one checkout past its time: cancels its payment at the gateway first (a payment it was too late to cancel,
 * succeeded or processing, is left for its events to settle), then records `CheckoutAbandoned`, which frees its order,
 * enrollment request or membership claim (an abandoned checkout reads as failed), and releases its promo code. Safe to
 * repeat, and to race a payment: the stream decides. Answers how many events it recorded (0 or 1).
 */
export const expireCheckout = async (platform: Platform, gateway: PaymentGateway, checkoutId: string, meta: CommandMeta): Promise<number> => {
  const expiresAfterMs = checkoutExpiresAfterMs(platform);
  const state = await loadCheckout(platform, checkoutId);
  if (state.status === 'none' || !isExpired(state, meta.now, expiresAfterMs)) return 0;
  if (state.intentId) {
    const intent = await gateway.cancelPaymentIntent(state.intentId);
    if (intent && (intent.status === 'succeeded' || intent.status === 'processing')) return 0;
  }
  const { events } = await handleCommand(
    platform.eventStore,
    checkoutStream(checkoutId),
    checkoutDecider,
    { type: 'AbandonCheckout', data: { expires_after_ms: expiresAfterMs, payment_intent_id: state.intentId }, metadata: meta },
    { retries: 3 },
  );
  const { promo, account_id } = state.started;
  if (events.length > 0 && promo) await releasePromo(platform, { code: promo.promo_code, checkout_id: checkoutId, account_id, reason: 'abandoned' }, meta);
  return events.length;
};

/**
 * Every minute: abandons each checkout still waiting for its payment longer than `CHECKOUT_EXPIRES_AFTER_MINUTES`, the
 * ones a payer left at the card's second step and the ones a crash cut off between starting and charging. The charges
 * read model finds them, the checkout's stream decides. Answers how many were abandoned.
 */
export const expireCheckouts = async (platform: Platform): Promise<number> => {
  const meta = systemMeta(platform, { actor: EXPIRY_ACTOR });
  const cutoff = new Date(meta.now.getTime() - checkoutExpiresAfterMs(platform)).toISOString();
  const sweep = {
    collection: CHARGES_COLLECTION,
    filter: { status: { $in: ['processing', 'requires_action'] }, renewal: null, started_at: { $lte: cutoff } },
    sort: { started_at: 1, _id: 1 },
    idName: 'checkoutId',
    failed: 'payments: could not abandon an expired checkout',
  } as const;
  const gateway = paymentGateway(platform);
  return sweepDue(platform, sweep, (doc) => expireCheckout(platform, gateway, String(doc._id), meta));
};

export const checkoutExpirySchedule: Schedule = {
  name: 'payments.checkout-expiry',
  everyMs: EXPIRY_EVERY_MS,
  run: async (platform) => {
    await expireCheckouts(platform);
  },
};
