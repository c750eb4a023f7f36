import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@acpg/contracts/http';
import { NHD_ORDER_UPDATED_MESSAGE, NhdOrderView } from '@acpg/contracts/nhd';
import { useTestApp } from '../../../../test/harness.ts';
import { expectSameAnswer } from '../../../../test/hostile.ts';
import { placeOrder } from '../../../../test/nhd.ts';
import { removeProviderUserThroughApi, twoProvidersWithAMemberEach } from '../../../../test/providers.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** Issue 21 item 5: a Provider Admin sees (and only sees) its provider's users' NHD orders, and stops at once when one leaves. */
describe('NHD orders scoped to a Provider Admin’s provider', () => {
  const t = useTestApp({ CAPTCHA_COST: '1' });
  const { open, follow, roundTrip } = socketClients(() => t);
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
  const post = (url: string, token: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
  const listed = async (token: string, query = '') => {
    const r = await get(`/nhd/orders/mine?page_size=100${query}`, token);
    expect(r.statusCode, r.body).toBe(200);
    return pageOf(NhdOrderView).parse(r.json().data).items.map((o) => o.order_id);
  };

  it('lists, opens and traces its members’ orders (searched by the member’s name), never another provider’s; a removed member’s drop out at once', async () => {
    const { a, b, memberA, memberB, joinedA } = await twoProvidersWithAMemberEach(t);
    const [orderA, orderB, outsider] = [await placeOrder(t, memberA), await placeOrder(t, memberB), await placeOrder(t, `acct-${randomUUID()}`)];

    expect(await listed(a.adminToken)).toEqual([orderA.order_id]);
    expect(await listed(b.adminToken)).toEqual([orderB.order_id]);
    expect(await listed(a.adminToken, '&q=Alma')).toEqual([orderA.order_id]);
    expect(await listed(a.adminToken, '&q=Banks')).toEqual([]);
    // The customer's own list is as it was: theirs only.
    expect(await listed(await t.signInAs('Customer', memberA))).toEqual([orderA.order_id]);

    const byId = await get(`/nhd/orders/${orderA.order_id}`, a.adminToken);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data).toMatchObject({ order_id: orderA.order_id, account_id: memberA });
    const history = await get(`/nhd/orders/${orderA.order_id}/history`, a.adminToken);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.items[0]).toMatchObject({ event_type: 'NhdOrderPlaced' });

    // Another provider's member's order, and a stranger's: exactly an unknown id's answer.
    for (const other of [orderB.order_id, outsider.order_id]) {
      expectSameAnswer(await get(`/nhd/orders/${other}`, a.adminToken), await get(`/nhd/orders/${randomUUID()}`, a.adminToken), 'GET by id', 404);
      expectSameAnswer(await get(`/nhd/orders/${other}/history`, a.adminToken), await get(`/nhd/orders/${randomUUID()}/history`, a.adminToken), 'history', 404);
      expectSameAnswer(await post(`/nhd/orders/${other}/cancel`, a.adminToken, { reason: 'Not needed' }), await post(`/nhd/orders/${randomUUID()}/cancel`, a.adminToken, { reason: 'Not needed' }), 'cancel', 404);
    }
    // Seeing is not acting: the member's order is theirs to cancel.
    const cancel = await post(`/nhd/orders/${orderA.order_id}/cancel`, a.adminToken, { reason: 'Not mine to cancel' });
    expect(cancel.statusCode, cancel.body).toBe(403);
    expect(cancel.json().code).toBe('ORDER_FORBIDDEN');
    expect((await get(`/nhd/orders/${orderA.order_id}`, a.adminToken)).json().data.status).toBe(orderA.status);

    const removed = await removeProviderUserThroughApi(t, a.adminToken, joinedA.providerUserId);
    expect(removed.status).toBe('removed');
    expect(await listed(a.adminToken)).toEqual([]);
    expectSameAnswer(await get(`/nhd/orders/${orderA.order_id}`, a.adminToken), await get(`/nhd/orders/${randomUUID()}`, a.adminToken), 'GET by id after removal', 404);
    expect((await get(`/nhd/orders/${orderA.order_id}/history`, a.adminToken)).statusCode).toBe(404);
    // The order and its history stay the member's.
    expect((await get(`/nhd/orders/${orderA.order_id}/history`, await t.signInAs('Customer', memberA))).statusCode).toBe(200);
  }, 90_000);

  it('pushes a member’s order to provider:<id>, which only that provider’s Provider Admins (and overseers) receive', async () => {
    const { a, b, memberA, memberB } = await twoProvidersWithAMemberEach(t);
    const socketA = await open(a.adminToken);
    expect(await follow(socketA, `provider:${a.providerId}`)).toEqual({ ok: true });
    // Joining B's room answers as any well-formed id does, and delivers nothing of B's.
    expect((await follow(socketA, `provider:${b.providerId}`)).ok).toBe(true);
    const socketB = await open(b.adminToken);
    expect(await follow(socketB, `provider:${b.providerId}`)).toEqual({ ok: true });
    const seenA: NhdOrderView[] = [];
    const seenB: NhdOrderView[] = [];
    socketA.on(NHD_ORDER_UPDATED_MESSAGE, (view: NhdOrderView) => seenA.push(view));
    socketB.on(NHD_ORDER_UPDATED_MESSAGE, (view: NhdOrderView) => seenB.push(view));

    const orderA = await placeOrder(t, memberA);
    const orderB = await placeOrder(t, memberB);
    await waitFor(async () => (seenA.some((v) => v.order_id === orderA.order_id) ? true : undefined), { what: "A's member's order pushed to A's admin" });
    await waitFor(async () => (seenB.some((v) => v.order_id === orderB.order_id) ? true : undefined), { what: "B's member's order pushed to B's admin" });
    await roundTrip(socketA);
    expect(seenA.map((v) => v.order_id)).not.toContain(orderB.order_id);
    expect(seenB.map((v) => v.order_id)).not.toContain(orderA.order_id);

    // The order's own room (its page): A's admin follows its member's order, and gets nothing of B's member's.
    const pageSocket = await open(a.adminToken);
    expect(await follow(pageSocket, `nhd-order:${orderA.order_id}`)).toEqual({ ok: true });
    expect(await follow(pageSocket, `nhd-order:${orderB.order_id}`)).toEqual(await follow(pageSocket, `nhd-order:${randomUUID()}`));
    const seenOnPage: NhdOrderView[] = [];
    pageSocket.on(NHD_ORDER_UPDATED_MESSAGE, (view: NhdOrderView) => seenOnPage.push(view));
    for (const [member, order] of [[memberB, orderB], [memberA, orderA]] as const) {
      const cancelled = await post(`/nhd/orders/${order.order_id}/cancel`, await t.signInAs('Customer', member), { reason: 'Plans changed' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    await waitFor(async () => (seenOnPage.some((v) => v.order_id === orderA.order_id && v.status === 'cancelled') ? true : undefined), { what: "A's member's order canceled, pushed to its room" });
    await roundTrip(pageSocket);
    expect(seenOnPage.map((v) => v.order_id)).not.toContain(orderB.order_id);
  }, 90_000);
});
