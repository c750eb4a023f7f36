import { randomUUID } from 'node:crypto';
import type { NhdOrderPlaced, NhdOrderView } from '@acpg/contracts/nhd';
import { TEST_CARDS } from '@acpg/contracts/payments';
import type { TestApp } from './harness.ts';
import { payOrderWithTestCard } from './payments.ts';
import { waitFor } from './wait-for.ts';

/** A sample property (services/src/platform/property-data/sample-data): in a seismic hazard zone only. */
export const SAMPLE_PROPERTY_ID = 'ca-lax-00001';

/** An order as PlaceOrder carries it (NhdOrderPlaced without `by` and `at`): acct-1's Standard report (4,900 cents) on 1 Main St, San Jose, for one buyer. */
export const placedOrderData = (orderId: string, over: Partial<NhdOrderPlaced> = {}): Omit<NhdOrderPlaced, 'by' | 'at'> => ({
  order_id: orderId,
  account_id: 'acct-1',
  property: { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95112', apn: '123-45-678' },
  report_type: { code: 0, name: 'Standard NHD report' },
  amount_cents: 4_900,
  recipients: [{ recipient_id: 'r1', email: 'buyer@example.com', name: 'Bea', role: 'buyer' }],
  escrow_users: [],
  ...over,
});

export const orderBody = (over: Record<string, unknown> = {}) => ({
  order_id: randomUUID(),
  property_id: SAMPLE_PROPERTY_ID,
  report_type: 0,
  recipients: [
    { email: `buyer-${randomUUID().slice(0, 8)}@example.test`, name: 'Bea Buyer', role: 'buyer' },
    { email: `seller-${randomUUID().slice(0, 8)}@example.test`, name: 'Sam Seller', role: 'seller' },
  ],
  escrow_users: [{ company: 'Golden Escrow', officer: 'Olive Officer', escrow_number: 'E-1001' }],
  ...over,
});

/** Places an order over HTTP as `accountId` (a Customer). */
export const placeOrder = async (t: Pick<TestApp, 'app' | 'signInAs'>, accountId: string, over: Record<string, unknown> = {}): Promise<NhdOrderView> => {
  const headers = { authorization: `Bearer ${await t.signInAs('Customer', accountId)}` };
  const placed = await t.app.inject({ method: 'POST', url: '/api/v1/nhd/orders', payload: orderBody(over), headers });
  if (placed.statusCode !== 201) throw new Error(`place order: ${placed.statusCode} ${placed.body}`);
  return placed.json().data as NhdOrderView;
};

/** Places and pays an order with the test card that succeeds. */
export const placeAndPayOrder = async (t: Pick<TestApp, 'app' | 'signInAs'>, accountId: string, over: Record<string, unknown> = {}) => {
  const order = await placeOrder(t, accountId, over);
  const paid = await payOrderWithTestCard(t, accountId, TEST_CARDS.succeeds, order.order_id);
  if (paid.status !== 200) throw new Error(`pay order: ${paid.status} ${paid.body}`);
  return { order, checkoutId: paid.checkoutId };
};

/** Waits until the order (read as its owner) reaches `status`. */
export const orderReaches = async (t: Pick<TestApp, 'app' | 'signInAs'>, accountId: string, orderId: string, status: NhdOrderView['status'], timeoutMs = 20_000) => {
  const headers = { authorization: `Bearer ${await t.signInAs('Customer', accountId)}` };
  return waitFor(
    async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/nhd/orders/${orderId}`, headers });
      const view = r.statusCode === 200 ? (r.json().data as NhdOrderView) : null;
      return view?.status === status ? view : undefined;
    },
    { what: `order ${orderId} ${status}`, timeoutMs },
  );
};
