import type Stripe from 'stripe';
import { DomainError } from '../../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../../platform/module.ts';
import type { CreatePaymentIntent, GatewayPaymentMethod, GatewayRefunds, PaymentGateway, PaymentIntent } from '../port.ts';
import { brandOf, toGatewayRefund, toPortIntent, toSavedCardSetup } from './map.ts';

/** The adapter's own records: the Stripe Customer of each account (`_id` = account id). */
export const STRIPE_CUSTOMERS = 'payments_stripe_customers';
/**
 * The payment intent made for each idempotency key (`_id` = the key). Stripe forgets a key after 24 hours; a checkout
 * sent again later still finds its intent here instead of charging a second time.
 */
export const STRIPE_INTENTS = 'payments_stripe_intents';

export interface StripeGateway extends PaymentGateway, GatewayRefunds {
  /**
   * The card form's payment method (made in the browser by Stripe.js) becomes the account's: attached to the account's
   * Stripe Customer. Null when it does not exist or belongs to another account.
   */
  claimPaymentMethod(id: string, accountId: string): Promise<GatewayPaymentMethod | null>;
  /** The intent's client secret, for Stripe.js's second step (`handleNextAction`) in the payer's browser. */
  clientSecretOf(intentId: string): Promise<string>;
}

/** What a failed Stripe call carries (the `stripe` library's StripeError), read without trusting its class. */
type StripeFailure = { type?: string; statusCode?: number; code?: string; message?: string; payment_intent?: Stripe.PaymentIntent; setup_intent?: Stripe.SetupIntent };
const failureOf = (error: unknown): StripeFailure | null =>
  error instanceof Error && typeof (error as StripeFailure).type === 'string' && (error as StripeFailure).type!.startsWith('Stripe') ? (error as StripeFailure) : null;
const isMissing = (error: unknown) => failureOf(error)?.statusCode === 404 || failureOf(error)?.code === 'resource_missing';

const unavailable = () =>
  new DomainError('unavailable', 'PAYMENT_GATEWAY_UNAVAILABLE', 'The payment service did not answer. Nothing new was charged; try again in a minute.');

/**
 * The Stripe adapter of the gateway port, with the `stripe` library: PaymentIntents created and confirmed with the
 * checkout's idempotency key (the card kept with `setup_future_usage: 'off_session'` when the customer pays, charged
 * with `off_session` on renewals), a Stripe Customer per account, SetupIntents for saved cards, refunds.
 */
export const createStripeGateway = (platform: Pick<Platform, 'documents' | 'log'>, stripe: Stripe): StripeGateway => {
  const { documents } = platform;
  const gatewayDown = (error: unknown) => {
    platform.log.warn({ err: error }, 'Stripe call failed');
    return unavailable();
  };

  /** The account's Stripe Customer, made once (the idempotency key makes two concurrent first calls one customer). */
  const customerOf = async (accountId: string): Promise<string> => {
    const known = await documents.get(STRIPE_CUSTOMERS, accountId);
    if (known) return String(known.customer_id);
    const customer = await stripe.customers.create({ metadata: { account_id: accountId } }, { idempotencyKey: `customer-${accountId}` });
    await documents.upsert(STRIPE_CUSTOMERS, { _id: accountId, customer_id: customer.id });
    return customer.id;
  };
  const accountOfCustomer = async (customerId: string): Promise<string | null> => {
    const [doc] = await documents.find(STRIPE_CUSTOMERS, { customer_id: customerId }, { limit: 1 });
    return doc ? doc._id : null;
  };

  const retrieve = async (id: string): Promise<Stripe.PaymentMethod | null> => {
    try {
      return await stripe.paymentMethods.retrieve(id);
    } catch (error) {
      if (isMissing(error)) return null;
      throw gatewayDown(error);
    }
  };
  const toMethod = (method: Stripe.PaymentMethod, accountId: string): GatewayPaymentMethod => ({
    id: method.id,
    brand: brandOf(method.card?.brand),
    last4: method.card?.last4 ?? '0000',
    customer: accountId,
  });
  const customerIdOf = (method: Stripe.PaymentMethod) => (typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null));

  const intentOf = (intent: Stripe.PaymentIntent): PaymentIntent => {
    const mapped = toPortIntent(intent);
    if (!mapped) throw new Error(`Stripe answered payment intent ${intent.id} without this app's metadata`);
    return mapped;
  };

  return {
    async retrievePaymentMethod(id) {
      const method = await retrieve(id);
      const customerId = method ? customerIdOf(method) : null;
      const accountId = customerId ? await accountOfCustomer(customerId) : null;
      return method && accountId ? toMethod(method, accountId) : null;
    },

    async claimPaymentMethod(id, accountId) {
      const method = await retrieve(id);
      if (!method || method.type !== 'card') return null;
      const customer = await customerOf(accountId);
      const owner = customerIdOf(method);
      if (owner) return owner === customer ? toMethod(method, accountId) : null;
      try {
        return toMethod(await stripe.paymentMethods.attach(id, { customer }), accountId);
      } catch (error) {
        if (failureOf(error)?.statusCode === 400 || isMissing(error)) return null; // attached elsewhere meanwhile
        throw gatewayDown(error);
      }
    },

    async createPaymentIntent(params: CreatePaymentIntent, { idempotencyKey }) {
      const known = await documents.get(STRIPE_INTENTS, idempotencyKey);
      if (known) {
        const intent = intentOf(await stripe.paymentIntents.retrieve(String(known.intent_id)).catch((error: unknown) => Promise.reject(gatewayDown(error))));
        if (intent.amount !== params.amount || intent.payment_method !== params.payment_method || intent.customer !== params.customer) {
          throw new DomainError('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This payment was already sent with other details.');
        }
        return intent;
      }
      const keep = async (intent: Stripe.PaymentIntent) => {
        await documents.upsert(STRIPE_INTENTS, { _id: idempotencyKey, intent_id: intent.id });
        return intentOf(intent);
      };
      const customer = await customerOf(params.customer);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: params.amount,
            currency: params.currency,
            customer,
            payment_method: params.payment_method,
            // cards only, no redirect: confirming needs no return_url; the second step (3-D Secure) is Stripe.js's
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            metadata: params.metadata,
            ...(params.off_session ? { off_session: true } : { setup_future_usage: 'off_session' as const }),
          },
          { idempotencyKey },
        );
        return await keep(intent);
      } catch (error) {
        // A declined card (or an off-session charge that needs its holder) is a 402 that carries the failed intent;
        // the same answer comes back for the same idempotency key, and the webhook reports it too.
        const failed = failureOf(error)?.payment_intent;
        if (failed) return keep(failed);
        if (failureOf(error)?.type === 'StripeIdempotencyError') {
          throw new DomainError('conflict', 'IDEMPOTENCY_KEY_REUSED', 'This payment was already sent with other details.');
        }
        throw gatewayDown(error);
      }
    },

    async clientSecretOf(intentId) {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        if (!intent.client_secret) throw new Error(`Stripe answered payment intent ${intentId} without its client secret`);
        return intent.client_secret;
      } catch (error) {
        if (isMissing(error)) throw new DomainError('not_found', 'PAYMENT_NOT_FOUND', 'This payment was not found.');
        throw gatewayDown(error);
      }
    },

    async confirmPaymentIntent(id, { approve }) {
      // Stripe takes the second step in the browser (Stripe.js); here the answer is read back, or the payment is
      // cancelled when its holder refuses it (reported as a failure, see map.ts).
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        if (approve || intent.status !== 'requires_action') return intentOf(intent);
        return intentOf(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `refuse-${id}` }));
      } catch (error) {
        if (isMissing(error)) throw new DomainError('not_found', 'PAYMENT_NOT_FOUND', 'This payment was not found.');
        throw gatewayDown(error);
      }
    },

    async cancelPaymentIntent(id) {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        // Stripe cancels an intent only before it is paid (not processing, not succeeded).
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) return intentOf(intent);
        return intentOf(await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' }, { idempotencyKey: `expire-${id}` }));
      } catch (error) {
        if (isMissing(error)) return null;
        throw gatewayDown(error);
      }
    },

    async createRefund(params, { idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: params.payment_intent, amount: params.amount, metadata: params.metadata }, { idempotencyKey });
        return toGatewayRefund(refund);
      } catch (error) {
        if (isMissing(error)) throw new DomainError('not_found', 'PAYMENT_NOT_FOUND', 'This payment was not found at the payment service.');
        const code = failureOf(error)?.code;
        if (code === 'charge_already_refunded' || code === 'amount_too_large') throw new DomainError('conflict', 'ALREADY_REFUNDED', 'This payment was refunded already.');
        throw gatewayDown(error);
      }
    },

    async saveCard({ payment_method, customer: accountId }, { idempotencyKey }) {
      const customer = await customerOf(accountId);
      try {
        const setup = await stripe.setupIntents.create(
          { customer, payment_method, automatic_payment_methods: { enabled: true, allow_redirects: 'never' }, usage: 'off_session', confirm: true, metadata: { account_id: accountId } },
          { idempotencyKey },
        );
        return toSavedCardSetup(setup, payment_method);
      } catch (error) {
        const failed = failureOf(error)?.setup_intent;
        if (failed) return toSavedCardSetup(failed, payment_method);
        if (isMissing(error)) throw new DomainError('not_found', 'PAYMENT_METHOD_NOT_FOUND', 'This card was not found. Enter it again.');
        throw gatewayDown(error);
      }
    },
  };
};
