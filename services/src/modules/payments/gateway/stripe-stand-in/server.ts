import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { brandOf, cardExpired, testCardBehavior, type TestCardBehavior } from '../test-cards.ts';
import { obj, parseForm, str, type FormObject } from './form.ts';
import { cardError, customerObject, errorBody, eventObject, newId, nowSeconds, paymentMethodObject, type Json, type StandInCard } from './objects.ts';
import { STAND_IN_SCRIPT } from './script.ts';

/**
 * The local Stripe stand-in: a small HTTP server that answers the calls the Stripe adapter makes (customers,
 * payment_methods, payment_intents, setup_intents, refunds) in Stripe's shapes, keeps idempotency keys, and sends
 * signed webhooks (the `stripe` library's `generateTestHeaderString`) to the app. Cards: the test gateway's three
 * (4242… succeeds, 4000…0002 is declined, 4000 0027 6000 3184 asks for the second step, and off-session fails with
 * `authentication_required`). It serves a small Stripe.js at `/v3/` for the browser. State lives in memory.
 */

export interface StandInOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where signed events are POSTed; settable later (`setWebhookUrl`) when the app starts after the stand-in. */
  webhookUrl?: string;
  /** Send every event twice (the second a little later): Stripe delivers at least once. Default true. */
  deliverTwice?: boolean;
  port?: number;
  host?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: FormObject;
  idempotencyKey: string | null;
  /** Which key authenticated it. */
  key: 'secret' | 'publishable' | 'none';
}

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  /** Every event made, in order (what was sent). */
  events: Json[];
  setWebhookUrl(url: string): void;
  /** Resolves when no webhook delivery is under way. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

type Answer = { status: number; body: Json };
type Intent = Json & { id: string; status: string };

/**
 * The parameters each call takes; anything else is refused as Stripe refuses it (`parameter_unknown`). Each list is
 * checked against the `stripe` library's own parameter types (generated from Stripe's OpenAPI description), so the
 * stand-in cannot accept a name Stripe does not know.
 */
const PARAMS = {
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

const invalid = (message: string, param?: string, code = 'parameter_invalid'): Answer => ({
  status: 400,
  body: errorBody('invalid_request_error', message, { code, ...(param ? { param } : {}) }),
});
const missing = (what: string, id: string, param = 'id'): Answer => ({
  status: 404,
  body: errorBody('invalid_request_error', `No such ${what}: '${id}'`, { code: 'resource_missing', param }),
});

export const startStripeStandIn = async (options: StandInOptions): Promise<StandIn> => {
  const signer = new Stripe(options.secretKey).webhooks;
  const deliverTwice = options.deliverTwice ?? true;
  let webhookUrl = options.webhookUrl ?? null;
  const requests: RecordedRequest[] = [];
  const events: Json[] = [];
  const customers = new Map<string, Json>();
  const methods = new Map<string, { object: Json; card: StandInCard; behavior: TestCardBehavior }>();
  const intents = new Map<string, Intent>();
  const setups = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const deliveries = new Set<Promise<void>>();

  const post = async (payload: string): Promise<boolean> => {
    if (!webhookUrl) return false;
    const header = signer.generateTestHeaderString({ payload, secret: options.webhookSecret });
    try {
      const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
      await response.arrayBuffer();
      return response.ok;
    } catch {
      return false;
    }
  };
  /** At least once: retried until a 2xx (a few times), and sent a second time later when `deliverTwice`. */
  const deliver = (event: Json) => {
    const payload = JSON.stringify(event, null, 2);
    const run = (async () => {
      for (let attempt = 0; attempt < 6 && !(await post(payload)); attempt++) await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      if (deliverTwice) {
        await new Promise((r) => setTimeout(r, 150));
        await post(payload);
      }
    })();
    deliveries.add(run);
    void run.finally(() => deliveries.delete(run));
  };
  const emit = (type: string, object: Json, idempotencyKey: string | null) => {
    const event = eventObject(type, structuredClone(object), idempotencyKey);
    events.push(event);
    deliver(event);
  };

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
    if (behavior === 'declined') return fail('card_declined', 'Your card was declined.', 'generic_decline');
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
  type Route = { params: keyof typeof PARAMS; publishable?: boolean; run: (body: FormObject, key: string | null, id: string) => Answer };
  const routes: Array<{ method: string; pattern: RegExp; route: Route }> = [
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

  const keyOf = (request: IncomingMessage): RecordedRequest['key'] => {
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (bearer && bearer === options.secretKey) return 'secret';
    if (bearer && bearer === options.publishableKey) return 'publishable';
    return 'none';
  };

  const send = (response: ServerResponse, answer: Answer, extra: Record<string, string> = {}) => {
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req'), ...extra });
    response.end(JSON.stringify(answer.body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST' };
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      return response.end();
    }
    if (request.method === 'GET' && (url.pathname === '/v3/' || url.pathname === '/v3')) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', ...cors });
      return response.end(STAND_IN_SCRIPT);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = parseForm(raw);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const key = keyOf(request);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey, key });

    const found = routes.find((r) => r.method === request.method && r.pattern.test(url.pathname));
    if (!found) return send(response, { status: 404, body: errorBody('invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`) }, cors);
    const { route } = found;
    if (key === 'none' || (key === 'publishable' && !route.publishable)) {
      return send(response, { status: 401, body: errorBody('invalid_request_error', 'Invalid API Key provided.') }, cors);
    }
    const allowed: ReadonlySet<string> = PARAMS[route.params];
    const unknown = Object.keys(body).find((name) => !allowed.has(name) && !(route.publishable && (name === 'client_secret' || name === 'approve')) && name !== 'expand');
    if (unknown) return send(response, invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown'), cors);

    const id = decodeURIComponent(found.pattern.exec(url.pathname)?.[1] ?? '');
    if (request.method === 'POST' && idempotencyKey) {
      const fingerprint = createHash('sha256').update(`${key}:${url.pathname}:${raw}`).digest('hex');
      const scoped = `${key}:${idempotencyKey}`;
      const seen = idempotent.get(scoped);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return send(response, {
            status: 400,
            body: errorBody('idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`),
          });
        }
        return send(response, seen.answer, { 'idempotent-replayed': 'true' });
      }
      const answer = route.run(body, idempotencyKey, id);
      idempotent.set(scoped, { fingerprint, answer: structuredClone(answer) });
      return send(response, answer, cors);
    }
    return send(response, route.run(body, idempotencyKey, id), cors);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, { status: 500, body: errorBody('api_error', error instanceof Error ? error.message : 'stand-in error') }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    requests,
    events,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    idle: async () => {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
    close: async () => {
      await Promise.allSettled([...deliveries]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
