import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CheckoutResult, PaymentMethod, TEST_CARDS, TERMS_OF_SERVICE_VERSION } from '@acpg/contracts/payments';
import { sqliteFile } from '../../composition/embedded.ts';
import { handleCommand } from '../../platform/commands/handle-command.ts';
import { systemMeta } from '../../platform/commands/metadata.ts';
import { loadConfig } from '../../platform/config/load.ts';
import { openSqlite } from '../../platform/sqlite/open.ts';
import { useTestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { checkoutDecider, checkoutStream } from './checkout/decider.ts';
import { recordGatewayEvent } from './checkout/commands.ts';
import { GatewayEvent } from './gateway/port.ts';
import { GATEWAY_EVENTS_QUEUE, intentIdFor, REDELIVERY_DELAY_MS, TEST_GATEWAY_COLLECTIONS } from './gateway/test-gateway.ts';

const t = useTestApp();

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const tokenFor = (accountId: string) => t.signInAs('Customer', accountId);
const newAccount = () => `acct-${randomUUID()}`;

const post = async (url: string, payload: unknown, accountId: string | null) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers: accountId ? { authorization: `Bearer ${await tokenFor(accountId)}` } : {} });
const get = async (url: string, accountId: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${await tokenFor(accountId)}` } });

const card = (number: string, over: Record<string, unknown> = {}) => ({ number, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123', name: 'Pat Member', ...over });
const paymentMethod = async (accountId: string, number: string) => {
  const response = await post('/payments/test-gateway/payment-methods', card(number), accountId);
  expect(response.statusCode, response.body).toBe(200);
  return PaymentMethod.parse(response.json().data);
};
const pay = async (accountId: string, body: { checkout_id: string; plan_id: string; accept_terms: boolean; payment_method_id: string }) => {
  const response = await post('/payments/checkouts', body, accountId);
  expect(response.statusCode, response.body).toBe(200);
  return CheckoutResult.parse(response.json().data);
};
const checkoutEvents = async (checkoutId: string) => (await t.platform.eventStore.readStream(checkoutStream(checkoutId))).map((e) => e.type);

/**
 * Every delivery of the gateway's events has been taken by the worker: the immediate one and the redelivery
 * REDELIVERY_DELAY_MS later (a delayed job waits in the queue from the start, so an empty queue means both ran).
 */
const deliveriesDone = async () => {
  const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: t.dataDir })));
  try {
    await waitFor(() => {
      const row = db.prepare(`SELECT COUNT(*) AS n FROM job_queue WHERE queue = ? AND state IN ('waiting', 'active')`).get(GATEWAY_EVENTS_QUEUE) as { n: number };
      return row.n === 0;
    }, { what: 'the gateway deliveries to finish', timeoutMs: REDELIVERY_DELAY_MS + 10_000 });
    const dead = db.prepare(`SELECT COUNT(*) AS n FROM job_queue WHERE queue = ? AND state = 'dead'`).get(GATEWAY_EVENTS_QUEUE) as { n: number };
    expect(dead.n).toBe(0);
  } finally {
    db.close();
  }
};

/** The process dies once, after the gateway kept its intent and before its webhook event was queued. */
const crashOnFirstWebhookEnqueue = () => {
  const jobs = t.platform.jobs;
  const enqueue = jobs.enqueue.bind(jobs);
  let crashed = false;
  jobs.enqueue = async (...args: Parameters<typeof enqueue>) => {
    if (!crashed && args[0] === GATEWAY_EVENTS_QUEUE) {
      crashed = true;
      throw new Error('the process died before the webhook event was queued');
    }
    return enqueue(...args);
  };
  return { crashed: () => crashed, restore: () => void (jobs.enqueue = enqueue) };
};

describe('POST /api/v1/payments/test-gateway/payment-methods', () => {
  it('keeps brand and last four of a test card and answers the payment method', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, '4242 4242 4242 4242');
    expect(method).toMatchObject({ brand: 'visa', last4: '4242' });
    const doc = await t.platform.documents.get(TEST_GATEWAY_COLLECTIONS.paymentMethods, method.payment_method_id);
    expect(doc).toMatchObject({ brand: 'visa', last4: '4242', customer: account });
    expect(JSON.stringify(doc)).not.toMatch(/424242|Pat Member|"123"/);
  });

  it('refuses a caller who is not signed in, a card that is not a test card, an expired card and bad fields', async () => {
    expect((await post('/payments/test-gateway/payment-methods', card(TEST_CARDS.succeeds), null)).statusCode).toBe(401);
    const account = newAccount();
    const other = await post('/payments/test-gateway/payment-methods', card('5555555555554444'), account);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'CARD_NOT_ACCEPTED', message: expect.stringContaining('4242 4242 4242 4242') });
    const expired = await post('/payments/test-gateway/payment-methods', card(TEST_CARDS.succeeds, { exp_year: 2020, exp_month: 1 }), account);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'CARD_EXPIRED' });
    const bad = await post('/payments/test-gateway/payment-methods', card('4242', { cvc: '1', exp_month: 13 }), account);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(bad.body).not.toContain('4242');
    expect(await t.platform.documents.count(TEST_GATEWAY_COLLECTIONS.paymentMethods, { customer: account })).toBe(0);
  });
});

describe('POST /api/v1/payments/checkouts', () => {
  it('4242: succeeds, charges the fees of the trial plan once, and records PaymentSucceeded once though every gateway event is delivered twice', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    const checkoutId = randomUUID();
    const result = await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id });
    expect(result).toEqual({ checkout_id: checkoutId, status: 'succeeded', amount_due: 6400, plan_id: 'monthly', card_brand: 'visa', card_last4: '4242' });
    await deliveriesDone();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentSucceeded']);
    const [paid] = await t.platform.eventStore.readStream(checkoutStream(checkoutId), 2);
    expect(paid?.data).toMatchObject({ checkout_id: checkoutId, account_id: account, plan_id: 'monthly', amount_cents: 6400, card_brand: 'visa', card_last4: '4242' });
    const read = await get(`/payments/checkouts/${checkoutId}`, account);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(result);
  });

  it('refuses a Pay without consent to the Terms of Service (nothing started, nothing charged), and records the consent with the checkout', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    for (const consent of [{}, { accept_terms: false }, { accept_terms: 'yes' }]) {
      const checkoutId = randomUUID();
      const refused = await post('/payments/checkouts', { checkout_id: checkoutId, plan_id: 'monthly', payment_method_id: method.payment_method_id, ...consent }, account);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain('agree to the Terms of Service');
      expect(await checkoutEvents(checkoutId)).toEqual([]);
    }
    expect(await t.platform.documents.find(TEST_GATEWAY_COLLECTIONS.intents, { customer: account })).toEqual([]);
    const checkoutId = randomUUID();
    await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id });
    const [started] = await t.platform.eventStore.readStream(checkoutStream(checkoutId), 0);
    expect(started?.data).toMatchObject({ consent: { terms_version: TERMS_OF_SERVICE_VERSION, accepted_at: expect.any(String), automatic_renewal: true } });
  });

  it('the card paid with is the card on file (GET /payments/saved-cards/mine), offered to its account only; a declined card is not', async () => {
    const account = newAccount();
    expect((await get('/payments/saved-cards/mine', account)).json()).toEqual({ success: true, data: { card: null } });
    const declined = await paymentMethod(account, TEST_CARDS.declined);
    await pay(account, { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: declined.payment_method_id });
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    await pay(account, { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id });
    const onFile = await waitFor(async () => {
      const card = (await get('/payments/saved-cards/mine', account)).json().data.card;
      return card ? card : undefined;
    }, { timeoutMs: 10_000, what: 'the card on file' });
    expect(onFile).toEqual({ payment_method_id: method.payment_method_id, brand: 'visa', last4: '4242' });
    expect((await get('/payments/saved-cards/mine', newAccount())).json().data.card).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments/saved-cards/mine' })).statusCode).toBe(401);
  });

  it('Yearly (no trial) charges the first year and the recording fee', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    const result = await pay(account, { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: method.payment_method_id });
    expect(result).toMatchObject({ status: 'succeeded', amount_due: 19_900 + 1_500 });
  });

  it('a double-clicked Pay (the same checkout twice at once, then again) charges once and records once', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    const body = { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id };
    const [first, second] = await Promise.all([post('/payments/checkouts', body, account), post('/payments/checkouts', body, account)]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const third = await pay(account, body);
    expect(third.status).toBe('succeeded');
    await deliveriesDone();
    expect(await checkoutEvents(body.checkout_id)).toEqual(['CheckoutStarted', 'PaymentSucceeded']);
    const intents = await t.platform.documents.find(TEST_GATEWAY_COLLECTIONS.intents, { customer: account });
    expect(intents.map((i) => i._id)).toEqual([intentIdFor(`checkout-${body.checkout_id}`)]);
  });

  it('4000 0000 0000 0002: declined with a clear message, nothing charged; a new checkout with another card succeeds', async () => {
    const account = newAccount();
    const bad = await paymentMethod(account, TEST_CARDS.declined);
    const checkoutId = randomUUID();
    const result = await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: bad.payment_method_id });
    expect(result).toMatchObject({ status: 'failed', message: 'Your card was declined, so nothing was charged. Try another card.', card_last4: '0002' });
    // Pay again with the same checkout: the same answer, no new charge.
    expect((await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: bad.payment_method_id })).status).toBe('failed');
    await deliveriesDone();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentFailed']);
    const good = await paymentMethod(account, TEST_CARDS.succeeds);
    expect((await pay(account, { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: good.payment_method_id })).status).toBe('succeeded');
  });

  it('4000 0027 6000 3184: asks for the second step; approved it succeeds, and confirming again answers the same', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.requiresAction);
    const checkoutId = randomUUID();
    const result = await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id });
    expect(result).toMatchObject({ status: 'requires_action', message: 'Your card asks you to confirm this payment.' });
    const approved = await post(`/payments/checkouts/${checkoutId}/confirm`, { approve: true }, account);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'succeeded', card_last4: '3184' });
    const again = await post(`/payments/checkouts/${checkoutId}/confirm`, { approve: false }, account);
    expect(again.json().data.status).toBe('succeeded');
    // The redelivered requires_action arrives after succeeded: out of order, and changes nothing.
    await deliveriesDone();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentRequiresAction', 'PaymentSucceeded']);
  });

  it('4000 0027 6000 3184 refused at the second step: failed with a clear message, nothing charged', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.requiresAction);
    const checkoutId = randomUUID();
    await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id });
    const refused = await post(`/payments/checkouts/${checkoutId}/confirm`, { approve: false }, account);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ status: 'failed', message: 'The payment was not confirmed, so nothing was charged. Try again or use another card.' });
    await deliveriesDone();
    expect(await checkoutEvents(checkoutId)).toEqual(['CheckoutStarted', 'PaymentRequiresAction', 'PaymentFailed']);
  });

  it('refuses an unknown plan, a renewal plan, a card of another account, a changed repeat, and bad input, recording nothing', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    const attempt = async (body: Record<string, unknown>, caller = account) => post('/payments/checkouts', body, caller);
    const base = { plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id };

    const ids: string[] = [];
    const refused = async (body: Record<string, unknown>, status: number, code: string, caller = account) => {
      const id = randomUUID();
      ids.push(id);
      const response = await attempt({ checkout_id: id, ...body }, caller);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ success: false, code });
    };
    await refused({ ...base, plan_id: 'gold' }, 404, 'PLAN_NOT_FOUND');
    await refused({ ...base, plan_id: 'monthly-renewal' }, 400, 'PLAN_NOT_OFFERED');
    await refused(base, 404, 'PAYMENT_METHOD_NOT_FOUND', newAccount());
    await refused({ ...base, payment_method_id: 'pm_nothing' }, 404, 'PAYMENT_METHOD_NOT_FOUND');
    for (const id of ids) expect(await checkoutEvents(id)).toEqual([]);

    const bad = await attempt({ ...base, checkout_id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await post('/payments/checkouts', { ...base, checkout_id: randomUUID() }, null)).statusCode).toBe(401);

    const checkoutId = randomUUID();
    await pay(account, { checkout_id: checkoutId, ...base });
    const changed = await attempt({ checkout_id: checkoutId, ...base, plan_id: 'yearly' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'CHECKOUT_MISMATCH' });
    const stranger = await attempt({ checkout_id: checkoutId, ...base }, newAccount());
    expect(stranger.statusCode).toBe(409);
    expect((await get(`/payments/checkouts/${checkoutId}`, newAccount())).statusCode).toBe(404);
    expect((await get(`/payments/checkouts/${randomUUID()}`, account)).json()).toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
    expect((await post(`/payments/checkouts/${randomUUID()}/confirm`, { approve: true }, account)).statusCode).toBe(404);
    expect((await post(`/payments/checkouts/${checkoutId}/confirm`, { approve: 'yes' }, account)).statusCode).toBe(400);
  });

  it('a checkout left before the gateway was asked (a crash) answers CONFIRMATION_NOT_NEEDED to a confirm, and Pay again finishes it', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    const checkoutId = randomUUID();
    const data = { checkout_id: checkoutId, account_id: account, plan_id: 'monthly', amount_cents: 6400, payment_method_id: method.payment_method_id, card_brand: 'visa' as const, card_last4: '4242' };
    await handleCommand(t.platform.eventStore, checkoutStream(checkoutId), checkoutDecider, { type: 'StartCheckout', data, metadata: systemMeta(t.platform, { actor: 'test' }) }, { newStream: true });
    expect((await get(`/payments/checkouts/${checkoutId}`, account)).json().data.status).toBe('processing');
    const confirm = await post(`/payments/checkouts/${checkoutId}/confirm`, { approve: true }, account);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toMatchObject({ code: 'CONFIRMATION_NOT_NEEDED' });
    expect((await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id })).status).toBe('succeeded');
  });
  it('a charge whose webhook events were never sent (a crash after the gateway kept the intent) is finished by Pay again', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.succeeds);
    const body = { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id };
    const crash = crashOnFirstWebhookEnqueue();
    try {
      expect((await post('/payments/checkouts', body, account)).statusCode).toBe(500);
    } finally {
      crash.restore();
    }
    expect(crash.crashed()).toBe(true);
    expect(await checkoutEvents(body.checkout_id)).toEqual(['CheckoutStarted']);
    expect((await pay(account, body)).status).toBe('succeeded');
    await deliveriesDone();
    expect(await checkoutEvents(body.checkout_id)).toEqual(['CheckoutStarted', 'PaymentSucceeded']);
  });

  it('a second step approved whose webhook events were never sent (a crash) is finished by confirming again', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.requiresAction);
    const checkoutId = randomUUID();
    expect((await pay(account, { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: method.payment_method_id })).status).toBe('requires_action');
    await deliveriesDone();
    const crash = crashOnFirstWebhookEnqueue();
    try {
      expect((await post(`/payments/checkouts/${checkoutId}/confirm`, { approve: true }, account)).statusCode).toBe(500);
    } finally {
      crash.restore();
    }
    expect(crash.crashed()).toBe(true);
    const again = await post(`/payments/checkouts/${checkoutId}/confirm`, { approve: true }, account);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('succeeded');
  });
});

describe('gateway events delivered again, at once and out of order', () => {
  it('records each outcome once, whatever the order and however many deliveries run at the same time', async () => {
    const account = newAccount();
    const method = await paymentMethod(account, TEST_CARDS.requiresAction);
    const checkoutId = randomUUID();
    const data = { checkout_id: checkoutId, account_id: account, plan_id: 'monthly', amount_cents: 6400, payment_method_id: method.payment_method_id, card_brand: 'visa' as const, card_last4: '3184' };
    const meta = () => systemMeta(t.platform, { actor: 'test' });
    await handleCommand(t.platform.eventStore, checkoutStream(checkoutId), checkoutDecider, { type: 'StartCheckout', data, metadata: meta() }, { newStream: true });
    const intent = {
      id: 'pi_reordered',
      object: 'payment_intent' as const,
      amount: 6400,
      currency: 'usd' as const,
      payment_method: method.payment_method_id,
      customer: account,
      metadata: { checkout_id: checkoutId, account_id: account },
      last_payment_error: null,
      created: 1,
    };
    const succeeded = GatewayEvent.parse({ id: 'evt_s', object: 'event', type: 'payment_intent.succeeded', created_ms: 2000, data: { object: { ...intent, status: 'succeeded' } } });
    const action = GatewayEvent.parse({ id: 'evt_a', object: 'event', type: 'payment_intent.requires_action', created_ms: 1000, data: { object: { ...intent, status: 'requires_action' } } });
    // succeeded first, then requires_action, each several times, all at once.
    await Promise.all([succeeded, succeeded, action, succeeded, action].map((e) => recordGatewayEvent(t.platform, e, meta())));
    await recordGatewayEvent(t.platform, action, meta());
    const history = await t.platform.eventStore.readStream(checkoutStream(checkoutId));
    expect(history.map((e) => e.type).filter((type) => type === 'PaymentSucceeded')).toHaveLength(1);
    expect(history.map((e) => e.type)).not.toContain('PaymentFailed');
    expect((await get(`/payments/checkouts/${checkoutId}`, account)).json().data.status).toBe('succeeded');
  });
});

describe('card numbers', () => {
  it('appear in no event and no record of the app, only brand and last four', async () => {
    const everything = JSON.stringify(await t.platform.eventStore.readAll({ after: 0, limit: 100_000 }));
    const records = JSON.stringify(
      await Promise.all(Object.values(TEST_GATEWAY_COLLECTIONS).map((collection) => t.platform.documents.find(collection, {}, { limit: 10_000 }))),
    );
    expect(everything).toContain('CheckoutStarted'); // the suite paid before this test
    for (const number of Object.values(TEST_CARDS)) {
      for (const text of [everything, records]) {
        expect(text).not.toContain(number);
        expect(text).not.toContain(number.slice(0, 12));
      }
    }
  });
});
