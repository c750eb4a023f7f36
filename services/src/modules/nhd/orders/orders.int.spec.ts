import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NHD_ORDER_UPDATED_MESSAGE, type NhdOrderView } from '@acpg/contracts/nhd';
import { pdfText } from '../../../platform/pdf/read-text.ts';
import { apiClient } from '../../../../test/api.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { outboxOf } from '../../../../test/sign-in.ts';
import { orderBody, orderReaches, placeAndPayOrder, placeOrder } from '../../../../test/nhd.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { registerAccount } from '../../../../test/accounts.ts';

/** NHD orders over HTTP and socket.io: placing, paying, the report, the recipients' links, lists, access, refusals. */
describe('NHD orders', () => {
  const t = useTestApp({ DEV_OUTBOX: 'true' });
  const { open, openAs, follow } = socketClients(() => t);
  const { as, get, post } = apiClient(() => t);

  const linkIn = (text: string) => /\/nhd-receipt\/([^\s"<]+)/.exec(text)?.[1];

  it('takes a paid order to delivered: a PDF report with the property’s hazards, one email per recipient, receipts confirmed once', async () => {
    const account = `acct-${randomUUID()}`;
    const { order } = await placeAndPayOrder(t, account);
    expect(order).toMatchObject({ status: 'placed', amount_cents: 4_900, report_type: { code: 0, name: 'Standard NHD report' }, property: { apn: '0165-307-174', county: 'Los Angeles' } });
    const delivered = await orderReaches(t, account, order.order_id, 'delivered');
    expect(delivered.timeline.map((s) => s.step)).toEqual(['placed', 'paid', 'processing', 'report_ready', 'delivered']);
    expect(delivered.recipients.every((r) => r.sent_at !== null && r.acknowledged_at === null)).toBe(true);

    const owner = await as('Customer', account);
    const report = await get(`/nhd/orders/${order.order_id}/report`, owner);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('application/pdf');
    const text = pdfText(report.rawPayload).join('\n');
    expect(text).toContain('Natural Hazard Disclosure Report');
    expect(text).toContain('6718 Mission Way');
    expect(text).toContain('0165-307-174');
    expect(text).toContain(order.number ?? 'the order number');
    expect(text).toMatch(/Seismic hazard zone[^\n]*\n?[^\n]*YES/);
    expect(text).toContain('Natural Hazard Disclosure Statement');
    expect(text).toContain('Signatures and receipt');

    const tokens: string[] = [];
    for (const recipient of delivered.recipients) {
      const mails = await waitFor(async () => {
        const m = (await outboxOf(t, recipient.email)).filter((x) => (x.subject ?? '').startsWith('Natural Hazard Disclosure report'));
        return m.length > 0 ? m : undefined;
      }, { what: `the report email to ${recipient.email}` });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`Order number: ${order.number ?? 'missing'}.`);
      const token = linkIn(mails[0]?.text ?? '');
      expect(token).toBeTruthy();
      tokens.push(decodeURIComponent(token ?? ''));
    }
    const [first, second] = tokens as [string, string];
    const view = await get(`/nhd/receipts/${first}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({ order_id: order.order_id, acknowledged_at: null, property: { address_line: '6718 Mission Way' } });
    const recipientPdf = await get(`/nhd/receipts/${first}/report`);
    expect(recipientPdf.statusCode).toBe(200);
    expect(recipientPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const confirmed = await post(`/nhd/receipts/${first}/acknowledge`, undefined);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.acknowledged_at).toBeTruthy();
    const again = await post(`/nhd/receipts/${first}/acknowledge`, undefined);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RECEIPT_LINK_USED' });
    expect(again.json().message).toMatch(/^You confirmed receipt on .+\. This link has been used\.$/);
    expect((await get(`/nhd/receipts/${first}/report`)).statusCode).toBe(409);
    const forged = `${order.order_id}.r1.${Buffer.from('not-our-mac-at-all-000000000000').toString('base64url')}`;
    expect((await get(`/nhd/receipts/${forged}`)).json()).toMatchObject({ code: 'RECEIPT_LINK_INVALID' });
    expect((await post(`/nhd/receipts/${forged}/acknowledge`, undefined)).statusCode).toBe(404);

    expect((await post(`/nhd/receipts/${second}/acknowledge`, undefined)).statusCode).toBe(200);
    const acknowledged = await orderReaches(t, account, order.order_id, 'acknowledged');
    expect(acknowledged.recipients.every((r) => r.acknowledged_at)).toBe(true);

    const history = await get(`/nhd/orders/${order.order_id}/history`, owner);
    const entries = history.json().data.items as { event_type: string; by: string; summary: string }[];
    expect(entries.map((e) => e.event_type)).toEqual([
      'NhdOrderPlaced',
      'NhdOrderPaid',
      'NhdReportGenerationStarted',
      'NhdReportReady',
      ...entries.slice(4, 6).map(() => 'NhdReportSent'),
      'NhdOrderDelivered',
      'NhdReceiptAcknowledged',
      'NhdReceiptAcknowledged',
      'NhdOrderAcknowledged',
    ]);
    expect(entries[0]?.by).toBe(account);
    expect(entries[7]?.by).toBe('recipient:r1');

    const closed = await post(`/nhd/orders/${order.order_id}/close`, undefined, owner);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.status).toBe('closed');
    for (const recipient of delivered.recipients) expect((await outboxOf(t, recipient.email)).filter((x) => (x.subject ?? '').startsWith('Natural Hazard'))).toHaveLength(1);
  });

  it('answers the same order for a repeated order_id, refuses other contents, and refuses bad input changing nothing', async () => {
    const account = `acct-${randomUUID()}`;
    const headers = await as('Customer', account);
    const body = orderBody();
    const first = await post('/nhd/orders', body, headers);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.number).toMatch(/^NHD-\d{6}$/);
    const repeat = await post('/nhd/orders', body, headers);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.order_id).toBe(body.order_id);
    expect(repeat.json().data.number).toBe(first.json().data.number);
    expect((await post('/nhd/orders', { ...body, report_type: 1 }, headers)).json()).toMatchObject({ code: 'ORDER_MISMATCH' });
    expect((await post('/nhd/orders', body, await as('Customer', `other-${randomUUID()}`))).statusCode).toBe(409);

    const bad: [unknown, number, string | RegExp][] = [
      [{ ...orderBody(), recipients: [] }, 400, 'Add at least one recipient'],
      [{ ...orderBody(), recipients: [{ email: 'not-an-email', name: 'X', role: 'buyer' }] }, 400, /valid email address/],
      [{ ...orderBody(), recipients: [{ email: 'a@example.test', name: 'A', role: 'buyer' }, { email: 'A@example.test', name: 'B', role: 'seller' }] }, 400, /appear once/],
      [{ ...orderBody(), property_id: 'no-such-property' }, 400, /property was not found/],
      [{ ...orderBody(), report_type: 42 }, 400, /report type is not offered/],
      [{ ...orderBody(), order_id: 'abc' }, 400, /order_id must be a uuid/],
      [{ ...orderBody(), recipients: [{ email: 'a@example.test', name: 'A\u202Eevil', role: 'buyer' }] }, 400, /control or direction/],
    ];
    for (const [payload, status, message] of bad) {
      const r = await post('/nhd/orders', payload, headers);
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().message).toMatch(message);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/nhd/orders', payload: 'not json', headers })).statusCode).toBe(415);
    expect((await post('/nhd/orders', orderBody(), {})).statusCode).toBe(401);
    await waitFor(async () => (await get('/nhd/orders/mine', headers)).json().data.total === 1, { what: 'the one order listed' });
  });

  it('shows an order to its owner and Super Admins only: 404 (as for no order) for another customer on every order route, refused join on the socket', async () => {
    const owner = `acct-${randomUUID()}`;
    const order = await placeOrder(t, owner);
    const stranger = await as('Customer', `other-${randomUUID()}`);
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    for (const path of ['', '/history', '/report']) {
      expect((await get(`/nhd/orders/${order.order_id}${path}`, stranger)).json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
      expect((await get(`/nhd/orders/${order.order_id}${path}`)).statusCode).toBe(401);
    }
    expect((await post(`/nhd/orders/${order.order_id}/cancel`, { reason: 'Not mine' }, stranger)).statusCode).toBe(404);
    expect((await post(`/nhd/orders/${order.order_id}/close`, undefined, stranger)).statusCode).toBe(404);
    expect((await post(`/admin/nhd/orders/${order.order_id}/retry-report`, undefined, await as('Customer', owner))).statusCode).toBe(403);
    expect((await get(`/admin/nhd/orders`, stranger)).statusCode).toBe(403);
    expect((await get(`/nhd/orders/${order.order_id}`, admin)).statusCode).toBe(200);
    expect((await get(`/nhd/orders/${randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await get(`/nhd/orders/not-a-uuid`, admin)).statusCode).toBe(400);
    expect((await get('/nhd/orders/mine', stranger)).json().data.total).toBe(0);

    const ownSocket = await openAs('Customer', owner);
    const strangerSocket = await open(stranger.authorization.slice(7));
    const adminSocket = await open(admin.authorization.slice(7));
    expect((await follow(ownSocket, `nhd-order:${order.order_id}`)).ok).toBe(true);
    expect((await follow(adminSocket, `nhd-order:${order.order_id}`)).ok).toBe(true);
    // Another account's order answers exactly as an id nobody used; its pushes never reach the stranger (below).
    expect(await follow(strangerSocket, `nhd-order:${order.order_id}`)).toEqual(await follow(strangerSocket, `nhd-order:${randomUUID()}`));
    expect((await follow(strangerSocket, `nhd-order:../../etc`)).ok).toBe(false);
    const seen: NhdOrderView[] = [];
    const strangerSeen: unknown[] = [];
    ownSocket.on(NHD_ORDER_UPDATED_MESSAGE, (view: NhdOrderView) => seen.push(view));
    strangerSocket.on(NHD_ORDER_UPDATED_MESSAGE, (view: unknown) => strangerSeen.push(view));
    const cancelled = await post(`/nhd/orders/${order.order_id}/cancel`, { reason: 'The sale fell through' }, await as('Customer', owner));
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    await waitFor(() => seen.find((v) => v.order_id === order.order_id && v.status === 'cancelled'), { what: 'the cancellation pushed to the owner' });
    expect(strangerSeen).toHaveLength(0);
    const again = await post(`/nhd/orders/${order.order_id}/cancel`, { reason: 'x' }, await as('Customer', owner));
    expect(again.statusCode).toBe(400); // the reason is too short: validation before the repeat
    // Sent without a body: a sentence saying what to send, naming the field, not the validator's raw text.
    const bare = await t.app.inject({ method: 'POST', url: `/api/v1/nhd/orders/${order.order_id}/cancel`, headers: await as('Customer', owner) });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'The request has no body: send a JSON object with reason (Content-Type: application/json).',
      errors: [{ path: 'reason', message: 'reason is required.' }],
    });
  });

  it('gives orders placed at the same moment each a number of its own', async () => {
    const account = `acct-${randomUUID()}`;
    const headers = await as('Customer', account);
    const placed = await Promise.all(Array.from({ length: 8 }, () => post('/nhd/orders', orderBody(), headers)));
    const numbers = placed.map((r) => r.json().data.number as string);
    expect(numbers.every((n) => /^NHD-\d{6}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(8);
  });

  it('lists orders with search, filters, paging and sorting, and refuses bad filters', async () => {
    const account = `acct-${randomUUID()}`;
    const headers = await as('Customer', account);
    const orders: NhdOrderView[] = [];
    for (let i = 0; i < 12; i++) orders.push(await placeOrder(t, account, i === 3 ? { report_type: 2, property_id: 'ca-lax-00003' } : {}));
    await waitFor(async () => (await get('/nhd/orders/mine', headers)).json().data.total === 12, { what: 'the 12 orders listed' });
    const page1 = (await get('/nhd/orders/mine?page_size=10', headers)).json().data;
    expect(page1).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(page1.items).toHaveLength(10);
    const page2 = (await get('/nhd/orders/mine?page=2', headers)).json().data;
    expect(page2.items).toHaveLength(2);
    expect(new Set([...page1.items, ...page2.items].map((o: NhdOrderView) => o.order_id)).size).toBe(12);
    expect((await get('/nhd/orders/mine?report_type=2', headers)).json().data.total).toBe(1);
    await waitFor(async () => (await get('/nhd/orders/mine?report_type=2', headers)).json().data.total === 1, { what: 'filters' });
    expect((await get(`/nhd/orders/mine?q=${encodeURIComponent(orders[5]?.recipients[0]?.email ?? '')}`, headers)).json().data.total).toBe(1);
    expect((await get('/nhd/orders/mine?q=mission%20way', headers)).json().data.total).toBeGreaterThanOrEqual(11);
    expect((await get('/nhd/orders/mine?q=(.*', headers)).json().data.total).toBe(0);
    // Short numbers: one per order, never repeated, searchable in any case.
    expect(new Set(orders.map((o) => o.number)).size).toBe(12);
    const byNumber = (await get(`/nhd/orders/mine?q=${orders[7]?.number?.toLowerCase() ?? 'none'}`, headers)).json().data;
    expect(byNumber.items.map((o: NhdOrderView) => o.order_id)).toEqual([orders[7]?.order_id]);
    expect((await get('/nhd/orders/mine?county=Los%20Angeles&status=placed', headers)).json().data.total).toBe(12);
    expect((await get('/nhd/orders/mine?county=Orange', headers)).json().data.total).toBe(0);
    const asc = (await get('/nhd/orders/mine?sort=placed_at&order=asc&page_size=1', headers)).json().data.items[0];
    expect(asc.order_id).toBe(orders[0]?.order_id);
    for (const query of ['status=nope', 'from=2026-13-01', 'from=2026-11-02&to=2026-11-01', 'page=0', 'page_size=1000', 'sort=owner', 'report_type=x']) {
      const r = await get(`/nhd/orders/mine?${query}`, headers);
      expect(r.statusCode, query).toBe(400);
    }
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    expect((await get(`/admin/nhd/orders?account_id=${account}`, admin)).json().data.total).toBe(12);
    // The admin list's search finds the customer by name or email too (nhd's copy of identity's events).
    const tag = randomUUID().slice(0, 8);
    await registerAccount(t, account, { email: `Rowan.${tag}@Example.test`, full_name: `Rowan Vale ${tag}` });
    const adminSearch = async (q: string) => (await get(`/admin/nhd/orders?q=${encodeURIComponent(q)}&page_size=50`, admin)).json().data.total as number;
    await waitFor(async () => (await adminSearch(`rowan vale ${tag}`)) === 12, { what: 'the orders found by the customer’s name' });
    expect(await adminSearch(`rowan.${tag}@example.test`)).toBe(12);
    expect(await adminSearch(`${orders[2]?.number ?? 'none'}`)).toBe(1);
    expect(await adminSearch(`nobody ${tag}`)).toBe(0);
  });

  it('serves report types to anyone and lets only Super Admins change a price, which reaches new orders only', async () => {
    const types = (await get('/nhd/report-types')).json().data.items as { code: number; price_cents: number }[];
    expect(types.map((x) => x.code)).toEqual([0, 1, 2]);
    const account = `acct-${randomUUID()}`;
    const before = await placeOrder(t, account, { report_type: 1 });
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    const body = { name: 'NHD report with tax and environmental', description: 'Standard, plus Mello-Roos and environmental screening.', price_cents: 9_900, is_active: true };
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/admin/nhd/report-types/1', payload: body, headers: await as('Customer', account) })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/nhd/report-types/1', payload: { ...body, price_cents: 10 }, headers: admin });
    expect(bad.statusCode).toBe(400);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/nhd/report-types/1', payload: body, headers: admin });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await placeOrder(t, account, { report_type: 1 });
    expect(before.amount_cents).toBe(8_900);
    expect(after.amount_cents).toBe(9_900);
    await t.app.inject({ method: 'PUT', url: '/api/v1/admin/nhd/report-types/1', payload: { ...body, price_cents: 8_900 }, headers: admin });
  });
});
