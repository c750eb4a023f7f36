import { randomUUID } from 'node:crypto';
import { loadSampleDataset } from '../services/src/platform/property-data/sample-data/dataset.ts';
import { benchWatch, CONFIRM_CARD, post, printWatchFigures, type WatchOptions, type WatchSpec } from './watch.ts';

const properties = () => loadSampleDataset().properties;

/** Retries `request` while it answers that the order is not found yet, for up to 60 s. */
const untilFound = async <T>(request: () => Promise<T>): Promise<T> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await request();
    } catch (error) {
      if (!String(error).includes('NHD_ORDER_NOT_FOUND') || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

/**
 * NHD order watch: each watcher follows one placed order (`nhd-order:<id>`) whose payment waits for the card holder's
 * confirmation; the confirmation makes the test gateway send `payment_intent.succeeded`, payments records
 * `PaymentSucceeded`, nhd's reaction records `NhdOrderPaid` (and the report job starts); timed until the watcher sees
 * the order paid (or further on).
 */
export const nhdOrderWatch = (): WatchSpec => {
  const sample = properties();
  let next = 0;
  return {
    roomKind: 'nhd-order',
    message: 'nhd-order.updated',
    seen: (view) => typeof view.status === 'string' && view.status !== 'placed',
    prepare: async (base, token) => {
      const property = sample[next++ % sample.length];
      if (!property) throw new Error('the sample dataset is empty');
      const orderId = randomUUID();
      await post(`${base}/api/v1/nhd/orders`, token, {
        order_id: orderId,
        property_id: property.id,
        report_type: 0,
        recipients: [
          { email: `buyer-${orderId}@example.com`, name: 'Bench Buyer', role: 'buyer' },
          { email: `seller-${orderId}@example.com`, name: 'Bench Seller', role: 'seller' },
        ],
        escrow_users: [],
      });
      const card = { number: CONFIRM_CARD, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Bench Watcher' };
      const method = await post(`${base}/api/v1/payments/test-gateway/payment-methods`, token, card);
      const checkoutId = randomUUID();
      const body = { checkout_id: checkoutId, nhd_order_id: orderId, payment_method_id: method.data.payment_method_id, accept_terms: true };
      // Payments knows the order from its local copy of nhd's events: in the distributed profile that copy lags the order.
      const started = await untilFound(() => post(`${base}/api/v1/payments/checkouts`, token, body));
      if (started.data.status !== 'requires_action') throw new Error(`checkout ${checkoutId} is ${String(started.data.status)}, not requires_action`);
      return { id: orderId, fire: () => post(`${base}/api/v1/payments/checkouts/${checkoutId}/confirm`, token, { approve: true }) };
    },
  };
};

export const printNhdWatchBench = async (options: WatchOptions = {}) => {
  const figures = await benchWatch(nhdOrderWatch(), options);
  printWatchFigures(
    `NHD order watch: ${options.watchers ?? 1000} socket.io clients, each following one placed order; payments confirmed at a fixed rate (open loop);\n` +
      'ms from the confirmation (the gateway sends payment_intent.succeeded) to the watcher seeing the order paid; each paid order then makes its PDF and emails',
    figures,
    options.rates ?? [25, 50],
  );
};
