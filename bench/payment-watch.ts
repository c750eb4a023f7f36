import { randomUUID } from 'node:crypto';
import { benchWatch, CONFIRM_CARD, post, printWatchFigures, type WatchOptions, type WatchSpec } from './watch.ts';

/**
 * Payment watch: each watcher follows one payment waiting for the card holder's confirmation (`checkout:<id>`); the
 * confirmation makes the test gateway send `payment_intent.succeeded`; timed until the watcher sees `succeeded`.
 */
export const paymentWatch: WatchSpec = {
  roomKind: 'checkout',
  message: 'payment.updated',
  seen: (view) => view.status === 'succeeded',
  prepare: async (base, token) => {
    const card = { number: CONFIRM_CARD, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Bench Watcher' };
    const method = await post(`${base}/api/v1/payments/test-gateway/payment-methods`, token, card);
    const checkoutId = randomUUID();
    const started = await post(`${base}/api/v1/payments/checkouts`, token, { checkout_id: checkoutId, plan_id: 'monthly', payment_method_id: method.data.payment_method_id, accept_terms: true });
    if (started.data.status !== 'requires_action') throw new Error(`checkout ${checkoutId} is ${String(started.data.status)}, not requires_action`);
    return { id: checkoutId, fire: () => post(`${base}/api/v1/payments/checkouts/${checkoutId}/confirm`, token, { approve: true }) };
  },
};

export const printPaymentWatchBench = async (options: WatchOptions = {}) => {
  const figures = await benchWatch(paymentWatch, options);
  printWatchFigures(
    `Payment watch: ${options.watchers ?? 1000} socket.io clients, each following one payment; confirmations at a fixed rate (open loop),\n` +
      'each making the test gateway send its payment_intent.succeeded webhook; ms from then to the watcher seeing "succeeded"',
    figures,
    options.rates ?? [100, 250],
  );
};
