import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import { useTestApp } from '../../../test/harness.ts';
import { orderBody, orderReaches, placeAndPayOrder, placeOrder } from '../../../test/nhd.ts';
import { receiptToken } from './recipients/token.ts';
import { answerOf, expectRefusal, expectSameAnswer, hostileClient, label } from '../../../test/hostile.ts';

/**
 * Issue 9's HTTP API under hostile use: another customer's order, out-of-range filters and
 * fields, forged and reused recipient links, double clicks. Every route without a token and as every role, malformed
 * JSON and odd ids: the generated `authorization-matrix.int.spec.ts` and `hostile-input.int.spec.ts`.
 */

const t = useTestApp({ DEV_OUTBOX: 'true' });

type Method = 'GET' | 'POST' | 'PUT';
interface Route {
  method: Method;
  url: string;
  auth: 'public' | 'signed-in' | 'admin';
  body?: Record<string, unknown>;
}

const ROLES: Role[] = ['Customer', 'Agent', 'Broker', 'Owner', 'Provider Admin', 'Super Admin'];

const { call, as, unchanged, sameAsUnknown } = hostileClient(() => t);

let owner: string;
let orderId: string;
let routes: Route[];

beforeAll(async () => {
  owner = `acct-${randomUUID()}`;
  orderId = (await placeOrder(t, owner)).order_id;
  routes = [
    { method: 'GET', url: '/nhd/report-types', auth: 'public' },
    { method: 'GET', url: '/nhd/orders/mine', auth: 'signed-in' },
    { method: 'POST', url: '/nhd/orders', auth: 'signed-in', body: orderBody() },
    { method: 'GET', url: `/nhd/orders/${orderId}`, auth: 'signed-in' },
    { method: 'GET', url: `/nhd/orders/${orderId}/history`, auth: 'signed-in' },
    { method: 'GET', url: `/nhd/orders/${orderId}/report`, auth: 'signed-in' },
    { method: 'POST', url: `/nhd/orders/${orderId}/cancel`, auth: 'signed-in', body: { reason: 'Hostile cancel' } },
    { method: 'POST', url: `/nhd/orders/${orderId}/close`, auth: 'signed-in' },
    { method: 'GET', url: '/admin/nhd/orders', auth: 'admin' },
    { method: 'GET', url: '/admin/nhd/report-types', auth: 'admin' },
    { method: 'PUT', url: '/admin/nhd/report-types/7', auth: 'admin', body: { name: 'Hostile type', description: 'Made by a test', price_cents: 1_000, is_active: false } },
    { method: 'POST', url: `/admin/nhd/orders/${orderId}/retry-report`, auth: 'admin' },
  ];
}, 60_000);

describe('every issue-9 route, by a stranger and by every role', () => {
  it('answers another customer’s order on every order route exactly as an order that does not exist (404, same code and message), to every non-admin role', async () => {
    await unchanged(async () => {
      for (const role of ROLES.filter((r) => r !== 'Super Admin')) {
        const headers = await as(role);
        for (const route of routes.filter((r) => r.auth === 'signed-in' && r.url.includes(orderId))) {
          const theirs = await sameAsUnknown(route, headers, (url) => url.replace(orderId, randomUUID()), label(route, role), 404);
          expect.soft(answerOf(theirs), label(route, role)).toEqual({ status: 404, code: 'ORDER_NOT_FOUND', message: 'This order was not found.' });
        }
      }
    });
  });

  it('refuses placing an order under another customer’s order_id exactly as its owner’s own repeat with other contents, whatever the body', async () => {
    const ownerHeaders = await as('Customer', owner);
    const stranger = await as('Customer');
    const own = await call({ method: 'POST', url: '/nhd/orders', headers: ownerHeaders, payload: orderBody({ order_id: orderId }) });
    expect(own.statusCode, own.body).toBe(409);
    const mine = (await call({ url: `/nhd/orders/${orderId}`, headers: ownerHeaders })).json().data as { property: { property_id: string }; report_type: { code: number }; recipients: { email: string; name: string; role: string }[]; escrow_users: unknown[] };
    // The owner's very body (their repeat would answer the order) and another one: the stranger gets the same refusal.
    const sameBody = { order_id: orderId, property_id: mine.property.property_id, report_type: mine.report_type.code, recipients: mine.recipients.map(({ email, name, role }) => ({ email, name, role })), escrow_users: mine.escrow_users };
    expect((await call({ method: 'POST', url: '/nhd/orders', headers: ownerHeaders, payload: sameBody })).statusCode, 'the owner’s repeat').toBe(200);
    await unchanged(async () => {
      for (const payload of [sameBody, orderBody({ order_id: orderId })]) {
        expectSameAnswer(await call({ method: 'POST', url: '/nhd/orders', headers: stranger, payload }), own, 'POST /nhd/orders with another customer’s order_id', 409);
      }
    });
  });

});

describe('malformed input', () => {
  it('refuses out-of-range filters and wrong field values with 400, appending nothing (generic malformed input: hostile-input.int.spec.ts)', async () => {
    const headers = await as('Super Admin');
    const customer = await as('Customer');
    await unchanged(async () => {
      for (const query of ['page=-1', 'page_size=0', 'sort=__proto__', 'order=sideways', 'q=' + 'x'.repeat(200), 'from=2026-02-30', 'report_type=1e99', 'county=' + 'y'.repeat(80)]) {
        expectRefusal(await call({ url: `/nhd/orders/mine?${query}`, headers: customer }), `mine?${query.slice(0, 30)}`, [400]);
        expectRefusal(await call({ url: `/admin/nhd/orders?${query}`, headers }), `admin?${query.slice(0, 30)}`, [400]);
      }
      const huge = 'x'.repeat(20_000);
      for (const value of [42, -1, huge, { $gt: '' }, ['a'], true, null, '\u0000\u202e']) {
        const payload = Object.fromEntries(Object.keys(orderBody()).map((k) => [k, value]));
        expectRefusal(await call({ method: 'POST', url: '/nhd/orders', payload, headers: customer }), `place every field ${JSON.stringify(value).slice(0, 20)}`, [400]);
        expectRefusal(
          await call({ method: 'PUT', url: '/admin/nhd/report-types/5', payload: { name: value, description: value, price_cents: value, is_active: value }, headers }),
          `report type every field ${JSON.stringify(value).slice(0, 20)}`,
          [400],
        );
        expectRefusal(await call({ method: 'POST', url: `/nhd/orders/${orderId}/cancel`, payload: { reason: value }, headers }), `cancel reason ${JSON.stringify(value).slice(0, 20)}`, [400]);
      }
      for (const code of ['-1', '100', 'abc', '1.5']) expectRefusal(await call({ method: 'PUT', url: `/admin/nhd/report-types/${code}`, headers, payload: { name: 'Name', description: 'Desc', price_cents: 5_000, is_active: true } }), `report type code ${code}`, [400]);
      expectRefusal(await call({ method: 'POST', url: '/nhd/orders', headers: customer, payload: orderBody({ recipients: Array.from({ length: 11 }, (_, i) => ({ email: `r${i}@example.test`, name: 'R', role: 'buyer' })) }) }), 'eleven recipients', [400]);
      expectRefusal(await call({ method: 'POST', url: '/nhd/orders', headers: customer, payload: orderBody({ recipients: [{ email: 'a@example.test', name: 'A', role: 'landlord' }] }) }), 'unknown role', [400]);
    });
  });

  it('answers forged, truncated and reused recipient links plainly, and a used link never confirms twice', async () => {
    const account = `acct-${randomUUID()}`;
    const { order } = await placeAndPayOrder(t, account);
    await orderReaches(t, account, order.order_id, 'delivered');
    const token = await receiptToken(t.platform, order.order_id, 'r1');
    await unchanged(async () => {
      for (const bad of ['short', `${order.order_id}.r1`, `${order.order_id}.r1.${'A'.repeat(43)}`, `${order.order_id}.r9.${token.split('.')[2]}`, `${randomUUID()}.r1.${token.split('.')[2]}`, `${token}.extra`, 'x'.repeat(400)]) {
        for (const [method, suffix] of [['GET', ''], ['GET', '/report'], ['POST', '/acknowledge']] as const) {
          expectRefusal(await call({ method, url: `/nhd/receipts/${encodeURIComponent(bad)}${suffix}` }), `receipt ${bad.slice(0, 30)}${suffix}`, [400, 404]);
        }
      }
      // The other recipient's link is not this one's, even on the same order.
      expect((await call({ url: `/nhd/receipts/${encodeURIComponent(await receiptToken(t.platform, order.order_id, 'r2'))}` })).json().data.recipient.recipient_id).toBe('r2');
    });
    const answers = await Promise.all([1, 2, 3].map(() => call({ method: 'POST', url: `/nhd/receipts/${encodeURIComponent(token)}/acknowledge` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const acknowledged = (await t.platform.eventStore.readStream(`nhd-order-${order.order_id}`)).filter((e) => e.type === 'NhdReceiptAcknowledged');
    expect(acknowledged).toHaveLength(1);
  });

  it('places one order under a burst of double clicks with the same order_id', async () => {
    const headers = await as('Customer', `acct-${randomUUID()}`);
    const body = orderBody();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call({ method: 'POST', url: '/nhd/orders', payload: body, headers })));
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(await t.platform.eventStore.readStream(`nhd-order-${body.order_id}`)).toHaveLength(1);
  });
});
