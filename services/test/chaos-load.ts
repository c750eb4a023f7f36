import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { orderBody } from './nhd.ts';

/** An answer the client got (a status and its JSON), or none: the connection broke or the deadline passed. */
type Answer = { status: number; body: { data?: Record<string, unknown>; code?: string } } | null;

const ANSWER_WITHIN_MS = 15_000;
/** How long a client keeps retrying a request the API has an idempotency key for (through a restart of the api). */
const RETRY_FOR_MS = 90_000;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP call; `null` when no answer came (what a client sees while the api process is down). */
export const call = async (base: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<Answer> => {
  try {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as NonNullable<Answer>['body']) : {} };
  } catch {
    return null;
  }
};

/**
 * A request the API takes an idempotency key for (a client-chosen order or checkout id): sent again, the same, while
 * no answer comes or the answer is a 5xx (a process restarting), as a client would. Resolves with the first other answer.
 */
const withRetries = async (send: () => Promise<Answer>, what: string, alsoRetry: (answer: NonNullable<Answer>) => boolean = () => false): Promise<NonNullable<Answer>> => {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const answer = await send();
    if (answer && answer.status < 500 && !alsoRetry(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${what}: no answer but ${answer ? answer.status : 'none'} for ${RETRY_FOR_MS} ms`);
    await settle(200);
  }
};

/** What the load wrote and the API acknowledged, and what it sent without an answer. */
export interface ChaosLedger {
  /** Interactions answered 200 (button names); the store has no idempotency key, so an unanswered one is not retried. */
  interactions: string[];
  unansweredInteractions: string[];
  /** Orders whose placement and payment were both acknowledged, with the checkout and the recipients. */
  paidOrders: { orderId: string; checkoutId: string; token: string; emails: string[] }[];
  /** Answers other than the expected ones, for the failure message. */
  refusals: string[];
  /** Requests sent again after no answer (or a 5xx). */
  retries: number;
  /** Checkouts answered "order not found" just after the order was placed (payments' copy behind), sent again. */
  notYetPayable: number;
}

/**
 * The chaos test's load, paced: `interactionsPerSecond` interaction stores (one writer each tick) and `orderLoops`
 * customers each placing an NHD order and paying it with the test card that succeeds, one after another (about four
 * writes per order). Runs until `stop()`; a request in flight then finishes (with its retries).
 */
export const startChaosLoad = (options: { base: string; page: string; issueToken: () => Promise<string>; interactionsPerSecond: number; orderLoops: number; orderPauseMs: number }) => {
  const ledger: ChaosLedger = { interactions: [], unansweredInteractions: [], paidOrders: [], refusals: [], retries: 0, notYetPayable: 0 };
  let running = true;
  const counted = (send: () => Promise<Answer>) => async () => {
    const answer = await send();
    if (!answer || answer.status >= 500) ledger.retries += 1;
    return answer;
  };

  const interactions = (async () => {
    const interval = 1000 / options.interactionsPerSecond;
    const start = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; running; i++) {
      const wait = start + i * interval - performance.now();
      if (wait > 0) await settle(wait);
      const button = `chaos-${String(i).padStart(5, '0')}`;
      inFlight.push(
        call(options.base, 'POST', '/user-interaction/store', null, { page_name: options.page, button_name: button }).then((answer) => {
          if (answer?.status === 200) ledger.interactions.push(button);
          else if (!answer || answer.status >= 500) ledger.unansweredInteractions.push(button);
          else ledger.refusals.push(`interaction ${button}: ${answer.status} ${JSON.stringify(answer.body)}`);
        }),
      );
    }
    await Promise.all(inFlight);
  })();

  const orders = Array.from({ length: options.orderLoops }, async () => {
    while (running) {
      const token = await options.issueToken();
      const body = orderBody();
      const placed = await withRetries(counted(() => call(options.base, 'POST', '/nhd/orders', token, body)), `place ${body.order_id}`);
      if (placed.status !== 201 && placed.status !== 200) {
        ledger.refusals.push(`place ${body.order_id}: ${placed.status} ${JSON.stringify(placed.body)}`);
        continue;
      }
      const card = { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Chaos Test' };
      const method = await withRetries(counted(() => call(options.base, 'POST', '/payments/test-gateway/payment-methods', token, card)), 'payment method');
      const checkout = { checkout_id: randomUUID(), nhd_order_id: body.order_id, accept_terms: true, payment_method_id: String(method.body.data?.payment_method_id) };
      // Payments reads the order from its copy of nhd's events, built by the projector: while the projector is down
      // (or catching up after its restart) a just-placed order is not there yet (429 STILL_BEING_RECORDED), and the
      // payer tries again as the answer says. Known defect: with Kafka's partitions a copy's checkpoint is the highest
      // position applied, so it can claim to be caught up while an earlier order is still on its way, and payments
      // answers 404 NHD_ORDER_NOT_FOUND instead; the payer tries again then too.
      const notYetPayable = (answer: NonNullable<Answer>) => {
        const waiting = (answer.status === 429 && answer.body.code === 'STILL_BEING_RECORDED') || (answer.status === 404 && answer.body.code === 'NHD_ORDER_NOT_FOUND');
        if (waiting) ledger.notYetPayable += 1;
        return waiting;
      };
      const paid = await withRetries(counted(() => call(options.base, 'POST', '/payments/checkouts', token, checkout)), `checkout ${checkout.checkout_id}`, notYetPayable);
      // `processing`: the gateway took the payment and tells the outcome by its webhook (recorded by the worker).
      if (paid.status === 200 && (paid.body.data?.status === 'succeeded' || paid.body.data?.status === 'processing')) {
        ledger.paidOrders.push({ orderId: body.order_id, checkoutId: checkout.checkout_id, token, emails: body.recipients.map((r) => r.email) });
      } else ledger.refusals.push(`checkout ${checkout.checkout_id}: ${paid.status} ${JSON.stringify(paid.body)}`);
      await settle(options.orderPauseMs);
    }
  });

  return {
    ledger,
    /** Stops sending new requests and resolves once those in flight are answered (or given up). */
    stop: async () => {
      running = false;
      await Promise.all([interactions, ...orders]);
      return ledger;
    },
  };
};
