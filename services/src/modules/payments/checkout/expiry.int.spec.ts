import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckoutResult, TEST_CARDS } from '@acpg/contracts/payments';
import { useTestApp } from '../../../../test/harness.ts';
import { placeOrder } from '../../../../test/nhd.ts';
import { gatewayDeliveriesDone, payOrderWithTestCard, payWithTestCard } from '../../../../test/payments.ts';
import { runNow, setClock } from '../../../../test/renewals.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { GATEWAY_EVENTS_QUEUE } from '../module.ts';
import { GatewayEvent, PaymentIntent } from '../gateway/port.ts';
import { TEST_GATEWAY_COLLECTIONS } from '../gateway/test-gateway.ts';
import { checkoutExpirySchedule } from './expiry.ts';
import { MESSAGES } from './decider.ts';

const MINUTE = 60_000;

/**
 * Issue 20 item 7: a checkout left at the card's second step, or cut off between starting and charging, holds its NHD
 * order only until CHECKOUT_EXPIRES_AFTER_MINUTES (30 here): then its payment is cancelled, `CheckoutAbandoned` is
 * recorded and a new Pay works; until then a reloaded page finds it (`GET /payments/checkouts/live`). The clock is the
 * platform's, moved (never slept).
 */
describe('abandoned checkouts expire', () => {
  const t = useTestApp({ CHECKOUT_EXPIRES_AFTER_MINUTES: '30' });
  const realClock = () => new Date();
  afterEach(() => {
    t.platform.clock = realClock;
  });
  const headersOf = async (account: string) => ({ authorization: `Bearer ${await t.signInAs('Customer', account)}` });
  const history = async (checkoutId: string) => (await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).map((e) => e.type);
  const live = async (account: string, orderId: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/payments/checkouts/live?nhd_order_id=${orderId}`, headers: await headersOf(account) });
  /** The charges read model holds the checkout at `status` (the sweep finds checkouts there). */
  const chargeIs = (checkoutId: string, status: string) =>
    waitFor(async () => ((await t.platform.documents.get('payments_charges', checkoutId))?.status === status ? true : undefined), { what: `charge ${checkoutId} ${status}` });
  const later = (minutes: number) => setClock(t, realClock().getTime() + minutes * MINUTE);

  it('frees an order left at the card’s second step once it expires, and lets a reload resume it before', async () => {
    const account = `acct-${randomUUID()}`;
    const { order_id: orderId } = await placeOrder(t, account);
    const left = await payOrderWithTestCard(t, account, TEST_CARDS.requiresAction, orderId);
    expect(left.result?.status, left.body).toBe('requires_action');
    await chargeIs(left.checkoutId, 'requires_action');

    // Reloaded: the page finds the live checkout and continues it at the card step, instead of a 409.
    const resumed = await live(account, orderId);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(CheckoutResult.parse(resumed.json().data)).toMatchObject({ checkout_id: left.checkoutId, status: 'requires_action', nhd_order_id: orderId });
    const blocked = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
    expect(blocked.status).toBe(409);
    // Another account asking for it learns nothing.
    expect((await live(`acct-${randomUUID()}`, orderId)).statusCode).toBe(404);

    // 29 minutes on: still live; the sweep leaves it.
    later(29);
    await runNow(t, [checkoutExpirySchedule]);
    expect(await history(left.checkoutId)).not.toContain('CheckoutAbandoned');

    // 31 minutes on: the sweep cancels its intent and abandons it; the order can be paid.
    later(31);
    await runNow(t, [checkoutExpirySchedule]);
    expect(await history(left.checkoutId)).toContain('CheckoutAbandoned');
    const intentId = (await t.platform.documents.find(TEST_GATEWAY_COLLECTIONS.intents, { 'metadata.checkout_id': left.checkoutId }))[0]?._id;
    const intent = PaymentIntent.parse(await t.platform.documents.get(TEST_GATEWAY_COLLECTIONS.intents, String(intentId)));
    expect(intent.status).toBe('requires_payment_method');
    expect((await live(account, orderId)).statusCode).toBe(404);
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/payments/checkouts/${left.checkoutId}`, headers: await headersOf(account) });
    expect(status.json().data).toMatchObject({ status: 'failed', message: MESSAGES.expired });
    // Approving the expired checkout's second step now charges nothing: it answers as it is.
    const confirm = await t.app.inject({ method: 'POST', url: `/api/v1/payments/checkouts/${left.checkoutId}/confirm`, payload: { approve: true }, headers: await headersOf(account) });
    expect(confirm.json().data).toMatchObject({ status: 'failed' });
    await runNow(t, [checkoutExpirySchedule]); // a second run records nothing more
    expect((await history(left.checkoutId)).filter((type) => type === 'CheckoutAbandoned')).toHaveLength(1);

    const paid = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
    expect(paid.result?.status, paid.body).toBe('succeeded');
  });

  it('abandons, at the next Pay, a checkout past its time before the sweep has run', async () => {
    const account = `acct-${randomUUID()}`;
    const { order_id: orderId } = await placeOrder(t, account);
    const left = await payOrderWithTestCard(t, account, TEST_CARDS.requiresAction, orderId);
    expect(left.result?.status).toBe('requires_action');
    later(45);
    const paid = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
    expect(paid.result?.status, paid.body).toBe('succeeded');
    expect(await history(left.checkoutId)).toContain('CheckoutAbandoned');
  });

  it('frees the membership too: a plan checkout left at its second step blocks a second plan until it expires', async () => {
    const account = `acct-${randomUUID()}`;
    const left = await payWithTestCard(t, account, TEST_CARDS.requiresAction, 'monthly');
    expect(left.result.status).toBe('requires_action');
    await chargeIs(left.checkoutId, 'requires_action');
    const resumed = await t.app.inject({ method: 'GET', url: '/api/v1/payments/checkouts/live', headers: await headersOf(account) });
    expect(resumed.json().data).toMatchObject({ checkout_id: left.checkoutId, status: 'requires_action' });
    await expect(payWithTestCard(t, account, TEST_CARDS.succeeds, 'yearly')).rejects.toThrow(/MEMBERSHIP_PAYMENT_UNDER_WAY/);
    later(31);
    await runNow(t, [checkoutExpirySchedule]);
    const paid = await payWithTestCard(t, account, TEST_CARDS.succeeds, 'yearly');
    expect(paid.result.status).toBe('succeeded');
  });

  it('refuses a live-checkout query naming both an order and an enrollment', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/payments/checkouts/live?nhd_order_id=a&equity_enrollment_id=b', headers: await headersOf(`acct-${randomUUID()}`) });
    expect(r.statusCode).toBe(400);
  });

  it('sweeps a checkout a crash cut off between starting and charging (started, never charged)', async () => {
    const account = `acct-${randomUUID()}`;
    const { order_id: orderId } = await placeOrder(t, account);
    // The process dies as the gateway is asked to charge: the checkout is started and holds the order, no intent exists.
    const documents = t.platform.documents;
    let crashed = false;
    t.platform.documents = new Proxy(documents, {
      get: (target, property) =>
        property === 'upsert'
          ? async (collection: string, doc: { _id: string }) => {
              if (collection === TEST_GATEWAY_COLLECTIONS.intents && !crashed) {
                crashed = true;
                throw new Error('the process died before the charge');
              }
              return documents.upsert(collection, doc);
            }
          : Reflect.get(target, property),
    });
    let cut: Awaited<ReturnType<typeof payOrderWithTestCard>>;
    try {
      cut = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
    } finally {
      t.platform.documents = documents;
    }
    expect(crashed).toBe(true);
    expect(cut.status).toBe(500);
    expect(await history(cut.checkoutId)).toEqual(['CheckoutStarted']);
    await chargeIs(cut.checkoutId, 'processing');
    expect((await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId)).status).toBe(409);

    later(31);
    await runNow(t, [checkoutExpirySchedule]);
    const abandoned = (await t.platform.eventStore.readStream(`payments-checkout-${cut.checkoutId}`)).find((e) => e.type === 'CheckoutAbandoned');
    expect(abandoned?.data).toMatchObject({ checkout_id: cut.checkoutId, payment_intent_id: null, reason: 'expired' });
    await chargeIs(cut.checkoutId, 'failed');
    const paid = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
    expect(paid.result?.status, paid.body).toBe('succeeded');
  });

  it('refunds at once a payment the gateway confirms after its checkout expired, and it buys nothing', async () => {
    const account = `acct-${randomUUID()}`;
    const { order_id: orderId } = await placeOrder(t, account);
    const left = await payOrderWithTestCard(t, account, TEST_CARDS.requiresAction, orderId);
    expect(left.result?.status).toBe('requires_action');
    await chargeIs(left.checkoutId, 'requires_action');
    later(31);
    await runNow(t, [checkoutExpirySchedule]);
    expect(await history(left.checkoutId)).toContain('CheckoutAbandoned');
    await gatewayDeliveriesDone(t);

    // The bank confirmed the payment as it was being cancelled: the gateway reports it paid (a late webhook).
    const C = TEST_GATEWAY_COLLECTIONS.intents;
    const stored = (await t.platform.documents.find(C, { 'metadata.checkout_id': left.checkoutId }))[0];
    if (!stored) throw new Error('no intent');
    const paidIntent = PaymentIntent.parse({ ...stored, id: stored._id, status: 'succeeded', last_payment_error: null });
    await t.platform.documents.upsert(C, { ...stored, status: 'succeeded', last_payment_error: null });
    const event = GatewayEvent.parse({ id: `evt_late_${randomUUID()}`, object: 'event', type: 'payment_intent.succeeded', created_ms: t.platform.clock().getTime(), data: { object: paidIntent } });
    for (const id of [event.id, `${event.id}.again`]) await t.platform.jobs.enqueue(GATEWAY_EVENTS_QUEUE, 'deliver', event, { id });
    await gatewayDeliveriesDone(t);

    const types = await history(left.checkoutId);
    expect(types.filter((type) => type === 'LatePaymentRefunded')).toHaveLength(1);
    expect(types).not.toContain('PaymentSucceeded');
    const refunds = await t.platform.documents.find(TEST_GATEWAY_COLLECTIONS.refunds, { payment_intent: paidIntent.id });
    expect(refunds).toMatchObject([{ amount: paidIntent.amount }]);
    // Nothing was bought: the order is still open to a payment.
    const paid = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
    expect(paid.result?.status, paid.body).toBe('succeeded');
  });
});
