import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NhdOrderView } from '@acpg/contracts/nhd';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { useTestApp } from '../../../../test/harness.ts';
import { orderBody, orderReaches, SAMPLE_PROPERTY_ID } from '../../../../test/nhd.ts';
import { waitForMessage } from '../../../../test/outbox.ts';
import { payOrderWithTestCard } from '../../../../test/payments.ts';
import { recordProviderMemberRemoved, verifiedMemberOfNewProvider } from '../../../../test/providers.ts';

const t = useTestApp();

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const setUp = () => verifiedMemberOfNewProvider(t, SAMPLE_PROPERTY_ID);

const orderFor = (token: string, member: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/nhd/members/${member}/orders`, payload: body, headers: auth(token) });

describe('a Provider Admin orders NHD reports for its users (issue 21 item 4)', () => {
  it('places the order for the user (the user owns it); the provider pays with the Provider Admin’s card; the report is made', async () => {
    const s = await setUp();
    const body = orderBody({ payer: 'provider' });
    const placed = await orderFor(s.adminA, s.member, body);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = NhdOrderView.parse(placed.json().data);
    expect(order).toMatchObject({ account_id: s.member, status: 'placed' });
    const [event] = (await t.platform.eventStore.readStream(`nhd-order-${order.order_id}`)).filter((e) => e.type === 'NhdOrderPlaced');
    expect(event?.data).toMatchObject({ account_id: s.member, placed_by: { account_id: s.adminId, provider_id: s.providerA, payer: 'provider' } });
    expect((await orderFor(s.adminA, s.member, body)).statusCode).toBe(200);

    const stranger = await payOrderWithTestCard(t, randomUUID(), TEST_CARDS.succeeds, order.order_id);
    expect(stranger.status, stranger.body).toBe(404);
    // The member's own token is not the payer's here: the Provider Admin pays with a card of their own.
    const paid = await payOrderWithTestCard({ app: t.app, signInAs: async (_role, userId) => (userId === s.adminId ? s.adminA : t.signInAs('Customer', userId)) }, s.adminId, TEST_CARDS.succeeds, order.order_id);
    expect(paid.status, paid.body).toBe(200);
    await orderReaches(t, s.member, order.order_id, 'delivered');
  });

  it('the user pays: the user is emailed; the Provider Admin may not pay it, the user does', async () => {
    const s = await setUp();
    const placed = await orderFor(s.adminA, s.member, orderBody({ payer: 'user' }));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = NhdOrderView.parse(placed.json().data);
    const mail = await waitForMessage(t.app, s.email, /ordered an NHD report of .*: pay to start it/);
    expect(mail.text).toContain(`/nhd-order-list/${order.order_id}`);
    const byAdmin = await payOrderWithTestCard({ app: t.app, signInAs: async () => s.adminA }, s.adminId, TEST_CARDS.succeeds, order.order_id);
    expect(byAdmin.status, byAdmin.body).toBe(404);
    const byMember = await payOrderWithTestCard(t, s.member, TEST_CARDS.succeeds, order.order_id);
    expect(byMember.status, byMember.body).toBe(200);
  });

  it('refuses another provider’s admin and a removed user as unknown ids, a property not verified; nothing written', async () => {
    const s = await setUp();
    const tried: string[] = [];
    const body = (over: Record<string, unknown>) => {
      const b = orderBody(over);
      tried.push(b.order_id);
      return b;
    };
    const nothingWritten = async () => {
      for (const id of tried) expect(await t.platform.eventStore.readStream(`nhd-order-${id}`), id).toEqual([]);
    };
    const unknown = await orderFor(s.adminA, randomUUID(), body({ payer: 'provider' }));
    expect(unknown.statusCode).toBe(404);
    const otherProvider = await orderFor(s.adminB, s.member, body({ payer: 'provider' }));
    expect(otherProvider.json()).toEqual(unknown.json());
    expect(otherProvider.json().code).toBe('PROVIDER_USER_NOT_FOUND');
    const notVerified = await orderFor(s.adminA, s.member, body({ payer: 'provider', property_id: 'ca-scl-00012' }));
    expect(notVerified.statusCode).toBe(400);
    expect(notVerified.json().code).toBe('PROPERTY_NOT_VERIFIED');
    expect((await orderFor(await t.signInAs('Customer', s.member), s.member, body({ payer: 'user' }))).statusCode).toBe(403);
    await nothingWritten();

    await recordProviderMemberRemoved(t, s.providerA, s.member, s.invitation);
    const removed = await orderFor(s.adminA, s.member, body({ payer: 'provider' }));
    expect(removed.json()).toEqual(unknown.json());
    await nothingWritten();
    expect(tried).toHaveLength(5);
  });
});
