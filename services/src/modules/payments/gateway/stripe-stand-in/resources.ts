import type Stripe from 'stripe';
import { brandOf, cardExpired, testCardBehavior, type TestCardBehavior } from '../test-cards.ts';
import { obj, str, type FormObject } from './form.ts';
import { cardError, customerObject, errorBody, newId, nowSeconds, paymentMethodObject, type Json, type StandInCard } from './objects.ts';

/** The stand-in's resources (customers, payment methods, payment intents, setup intents, refunds) and their calls. */

export type Answer = { status: number; body: Json };
type Intent = Json & { id: string; status: string };
/** Makes an event of a change (the server signs and sends it). */
export type Emit = (type: string, object: Json, idempotencyKey: string | null) => void;

export interface StandInRoute {
  method: string;
  pattern: RegExp;
  route: { params: keyof typeof PARAMS; publishable?: boolean; run: (body: FormObject, key: string | null, id: string) => Answer };
}


/**
 * The parameters each call takes; anything else is refused as Stripe refuses it (`parameter_unknown`). Each list is
 * checked against the `stripe` library's own parameter types (generated from Stripe's OpenAPI description), so the
 * stand-in cannot accept a name Stripe does not know.
 */
export const PARAMS = {
  customers: new Set(['metadata', 'email', 'name', 'description'] as const satisfies ReadonlyArray<keyof Stripe.CustomerCreateParams>),
  payment_methods: new Set(['type', 'card', 'billing_details', 'metadata'] as const satisfies ReadonlyArray<keyof Stripe.PaymentMethodCreateParams>),
  attach: new Set(['customer'] as const satisfies ReadonlyArray<keyof Stripe.PaymentMethodAttachParams>),
  payment_intents: new Set([
    'amount',
    'currency',
    'customer',
    'payment_method',
    'confirm',
    'metadata',
    'off_session',
    'setup_future_usage',
    'automatic_payment_methods',
    'description',
  ] as const satisfies ReadonlyArray<keyof Stripe.PaymentIntentCreateParams>),
  confirm: new Set(['payment_method', 'off_session', 'return_url'] as const satisfies ReadonlyArray<keyof Stripe.PaymentIntentConfirmParams>),
  cancel: new Set(['cancellation_reason'] as const satisfies ReadonlyArray<keyof Stripe.PaymentIntentCancelParams>),
  setup_intents: new Set(['customer', 'payment_method', 'confirm', 'usage', 'metadata', 'automatic_payment_methods'] as const satisfies ReadonlyArray<keyof Stripe.SetupIntentCreateParams>),
  refunds: new Set(['payment_intent', 'amount', 'metadata', 'reason'] as const satisfies ReadonlyArray<keyof Stripe.RefundCreateParams>),
  none: new Set<string>(),
} satisfies Record<string, ReadonlySet<string>>;

export const invalid = (message: string, param?: string, code = 'parameter_invalid'): Answer => ({
  status: 400,
  body: errorBody('invalid_request_error', message, { code, ...(param ? { param } : {}) }),
});
const missing = (what: string, id: string, param = 'id'): Answer => ({
  status: 404,
  body: errorBody('invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param }),
});

/** A fresh, empty account: the calls and the state they keep (in memory). */
export const standInResources = (emit: Emit): StandInRoute[] => {
  const customers = new Map<string, Json>();
  const methods = new Map<string, { object: Json; card: StandInCard; behavior: TestCardBehavior }>();
  const intents = new Map<string, Intent>();
  const setups = new Map<string, Json>();
  const refunds = new Map<string, Json>();

  const customerOf = (id: string | undefined) => (id ? customers.get(id) : undefined);

  // ---- payment intents ----
  const pmOf = (intent: Intent) => methods.get(String(intent.payment_method));
  const confirmIntent = (intent: Intent, offSession: boolean, key: string | null): Answer => {
    const method = pmOf(intent);
    if (!method) return invalid('You cannot confirm this PaymentIntent because it has no payment method.', 'payment_method', 'payment_intent_unexpected_state');
    const { behavior } = method;
    const fail = (code: string, message: string, decline?: string): Answer => {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = cardError(code, message, method.object, decline);
      emit('payment_intent.payment_failed', intent, key);
      return { status: 402, body: { error: { ...(intent.last_payment_error as Json), payment_intent: structuredClone(intent) } } };
    };
    if (behavior === 'declined' || behavior === 'declined_when_charged') return fail('card_declined', 'Your card was declined.', 'generic_decline');
    if (behavior === 'requires_action' && offSession) return fail('authentication_required', 'Your card was declined. This transaction requires authentication.', 'authentication_required');
    if (behavior === 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: '' } };
      emit('payment_intent.requires_action', intent, key);
      return { status: 200, body: intent };
    }
    succeed(intent, key);
    return { status: 200, body: intent };
  };
  const succeed = (intent: Intent, key: string | null) => {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.last_payment_error = null;
    intent.amount_received = intent.amount;
    intent.latest_charge = newId('ch');
    const method = pmOf(intent);
    if (method && intent.setup_future_usage && intent.customer) method.object.customer = intent.customer; // kept for later
    emit('payment_intent.succeeded', intent, key);
  };

  const createIntent = (body: FormObject, key: string | null): Answer => {
    const amount = Number(str(body.amount));
    if (!Number.isInteger(amount) || amount < 50) return invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (str(body.currency) !== 'usd') return invalid('Invalid currency: this account takes usd.', 'currency');
    const customer = str(body.customer);
    if (customer && !customers.has(customer)) return missing('customer', customer, 'customer');
    const pmId = str(body.payment_method);
    const method = pmId ? methods.get(pmId) : undefined;
    if (pmId && !method) return missing('PaymentMethod', pmId, 'payment_method');
    const owner = method?.object.customer;
    if (method && owner && owner !== customer) {
      return invalid(`The provided PaymentMethod belongs to a different Customer.`, 'payment_method');
    }
    const offSession = str(body.off_session) === 'true';
    if (offSession && (!method || owner !== customer)) return invalid('An off_session payment needs a PaymentMethod saved to the Customer.', 'off_session');
    const id = newId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: body.automatic_payment_methods ? { enabled: true, allow_redirects: str(obj(body.automatic_payment_methods).allow_redirects) ?? 'always' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${newId('s').slice(2)}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency: 'usd',
      customer: customer ?? null,
      description: str(body.description) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: obj(body.metadata),
      next_action: null,
      payment_method: pmId ?? null,
      payment_method_types: ['card'],
      setup_future_usage: str(body.setup_future_usage) ?? null,
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
    };
    intents.set(id, intent);
    emit('payment_intent.created', intent, key);
    return str(body.confirm) === 'true' ? confirmIntent(intent, offSession, key) : { status: 200, body: intent };
  };

  // ---- routing ----
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      route: {
        params: 'customers',
        run: (body) => {
          const id = newId('cus');
          const customer = customerObject(id, obj(body.metadata), nowSeconds());
          customers.set(id, customer);
          return { status: 200, body: customer };
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods$/,
      route: {
        params: 'payment_methods',
        publishable: true,
        run: (body) => {
          if (str(body.type) !== 'card') return invalid('Only type=card is supported here.', 'type');
          const card = obj(body.card);
          const number = (str(card.number) ?? '').replace(/\D/g, '');
          const expMonth = Number(str(card.exp_month));
          const expYear = Number(str(card.exp_year));
          const behavior = testCardBehavior(number);
          if (!behavior) return { status: 402, body: { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' } } };
          if (!(expMonth >= 1 && expMonth <= 12) || !(expYear >= 2000) || cardExpired(expMonth, expYear, new Date())) {
            return { status: 402, body: { error: { type: 'card_error', code: 'invalid_expiry_year', message: "Your card's expiration date is invalid.", param: 'card[exp_year]' } } };
          }
          if (!/^\d{3,4}$/.test(str(card.cvc) ?? '')) return { status: 402, body: { error: { type: 'card_error', code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'card[cvc]' } } };
          const id = newId('pm');
          const standIn: StandInCard = { number, brand: brandOf(number), last4: number.slice(-4), exp_month: expMonth, exp_year: expYear };
          const object = paymentMethodObject(id, standIn, null, nowSeconds(), str(obj(body.billing_details).name) ?? null);
          methods.set(id, { object, card: standIn, behavior });
          return { status: 200, body: object };
        },
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      route: { params: 'none', run: (_b, _k, id) => (methods.has(id) ? { status: 200, body: methods.get(id)!.object } : missing('PaymentMethod', id)) },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_methods\/([^/]+)\/attach$/,
      route: {
        params: 'attach',
        run: (body, _k, id) => {
          const method = methods.get(id);
          if (!method) return missing('PaymentMethod', id);
          const customer = str(body.customer);
          if (!customerOf(customer)) return missing('customer', customer ?? '', 'customer');
          if (method.object.customer && method.object.customer !== customer) {
            return invalid('The payment method you provided has already been attached to a customer.', 'payment_method', 'payment_method_unexpected_state');
          }
          method.object.customer = customer;
          return { status: 200, body: method.object };
        },
      },
    },
    { method: 'POST', pattern: /^\/v1\/payment_intents$/, route: { params: 'payment_intents', run: (body, key) => createIntent(body, key) } },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      route: { params: 'none', run: (_b, _k, id) => (intents.has(id) ? { status: 200, body: intents.get(id)! } : missing('payment_intent', id, 'intent')) },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      route: {
        params: 'confirm',
        run: (body, key, id) => {
          const intent = intents.get(id);
          if (!intent) return missing('payment_intent', id, 'intent');
          if (!['requires_confirmation', 'requires_payment_method'].includes(intent.status)) {
            return invalid(`This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`, undefined, 'payment_intent_unexpected_state');
          }
          const pm = str(body.payment_method);
          if (pm) intent.payment_method = pm;
          return confirmIntent(intent, str(body.off_session) === 'true', key);
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      route: {
        params: 'cancel',
        run: (body, key, id) => {
          const intent = intents.get(id);
          if (!intent) return missing('payment_intent', id, 'intent');
          if (intent.status === 'succeeded' || intent.status === 'canceled') {
            return invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, undefined, 'payment_intent_unexpected_state');
          }
          intent.status = 'canceled';
          intent.canceled_at = nowSeconds();
          intent.cancellation_reason = str(body.cancellation_reason) ?? null;
          intent.next_action = null;
          emit('payment_intent.canceled', intent, key);
          return { status: 200, body: intent };
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents$/,
      route: {
        params: 'setup_intents',
        run: (body, key) => {
          const customer = str(body.customer);
          if (customer && !customers.has(customer)) return missing('customer', customer, 'customer');
          const pmId = str(body.payment_method) ?? '';
          const method = methods.get(pmId);
          if (!method) return missing('PaymentMethod', pmId, 'payment_method');
          if (method.object.customer && method.object.customer !== customer) return invalid('The provided PaymentMethod belongs to a different Customer.', 'payment_method');
          const id = newId('seti');
          const setup: Json = {
            id,
            object: 'setup_intent',
            automatic_payment_methods: body.automatic_payment_methods ? { enabled: true, allow_redirects: str(obj(body.automatic_payment_methods).allow_redirects) ?? 'always' } : null,
            cancellation_reason: null,
            client_secret: `${id}_secret_${newId('s').slice(2)}`,
            created: nowSeconds(),
            customer: customer ?? null,
            last_setup_error: null,
            livemode: false,
            metadata: obj(body.metadata),
            next_action: null,
            payment_method: pmId,
            payment_method_types: ['card'],
            status: 'requires_confirmation',
            usage: str(body.usage) ?? 'off_session',
          };
          setups.set(id, setup);
          if (str(body.confirm) !== 'true') return { status: 200, body: setup };
          if (method.behavior === 'declined') {
            setup.status = 'requires_payment_method';
            setup.last_setup_error = cardError('card_declined', 'Your card was declined.', method.object, 'generic_decline');
            emit('setup_intent.setup_failed', setup, key);
            return { status: 402, body: { error: { ...(setup.last_setup_error as Json), setup_intent: structuredClone(setup) } } };
          }
          if (method.behavior === 'requires_action') {
            setup.status = 'requires_action';
            setup.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
            emit('setup_intent.requires_action', setup, key);
            return { status: 200, body: setup };
          }
          setup.status = 'succeeded';
          if (customer) method.object.customer = customer;
          emit('setup_intent.succeeded', setup, key);
          return { status: 200, body: setup };
        },
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      route: {
        params: 'refunds',
        run: (body, key) => {
          const piId = str(body.payment_intent) ?? '';
          const intent = intents.get(piId);
          if (!intent) return missing('payment_intent', piId, 'payment_intent');
          if (intent.status !== 'succeeded') return invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
          const refunded = [...refunds.values()].filter((r) => r.payment_intent === piId).reduce((sum, r) => sum + Number(r.amount), 0);
          const amount = str(body.amount) ? Number(str(body.amount)) : Number(intent.amount) - refunded;
          if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > Number(intent.amount)) {
            return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`, 'amount', 'amount_too_large');
          }
          const refund: Json = {
            id: newId('re'),
            object: 'refund',
            amount,
            balance_transaction: newId('txn'),
            charge: intent.latest_charge,
            created: nowSeconds(),
            currency: 'usd',
            metadata: obj(body.metadata),
            payment_intent: piId,
            reason: str(body.reason) ?? null,
            receipt_number: null,
            source_transfer_reversal: null,
            status: 'succeeded',
            transfer_reversal: null,
          };
          refunds.set(String(refund.id), refund);
          emit('refund.created', refund, key);
          return { status: 200, body: refund };
        },
      },
    },
    {
      // What the card holder does on the bank's page (Stripe.js's second step); the stand-in's script calls it.
      method: 'POST',
      pattern: /^\/_stand-in\/payment_intents\/([^/]+)\/authenticate$/,
      route: {
        params: 'none',
        publishable: true,
        run: (body, key, id) => {
          const intent = intents.get(id);
          if (!intent || str(body.client_secret) !== intent.client_secret) return missing('payment_intent', id, 'intent');
          if (intent.status !== 'requires_action') return { status: 200, body: intent };
          if (str(body.approve) === 'true') succeed(intent, key);
          else {
            intent.status = 'requires_payment_method';
            intent.next_action = null;
            intent.last_payment_error = cardError('payment_intent_authentication_failure', 'We are unable to authenticate your payment method.', pmOf(intent)?.object ?? {});
            emit('payment_intent.payment_failed', intent, key);
          }
          return { status: 200, body: intent };
        },
      },
    },
  ];
};
