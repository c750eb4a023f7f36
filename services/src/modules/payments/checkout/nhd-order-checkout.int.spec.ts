import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { NHD_REPORTS_PROMO_TARGET } from '@acpg/contracts/promo-codes';
import { useTestApp } from '../../../../test/harness.ts';
import { payOrderWithTestCard } from '../../../../test/payments.ts';
import { placeOrder as placeNhdOrder } from '../../../../test/nhd.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** A checkout pays an NHD order the nhd module placed (payments' copy of its events), charged once, refunded when a paid order is cancelled. */
describe('checkout of an NHD order', () => {
  const t = useTestApp();

  /** An order placed through the nhd module's own route (its price is the report type's: 4,900 cents for code 0). */
  const placeOrder = async (accountId: string) => (await placeNhdOrder(t, accountId)).order_id;
  /** Waits until the nhd module has recorded the order's payment (its own NhdOrderPaid). */
  const orderPaid = async (accountId: string, orderId: string) => {
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', accountId)}` };
    await waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/nhd/orders/${orderId}`, headers });
      return r.statusCode === 200 && (r.json().data.timeline as { step: string }[]).some((s) => s.step === 'paid') ? true : undefined;
    }, { what: `order ${orderId} paid` });
  };
  const succeededOf = async (checkoutId: string) =>
    waitFor(async () => (await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).find((e) => e.type === 'PaymentSucceeded'), { what: 'PaymentSucceeded' });

  it('charges the order’s amount, names the order on the outcome, and starts no membership', async () => {
    const account = `acct-${randomUUID()}`;
    const orderId = await placeOrder(account);
    const paid = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
    expect(paid.status, paid.body).toBe(200);
    expect(paid.result).toMatchObject({ amount_due: 4_900, nhd_order_id: orderId, plan_id: null });
    const succeeded = await succeededOf(paid.checkoutId);
    expect(succeeded.data).toMatchObject({ nhd_order_id: orderId, amount_cents: 4_900 });
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', account)}` };
    const charge = await waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/payments/charges/${paid.checkoutId}`, headers });
      return r.statusCode === 200 && r.json().data.status === 'succeeded' ? r.json().data : undefined;
    }, { what: 'the charge row' });
    expect(charge).toMatchObject({ nhd_order_id: orderId, amount_cents: 4_900, plan_id: null });
    const history = await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine', headers });
    expect(history.json().data.items).toMatchObject([{ checkout_id: paid.checkoutId, plan_id: null }]);
    const memberships = await t.app.inject({ method: 'GET', url: '/api/v1/memberships/mine', headers });
    expect(memberships.json().data.total).toBe(0);
  });

  it('refuses another account’s order, a paid order, and an unknown one, charging nothing', async () => {
    const owner = `acct-${randomUUID()}`;
    const orderId = await placeOrder(owner);
    const stranger = await payOrderWithTestCard(t, `acct-${randomUUID()}`, TEST_CARDS.succeeds, orderId);
    expect(stranger.status).toBe(404);
    expect(JSON.parse(stranger.body)).toMatchObject({ code: 'NHD_ORDER_NOT_FOUND' });
    const unknown = await payOrderWithTestCard(t, owner, TEST_CARDS.succeeds, randomUUID());
    expect(unknown.status).toBe(404);
    const first = await payOrderWithTestCard(t, owner, TEST_CARDS.succeeds, orderId);
    expect(first.status).toBe(200);
    await succeededOf(first.checkoutId);
    // The nhd module records the payment (NhdOrderPaid); payments keeps a copy of it and reads the order as paid.
    await orderPaid(owner, orderId);
    const again = await payOrderWithTestCard(t, owner, TEST_CARDS.succeeds, orderId);
    expect(again.status, again.body).toBe(409);
    expect(JSON.parse(again.body)).toMatchObject({ code: 'NHD_ORDER_NOT_PAYABLE', message: 'This order is paid already.' });
    const bothPlanAndOrder = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/checkouts',
      headers: { authorization: `Bearer ${await t.signInAs('Customer', owner)}` },
      payload: { checkout_id: randomUUID(), plan_id: 'monthly', nhd_order_id: orderId, accept_terms: true, payment_method_id: 'pm_x' },
    });
    expect(bothPlanAndOrder.statusCode).toBe(400);
  });

  it('charges one of two concurrent checkouts of one order; after a decline the order can be paid again', async () => {
    const account = `acct-${randomUUID()}`;
    const orderId = await placeOrder(account);
    const declined = await payOrderWithTestCard(t, account, TEST_CARDS.declined, orderId);
    expect(declined.result?.status).toBe('failed');
    const [a, b] = await Promise.all([payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId), payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    expect(winner.result?.status).toBe('succeeded');
    const charges = await t.platform.documents.find('payments_charges', { nhd_order_id: orderId, status: 'succeeded' });
    expect(charges).toHaveLength(1);
  });

  it('takes a promo code off an order when the code targets NHD reports, and refuses a plans-only code in words', async () => {
    const admin = { authorization: `Bearer ${await t.signInAs('Super Admin', `admin-${randomUUID()}`)}` };
    const code = `NHD${randomUUID().slice(0, 6).toUpperCase()}`;
    const plansOnly = `PLN${randomUUID().slice(0, 6).toUpperCase()}`;
    const terms = (c: string, planIds: string[]) => ({ code: c, discount_kind: 'percent', discount_value: 10, plan_ids: planIds, valid_from: new Date(Date.now() - 60_000).toISOString(), valid_to: null, max_redemptions: null, max_per_account: null });
    for (const [c, ids] of [[code, [NHD_REPORTS_PROMO_TARGET]], [plansOnly, ['monthly']]] as const) {
      const created = await t.app.inject({ method: 'POST', url: '/api/v1/admin/promo-codes', payload: terms(c, [...ids]), headers: admin });
      expect(created.statusCode, created.body).toBe(200);
    }
    const account = `acct-${randomUUID()}`;
    const orderId = await placeOrder(account);
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', account)}` };
    const quote = await t.app.inject({ method: 'POST', url: '/api/v1/payments/promo-codes/quote', payload: { code, nhd_order_id: orderId }, headers });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({ list_amount_cents: 4_900, discount_cents: 490, amount_due_cents: 4_410 });
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/payments/promo-codes/quote', payload: { code: plansOnly, nhd_order_id: orderId }, headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PROMO_NOT_FOR_PLAN', message: `The promo code ${plansOnly} does not apply to NHD reports. Pay without it.` });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/payments/promo-codes/quote', payload: { code, nhd_order_id: orderId } });
    expect(anonymous.statusCode).toBe(401);
    const paid = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId, { promo_code: code });
    expect(paid.result).toMatchObject({ status: 'succeeded', amount_due: 4_410 });
  });

  it('refunds a paid order’s checkout in full, once, when the order is cancelled with a refund due', async () => {
    // The report job is held back (its first step cannot be written until released), so the paid order is still one
    // its owner may cancel, through the nhd module's own route: nhd records NhdOrderCancelled with a refund due.
    const store = t.platform.eventStore;
    t.platform.eventStore = new Proxy(store, {
      get: (target, property) =>
        property === 'append'
          ? (async (stream, expected, events) => {
              if (events.some((e) => e.type === 'NhdReportGenerationStarted')) throw new Error('the report job is held back by this test');
              return target.append(stream, expected, events);
            }) satisfies typeof store.append
          : Reflect.get(target, property),
    });
    try {
      const account = `acct-${randomUUID()}`;
      const orderId = await placeOrder(account);
      const paid = await payOrderWithTestCard(t, account, TEST_CARDS.succeeds, orderId);
      await succeededOf(paid.checkoutId);
      await orderPaid(account, orderId);
      const headers = { authorization: `Bearer ${await t.signInAs('Customer', account)}` };
      const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/nhd/orders/${orderId}/cancel`, payload: { reason: 'Escrow fell through' }, headers });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const refunded = await waitFor(async () => (await t.platform.eventStore.readStream(`payments-checkout-${paid.checkoutId}`)).find((e) => e.type === 'PaymentRefunded'), {
        what: 'PaymentRefunded',
      });
      expect(refunded.data).toMatchObject({ nhd_order_id: orderId, amount_cents: 4_900, refunded_by: account, reason: 'NHD order cancelled: Escrow fell through' });
    } finally {
      t.platform.eventStore = store;
    }
  });
});
