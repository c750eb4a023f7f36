import { createHash } from 'node:crypto';
import type { CardBrand } from '@acpg/contracts/payments';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import type { CreatePaymentIntent, GatewayEvent, GatewayPaymentMethod, PaymentGateway } from './port.ts';
import { PaymentIntent } from './port.ts';
import type { TestCardBehavior } from './test-cards.ts';
import { gatewayEventJob } from './events-job.ts';

export { GATEWAY_EVENTS_QUEUE } from './events-job.ts';
/** Every event is delivered once at once and once again this much later: at least once, possibly twice, out of order. */
export const REDELIVERY_DELAY_MS = 1000;

/** The gateway's own records (what Stripe keeps on its side): payment methods keep brand and last four only. */
export const TEST_GATEWAY_COLLECTIONS = {
  paymentMethods: 'payments_test_gateway_payment_methods',
  intents: 'payments_test_gateway_intents',
  events: 'payments_test_gateway_events',
  refunds: 'payments_test_gateway_refunds',
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** The intent of an idempotency key: the same key always names the same intent, so it is created (and charged) once. */
export const intentIdFor = (idempotencyKey: string) => `pi_${digest(idempotencyKey)}`;
const eventIdFor = (intentId: string, type: GatewayEvent['type']) => `evt_${digest(`${intentId}:${type}`)}`;

const DECLINED = { code: 'card_declined', message: 'Your card was declined.' };
const AUTHENTICATION_FAILED = {
  code: 'payment_intent_authentication_failure',
  message: 'The card holder did not confirm the payment.',
};

/** An abandoned checkout's payment, cancelled before it was paid (Stripe's status `canceled`). */
const CANCELLED = { code: 'payment_intent_canceled', message: 'The payment was cancelled: its checkout expired.' };

/** Off-session (a renewal), the card that asks for its second step cannot be confirmed: Stripe's `authentication_required`. */
const AUTHENTICATION_REQUIRED = {
  code: 'authentication_required',
  message: 'The card asks its holder to confirm the payment, and no one was there to do it.',
};

const eventTypeOf = (intent: PaymentIntent): GatewayEvent['type'] => {
  switch (intent.status) {
    case 'processing':
      return 'payment_intent.processing';
    case 'requires_action':
      return 'payment_intent.requires_action';
    case 'succeeded':
      return 'payment_intent.succeeded';
    case 'requires_payment_method':
      return 'payment_intent.payment_failed';
    default: {
      const unexpected: never = intent.status;
      throw new Error(`Unknown intent status ${String(unexpected)}`);
    }
  }
};

export interface TestGateway extends PaymentGateway {
  /** Stripe's `paymentMethods.create` from the card form: keeps brand and last four (and the test behavior), never the number. */
  createPaymentMethod(card: { brand: CardBrand; last4: string; behavior: TestCardBehavior; customer: string }): Promise<GatewayPaymentMethod>;
}

/**
 * The embedded adapter: a local test gateway over the platform's documents (its records) and jobs (its webhook
 * deliveries). Card 4242… succeeds, 4000…0002 is declined, 4000 0027 6000 3184 asks for the second step first,
 * 4000…0341 is saved and declined when charged.
 */
export const createTestGateway = (platform: Pick<Platform, 'documents' | 'jobs' | 'clock' | 'newId'>): TestGateway => {
  const { documents, jobs } = platform;
  // Read live, as every module's clock is: a test that moves `platform.clock` moves the gateway's event times too.
  const clock = () => platform.clock();
  const C = TEST_GATEWAY_COLLECTIONS;

  const emit = async (intent: PaymentIntent): Promise<void> => {
    const type = eventTypeOf(intent);
    const event: GatewayEvent = { id: eventIdFor(intent.id, type), object: 'event', type, created_ms: clock().getTime(), data: { object: intent } };
    await documents.upsert(C.events, { _id: event.id, intent_id: intent.id, event });
    await gatewayEventJob.enqueue({ jobs }, event, { id: event.id });
    await gatewayEventJob.enqueue({ jobs }, event, { id: `${event.id}.again`, delayMs: REDELIVERY_DELAY_MS });
  };

  type Stored = { intent: PaymentIntent; behavior: TestCardBehavior; idempotencyKey: string };
  const readIntent = async (id: string): Promise<Stored | null> => {
    const doc = await documents.get(C.intents, id);
    return doc ? { intent: PaymentIntent.parse(doc), behavior: doc.behavior as TestCardBehavior, idempotencyKey: String(doc.idempotency_key) } : null;
  };

  const save = async (intent: PaymentIntent, behavior: TestCardBehavior, idempotencyKey: string) => {
    await documents.upsert(C.intents, { _id: intent.id, ...intent, behavior, idempotency_key: idempotencyKey });
  };

  return {
    async createPaymentMethod({ brand, last4, behavior, customer }) {
      const id = `pm_${platform.newId().replaceAll('-', '')}`;
      await documents.upsert(C.paymentMethods, { _id: id, brand, last4, behavior, customer, created_at: clock().toISOString() });
      return { id, brand, last4, customer };
    },

    async retrievePaymentMethod(id) {
      const doc = await documents.get(C.paymentMethods, id);
      return doc ? { id, brand: doc.brand as CardBrand, last4: String(doc.last4), customer: String(doc.customer) } : null;
    },

    async createPaymentIntent(params: CreatePaymentIntent, { idempotencyKey }) {
      const id = intentIdFor(idempotencyKey);
      const existing = await readIntent(id);
      if (existing) {
        const { intent } = existing;
        const same = intent.amount === params.amount && intent.payment_method === params.payment_method && intent.customer === params.customer;
        if (!same) throw new DomainError('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This payment was already sent with other details.');
        // Sent again: its latest event goes out again (one id per type and intent, so recorded once), in case the
        // process died between keeping the intent and queueing its event.
        await emit(intent);
        return intent;
      }
      const method = await documents.get(C.paymentMethods, params.payment_method);
      if (!method || method.customer !== params.customer) throw new DomainError('not_found', 'PAYMENT_METHOD_NOT_FOUND', 'This card was not found. Enter it again.');
      const behavior = method.behavior as TestCardBehavior;
      // Off-session nobody can take the second step: that card fails at once (authentication_required).
      const failure = behavior === 'declined' || behavior === 'declined_when_charged' ? DECLINED : behavior === 'requires_action' && params.off_session ? AUTHENTICATION_REQUIRED : null;
      const intent: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount: params.amount,
        currency: params.currency,
        status: behavior === 'succeeds' ? 'succeeded' : failure ? 'requires_payment_method' : 'requires_action',
        payment_method: params.payment_method,
        customer: params.customer,
        metadata: params.metadata,
        last_payment_error: failure,
        created: Math.floor(clock().getTime() / 1000),
      };
      await save(intent, behavior, idempotencyKey);
      await emit(intent);
      return intent;
    },

    async createRefund({ payment_intent, amount, metadata }, { idempotencyKey }) {
      const id = `re_${digest(idempotencyKey)}`;
      const kept = await documents.get(C.refunds, id);
      if (kept) return { id, status: 'succeeded', amount: Number(kept.amount), payment_intent: String(kept.payment_intent) };
      const found = await readIntent(payment_intent);
      if (!found || found.intent.status !== 'succeeded') throw new DomainError('conflict', 'REFUND_NOT_ALLOWED', 'Only a succeeded payment can be refunded.');
      if (amount <= 0 || amount > found.intent.amount) throw new DomainError('invalid', 'BAD_REQUEST', 'A refund is more than 0 and at most the amount paid.');
      await documents.upsert(C.refunds, { _id: id, payment_intent, amount, metadata, created_at: clock().toISOString() });
      return { id, status: 'succeeded', amount, payment_intent };
    },

    async saveCard({ payment_method, customer }, { idempotencyKey }) {
      const method = await documents.get(C.paymentMethods, payment_method);
      if (!method || method.customer !== customer) throw new DomainError('not_found', 'PAYMENT_METHOD_NOT_FOUND', 'This card was not found. Enter it again.');
      const behavior = method.behavior as TestCardBehavior;
      // A SetupIntent is a zero-amount authorization: 4000…0002 is declined by it, as Stripe declines it, so a card
      // that will fail is refused at once; 4000…0341 passes it and is declined when charged (renewals and dunning
      // are tried with it); the card with a second step asks for it.
      const status = behavior === 'declined' ? 'failed' : behavior === 'requires_action' ? 'requires_action' : 'succeeded';
      return { id: `seti_${digest(idempotencyKey)}`, status, payment_method };
    },

    async cancelPaymentIntent(id) {
      const found = await readIntent(id);
      if (!found) return null;
      const { intent, behavior, idempotencyKey } = found;
      if (intent.status !== 'requires_action' && intent.status !== 'processing') return intent;
      const cancelled: PaymentIntent = { ...intent, status: 'requires_payment_method', last_payment_error: CANCELLED };
      await save(cancelled, behavior, idempotencyKey);
      return cancelled;
    },

    async confirmPaymentIntent(id, { approve }) {
      const found = await readIntent(id);
      if (!found) throw new DomainError('not_found', 'PAYMENT_NOT_FOUND', 'This payment was not found.');
      const { intent, behavior, idempotencyKey } = found;
      if (intent.status !== 'requires_action') {
        await emit(intent); // confirmed already: the same answer again, and its event again (see createPaymentIntent)
        return intent;
      }
      const next: PaymentIntent = approve
        ? { ...intent, status: 'succeeded', last_payment_error: null }
        : { ...intent, status: 'requires_payment_method', last_payment_error: AUTHENTICATION_FAILED };
      await save(next, behavior, idempotencyKey);
      await emit(next);
      return next;
    },
  };
};
