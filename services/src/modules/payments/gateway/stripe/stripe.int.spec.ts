import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResult, PaymentMethod, PaymentsConfig, TEST_CARDS } from '@acpg/contracts/payments';
import { startTestApp, type TestApp } from '../../../../../test/harness.ts';
import { waitFor } from '../../../../../test/wait-for.ts';
import { checkoutStream } from '../../checkout/decider.ts';
import { stripeGateway } from '../select.ts';
import { startStripeStandIn, type StandIn } from '../stripe-stand-in/server.ts';
import type { StripeGateway } from './adapter.ts';

const KEYS = { secretKey: 'sk_test_s1_stand_in', publishableKey: 'pk_test_s1_stand_in', webhookSecret: 'whsec_s1_stand_in' };
const WEBHOOK = '/api/v1/payments/stripe/webhook';

let standIn: StandIn;
let t: TestApp;
let gateway: StripeGateway;
beforeAll(async () => {
  standIn = await startStripeStandIn(KEYS);
  t = await startTestApp({
    PAYMENTS_GATEWAY: 'stripe',
    STRIPE_SECRET_KEY: KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    STRIPE_API_URL: standIn.url,
    STRIPE_JS_URL: `${standIn.url}/v3/`,
  });
  standIn.setWebhookUrl(`${t.url}${WEBHOOK}`);
  const found = stripeGateway(t.platform);
  if (!found) throw new Error('PAYMENTS_GATEWAY=stripe gives the Stripe adapter');
  gateway = found;
});
afterAll(async () => {
  await standIn?.close();
  await t?.close();
});

const newAccount = () => `acct-${randomUUID()}`;
const auth = async (accountId: string) => ({ authorization: `Bearer ${await t.signInAs('Customer', accountId)}` });
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);

/** What Stripe.js does in the browser: a card payment method made with the publishable key. */
const browserPaymentMethod = async (number: string): Promise<string> => {
  const body = new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': NEXT_YEAR, 'card[cvc]': '123' });
  const response = await fetch(`${standIn.url}/v1/payment_methods`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.publishableKey}` }, body });
  const json = (await response.json()) as { id: string };
  expect(response.status).toBe(200);
  return json.id;
};
const claim = async (accountId: string, paymentMethodId: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/payment-methods', payload: { payment_method_id: paymentMethodId }, headers: await auth(accountId) });
const claimed = async (accountId: string, number: string) => {
  const response = await claim(accountId, await browserPaymentMethod(number));
  expect(response.statusCode, response.body).toBe(200);
  return PaymentMethod.parse(response.json().data);
};
const requestsTo = (path: string) => standIn.requests.filter((r) => r.path === path && r.method === 'POST');
const checkoutEvents = async (checkoutId: string) => (await t.platform.eventStore.readStream(checkoutStream(checkoutId))).map((e) => e.type);
const metadata = (checkoutId: string, accountId: string) => ({ checkout_id: checkoutId, account_id: accountId });

/** A Stripe event for a checkout, signed like Stripe signs it (or with another secret: a forgery). */
const signedDelivery = async (event: object, secret = KEYS.webhookSecret) => {
  const payload = JSON.stringify(event);
  const header = new Stripe(KEYS.secretKey).webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({ method: 'POST', url: WEBHOOK, payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
};

describe('Stripe adapter against the stand-in', () => {
  it('keeps one Stripe customer per account and attaches the browser card to it; another account cannot take it', async () => {
    const account = newAccount();
    const before = requestsTo('/v1/customers').length;
    const first = await claimed(account, TEST_CARDS.succeeds);
    expect(first).toMatchObject({ brand: 'visa', last4: '4242' });
    await claimed(account, TEST_CARDS.declined);
    expect(requestsTo('/v1/customers').length - before).toBe(1);
    const customer = requestsTo('/v1/customers').at(-1)!;
    expect(customer.body).toEqual({ metadata: { account_id: account } });
    expect(customer.idempotencyKey).toBe(`customer-${account}`);
    expect(customer.key).toBe('secret');

    const other = await claim(newAccount(), first.payment_method_id);
    expect(other.statusCode).toBe(404);
    expect(await gateway.retrievePaymentMethod(first.payment_method_id)).toMatchObject({ customer: account, brand: 'visa', last4: '4242' });
    expect(await gateway.retrievePaymentMethod('pm_does_not_exist')).toBeNull();
  });

  it('creates and confirms a PaymentIntent with the idempotency key, keeps the card for off-session use, and charges once per key', async () => {
    const account = newAccount();
    const card = await claimed(account, TEST_CARDS.succeeds);
    const checkoutId = randomUUID();
    const params = { amount: 6400, currency: 'usd' as const, payment_method: card.payment_method_id, customer: account, metadata: metadata(checkoutId, account) };
    const intent = await gateway.createPaymentIntent(params, { idempotencyKey: `checkout-${checkoutId}` });
    expect(intent).toMatchObject({ status: 'succeeded', amount: 6400, customer: account, metadata: metadata(checkoutId, account), last_payment_error: null });
    const sent = requestsTo('/v1/payment_intents').at(-1)!;
    expect(sent.idempotencyKey).toBe(`checkout-${checkoutId}`);
    expect(sent.body).toMatchObject({
      amount: '6400',
      currency: 'usd',
      confirm: 'true',
      setup_future_usage: 'off_session',
      payment_method: card.payment_method_id,
      metadata: metadata(checkoutId, account),
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
    });
    expect(String(sent.body.customer)).toMatch(/^cus_/);
    expect(sent.body.off_session).toBeUndefined();

    const posts = requestsTo('/v1/payment_intents').length;
    const again = await gateway.createPaymentIntent(params, { idempotencyKey: `checkout-${checkoutId}` });
    expect(again.id).toBe(intent.id);
    // Found by its key in the adapter's records (Stripe forgets keys after 24 hours): read back, not created again.
    expect(requestsTo('/v1/payment_intents').length).toBe(posts);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${intent.id}` });
    expect(standIn.events.filter((e) => e.type === 'payment_intent.succeeded' && (e.data as { object: { id: string } }).object.id === intent.id)).toHaveLength(1);
    await expect(gateway.createPaymentIntent({ ...params, amount: 100 }, { idempotencyKey: `checkout-${checkoutId}` })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('cancelPaymentIntent (an expired checkout): cancels an intent waiting for its second step, leaves a paid one, null for an unknown one', async () => {
    const account = newAccount();
    const waiting = await claimed(account, TEST_CARDS.requiresAction);
    const params = (pm: string, checkoutId: string) => ({ amount: 6400, currency: 'usd' as const, payment_method: pm, customer: account, metadata: metadata(checkoutId, account) });
    const first = randomUUID();
    const intent = await gateway.createPaymentIntent(params(waiting.payment_method_id, first), { idempotencyKey: `checkout-${first}` });
    expect(intent.status).toBe('requires_action');
    expect(await gateway.cancelPaymentIntent(intent.id)).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    expect(requestsTo(`/v1/payment_intents/${intent.id}/cancel`).at(-1)).toMatchObject({ idempotencyKey: `expire-${intent.id}`, body: { cancellation_reason: 'abandoned' } });
    expect(await gateway.cancelPaymentIntent(intent.id)).toMatchObject({ status: 'requires_payment_method' }); // again: as it is

    const paidCard = await claimed(account, TEST_CARDS.succeeds);
    const second = randomUUID();
    const paid = await gateway.createPaymentIntent(params(paidCard.payment_method_id, second), { idempotencyKey: `checkout-${second}` });
    expect(await gateway.cancelPaymentIntent(paid.id)).toMatchObject({ status: 'succeeded' });
    expect(requestsTo(`/v1/payment_intents/${paid.id}/cancel`)).toHaveLength(0);
    expect(await gateway.cancelPaymentIntent('pi_unknown')).toBeNull();
  });

  it('a declined card answers the failed intent (Stripe’s 402 carries it)', async () => {
    const account = newAccount();
    const card = await claimed(account, TEST_CARDS.declined);
    const checkoutId = randomUUID();
    const intent = await gateway.createPaymentIntent(
      { amount: 6400, currency: 'usd', payment_method: card.payment_method_id, customer: account, metadata: metadata(checkoutId, account) },
      { idempotencyKey: `checkout-${checkoutId}` },
    );
    expect(intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
  });

  it('off_session: the saved card is charged without setup_future_usage; card 3184 fails with authentication_required', async () => {
    const account = newAccount();
    for (const [number, expected] of [
      [TEST_CARDS.succeeds, { status: 'succeeded', last_payment_error: null }],
      [TEST_CARDS.requiresAction, { status: 'requires_payment_method', last_payment_error: { code: 'authentication_required' } }],
    ] as const) {
      const card = await claimed(account, number);
      const saved = await gateway.saveCard({ payment_method: card.payment_method_id, customer: account }, { idempotencyKey: `card-${card.payment_method_id}` });
      const setup = requestsTo('/v1/setup_intents').at(-1)!;
      expect(setup.body).toMatchObject({ usage: 'off_session', confirm: 'true', payment_method: card.payment_method_id });
      expect(saved.payment_method).toBe(card.payment_method_id);
      const checkoutId = randomUUID();
      const intent = await gateway.createPaymentIntent(
        { amount: 6400, currency: 'usd', payment_method: card.payment_method_id, customer: account, metadata: metadata(checkoutId, account), off_session: true },
        { idempotencyKey: `renewal-${checkoutId}` },
      );
      expect(intent).toMatchObject(expected);
      const sent = requestsTo('/v1/payment_intents').at(-1)!;
      expect(sent.body).toMatchObject({ off_session: 'true', confirm: 'true' });
      expect(sent.body.setup_future_usage).toBeUndefined();
    }
  });

  it('saveCard: a declined card fails; refunds: once per idempotency key, the whole amount', async () => {
    const account = newAccount();
    const declined = await claimed(account, TEST_CARDS.declined);
    expect(await gateway.saveCard({ payment_method: declined.payment_method_id, customer: account }, { idempotencyKey: `card-${declined.payment_method_id}` })).toMatchObject({
      status: 'failed',
    });
    const card = await claimed(account, TEST_CARDS.succeeds);
    const checkoutId = randomUUID();
    const intent = await gateway.createPaymentIntent(
      { amount: 6400, currency: 'usd', payment_method: card.payment_method_id, customer: account, metadata: metadata(checkoutId, account) },
      { idempotencyKey: `checkout-${checkoutId}` },
    );
    const refundParams = { payment_intent: intent.id, amount: 6400, metadata: { checkout_id: checkoutId, refund_id: 'r1' } };
    const refund = await gateway.createRefund(refundParams, { idempotencyKey: `refund-${checkoutId}` });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 6400, payment_intent: intent.id });
    expect((await gateway.createRefund(refundParams, { idempotencyKey: `refund-${checkoutId}` })).id).toBe(refund.id);
    expect(requestsTo('/v1/refunds').at(-1)!.body).toEqual({ payment_intent: intent.id, amount: '6400', metadata: { checkout_id: checkoutId, refund_id: 'r1' } });
    await expect(gateway.createRefund(refundParams, { idempotencyKey: `refund-${checkoutId}-again` })).rejects.toMatchObject({ kind: 'conflict', code: 'ALREADY_REFUNDED' });
  });
});

describe('checkout through the app with PAYMENTS_GATEWAY=stripe', () => {
  it('answers its gateway to the web and refuses the test card route', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/payments/config' });
    expect(PaymentsConfig.parse(config.json().data)).toEqual({ gateway: 'stripe', publishable_key: KEYS.publishableKey, js_url: `${standIn.url}/v3/` });
    const card = { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: Number(NEXT_YEAR), cvc: '123', name: 'Pat' };
    const test = await t.app.inject({ method: 'POST', url: '/api/v1/payments/test-gateway/payment-methods', payload: card, headers: await auth(newAccount()) });
    expect(test.statusCode).toBe(404);
    expect(test.json().code).toBe('TEST_GATEWAY_OFF');
    const script = await fetch(`${standIn.url}/v3/`);
    expect(await script.text()).toContain('window.Stripe');
  });

  it('pays a plan: the signed webhooks (each sent twice) settle the checkout once', async () => {
    const account = newAccount();
    const card = await claimed(account, TEST_CARDS.succeeds);
    const checkoutId = randomUUID();
    const body = { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: card.payment_method_id };
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload: body, headers: await auth(account) });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(CheckoutResult.parse(paid.json().data)).toMatchObject({ status: 'succeeded', amount_due: 6400, card_brand: 'visa', card_last4: '4242' });
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload: body, headers: await auth(account) });
    expect(again.json().data.status).toBe('succeeded');
    await standIn.idle();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentSucceeded']);
    expect(requestsTo('/v1/payment_intents').filter((r) => r.idempotencyKey === `checkout-${checkoutId}`)).toHaveLength(1);
  });

  it('a declined card fails the checkout with the message saying what to do', async () => {
    const account = newAccount();
    const card = await claimed(account, TEST_CARDS.declined);
    const checkoutId = randomUUID();
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload: { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: card.payment_method_id }, headers: await auth(account) });
    expect(paid.json().data).toMatchObject({ status: 'failed' });
    await standIn.idle();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentFailed']);
  });

  it('the second step: requires_action, then the card holder completes it at the bank and the webhook settles it', async () => {
    const account = newAccount();
    const card = await claimed(account, TEST_CARDS.requiresAction);
    const checkoutId = randomUUID();
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload: { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: card.payment_method_id }, headers: await auth(account) });
    expect(paid.json().data).toMatchObject({ status: 'requires_action' });
    const stranger = await t.app.inject({ method: 'GET', url: `/api/v1/payments/stripe/checkouts/${checkoutId}/next-action`, headers: await auth(newAccount()) });
    expect(stranger.statusCode).toBe(404);
    const next = await t.app.inject({ method: 'GET', url: `/api/v1/payments/stripe/checkouts/${checkoutId}/next-action`, headers: await auth(account) });
    expect(next.statusCode, next.body).toBe(200);
    const client_secret = String(next.json().data.client_secret);
    const id = client_secret.split('_secret_')[0]!;
    const bank = await fetch(`${standIn.url}/_stand-in/payment_intents/${id}/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.publishableKey}` },
      body: new URLSearchParams({ client_secret, approve: 'true' }),
    });
    expect(bank.status).toBe(200);
    await waitFor(async () => (await checkoutEvents(checkoutId)).includes('PaymentSucceeded'), { what: 'the webhook to settle the checkout' });
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/v1/payments/checkouts/${checkoutId}/confirm`, payload: { approve: true }, headers: await auth(account) });
    expect(confirmed.json().data.status).toBe('succeeded');
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/payments/stripe/checkouts/${checkoutId}/next-action`, headers: await auth(account) });
    expect(after.statusCode).toBe(409);
    await standIn.idle();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentRequiresAction', 'PaymentSucceeded']);
  });

  it('refusing the second step in the app cancels the intent and fails the checkout', async () => {
    const account = newAccount();
    const card = await claimed(account, TEST_CARDS.requiresAction);
    const checkoutId = randomUUID();
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload: { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: card.payment_method_id }, headers: await auth(account) });
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/payments/checkouts/${checkoutId}/confirm`, payload: { approve: false }, headers: await auth(account) });
    expect(refused.json().data).toMatchObject({ status: 'failed' });
    await standIn.idle();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentRequiresAction', 'PaymentFailed']);
  });
});

describe('Stripe webhook', () => {
  /** A started checkout (test card 3184: it waits for the second step) and its intent as Stripe sends it. */
  const waitingCheckout = async () => {
    const account = newAccount();
    const card = await claimed(account, TEST_CARDS.requiresAction);
    const checkoutId = randomUUID();
    await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload: { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: card.payment_method_id }, headers: await auth(account) });
    await standIn.idle();
    const event = standIn.events.find((e) => e.type === 'payment_intent.requires_action' && (e.data as { object: { metadata: { checkout_id?: string } } }).object.metadata.checkout_id === checkoutId)!;
    const intent = (event.data as { object: Record<string, unknown> }).object;
    const stripeEvent = (id: string, type: string, over: Record<string, unknown> = {}) => ({ ...event, id, type, data: { object: { ...intent, ...over } } });
    return { checkoutId, stripeEvent };
  };

  it('a forged or unsigned event is refused with 400 and changes nothing', async () => {
    const { checkoutId, stripeEvent } = await waitingCheckout();
    const before = await checkoutEvents(checkoutId);
    const forged = await signedDelivery(stripeEvent('evt_forged', 'payment_intent.succeeded', { status: 'succeeded' }), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await t.app.inject({ method: 'POST', url: WEBHOOK, payload: JSON.stringify(stripeEvent('evt_unsigned', 'payment_intent.succeeded', { status: 'succeeded' })), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    // signed, then altered: the body is not what was signed
    const payload = JSON.stringify(stripeEvent('evt_altered', 'payment_intent.payment_failed'));
    const header = new Stripe(KEYS.secretKey).webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret });
    const altered = await t.app.inject({ method: 'POST', url: WEBHOOK, payload: payload.replace('payment_failed', 'succeeded'), headers: { 'content-type': 'application/json', 'stripe-signature': header } });
    expect(altered.statusCode).toBe(400);
    expect(await checkoutEvents(checkoutId)).toEqual(before);
  });

  it('a duplicated event is recorded once; a reordered late one changes nothing', async () => {
    const { checkoutId, stripeEvent } = await waitingCheckout();
    const succeeded = stripeEvent(`evt_${randomUUID().replaceAll('-', '')}`, 'payment_intent.succeeded', { status: 'succeeded', next_action: null });
    expect((await signedDelivery(succeeded)).json()).toEqual({ received: true, recorded: true });
    expect((await signedDelivery(succeeded)).statusCode).toBe(200);
    const late = stripeEvent(`evt_${randomUUID().replaceAll('-', '')}`, 'payment_intent.payment_failed', { status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'declined' } });
    expect((await signedDelivery(late)).statusCode).toBe(200);
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentRequiresAction', 'PaymentSucceeded']);
  });

  it('acknowledges signed events it has nothing to record from (another type, another app’s intent)', async () => {
    const { stripeEvent } = await waitingCheckout();
    expect((await signedDelivery(stripeEvent('evt_other_type', 'customer.created'))).json()).toEqual({ received: true, recorded: false });
    const unknownCheckout = stripeEvent('evt_unknown', 'payment_intent.succeeded', { status: 'succeeded', metadata: { checkout_id: randomUUID(), account_id: 'a' } });
    expect((await signedDelivery(unknownCheckout)).json()).toEqual({ received: true, recorded: false });
  });
});
