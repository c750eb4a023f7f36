import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAYMENT_UPDATED_MESSAGE, TEST_CARDS, type PaymentView } from '@acpg/contracts/payments';
import { useTestApp } from '../../../../test/harness.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { endMembership, payWithTestCard } from '../../../../test/payments.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { NOT_A_ROOM } from '../../../platform/realtime/socket-io.ts';

/** Read model `payments_charges`: the payment history, and the live payment status on `checkout:<id>`. */
describe('payments_charges: history and live status', () => {
  const t = useTestApp();
  /** `roundTrip`: anything the server sent a socket before has arrived once it resolves. */
  const { openAs, follow, roundTrip } = socketClients(() => t);

  const history = async (accountId: string) => {
    const token = await t.signInAs('Customer', accountId);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { items: PaymentView[]; total: number };
  };

  it('pushes each change of a checkout to its room, for its account and Super Admins only, and lists it in the history', async () => {
    const account = `acct-${randomUUID()}`;
    const { checkoutId, result } = await payWithTestCard(t, account, TEST_CARDS.requiresAction, 'monthly');
    expect(result.status).toBe('requires_action');

    const own = await openAs('Customer', account);
    const admin = await openAs('Super Admin', `admin-${randomUUID()}`);
    const other = await openAs('Customer', `other-${randomUUID()}`);
    expect(await follow(own, `checkout:${checkoutId}`)).toEqual({ ok: true });
    expect(await follow(admin, `checkout:${checkoutId}`)).toEqual({ ok: true });
    // Another account's checkout answers exactly as an id nobody used: nothing is learnt from the answer, and nothing of
    // the checkout reaches the stranger (below).
    expect(await follow(other, `checkout:${checkoutId}`)).toEqual(await follow(other, `checkout:${randomUUID()}`));
    expect(await follow(own, 'checkout:../../etc')).toEqual({ ok: false, message: NOT_A_ROOM });
    expect(await follow(own, `no-such-kind:${checkoutId}`)).toEqual({ ok: false, message: NOT_A_ROOM });

    const seen: PaymentView[] = [];
    const seenByOther: unknown[] = [];
    own.on(PAYMENT_UPDATED_MESSAGE, (view: PaymentView) => seen.push(view));
    other.on(PAYMENT_UPDATED_MESSAGE, (view: unknown) => seenByOther.push(view));

    const token = await t.signInAs('Customer', account);
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/checkouts/${checkoutId}/confirm`,
      payload: { approve: true },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(confirm.json().data.status).toBe('succeeded');
    const pushed = await waitFor(async () => seen.find((view) => view.status === 'succeeded'), { what: 'the succeeded push' });
    expect(pushed).toMatchObject({ checkout_id: checkoutId, account_id: account, plan_id: 'monthly', card_last4: '3184', message: null, promo: null, renewal: null });
    expect(pushed.settled_at).not.toBeNull();
    expect(seenByOther).toEqual([]);

    const mine = await history(account);
    expect(mine.total).toBe(1);
    expect(mine.items[0]).toMatchObject({ checkout_id: checkoutId, status: 'succeeded', version: pushed.version });
    expect((await history(`acct-${randomUUID()}`)).total).toBe(0);
  });

  it('lets a client join checkout:<id> before it POSTs that checkout; a stranger who joined the same id first never sees it', async () => {
    const account = `acct-${randomUUID()}`;
    const checkoutId = randomUUID(); // the client's own id, made before the checkout exists
    const own = await openAs('Customer', account);
    const stranger = await openAs('Customer', `stranger-${randomUUID()}`);
    const unknownAnswer = await follow(stranger, `checkout:${randomUUID()}`);
    expect(await follow(own, `checkout:${checkoutId}`)).toEqual({ ok: true });
    expect(await follow(stranger, `checkout:${checkoutId}`)).toEqual(unknownAnswer);
    const seen: PaymentView[] = [];
    const seenByStranger: unknown[] = [];
    own.on(PAYMENT_UPDATED_MESSAGE, (view: PaymentView) => seen.push(view));
    stranger.on(PAYMENT_UPDATED_MESSAGE, (view: unknown) => seenByStranger.push(view));

    await payWithTestCard(t, account, TEST_CARDS.requiresAction, 'monthly', { checkout_id: checkoutId });
    await waitFor(async () => seen.find((view) => view.checkout_id === checkoutId && view.status === 'requires_action'), { what: 'the first push to the joined-early owner' });
    const confirm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/payments/checkouts/${checkoutId}/confirm`,
      payload: { approve: true },
      headers: { authorization: `Bearer ${await t.signInAs('Customer', account)}` },
    });
    expect(confirm.json().data.status).toBe('succeeded');
    await waitFor(async () => seen.find((view) => view.status === 'succeeded'), { what: 'the later push to the joined-early owner' });
    expect(new Set(seen.map((view) => view.version)).size).toBe(seen.length); // each push once

    // Once the checkout exists, a stranger's join still answers as an unknown id does.
    const late = await openAs('Customer', `late-${randomUUID()}`);
    expect(await follow(late, `checkout:${checkoutId}`)).toEqual(await follow(late, `checkout:${randomUUID()}`));
    await roundTrip(stranger);
    await roundTrip(stranger);
    expect(seenByStranger).toEqual([]);
  });

  it('keeps a declined payment with its message, newest first', async () => {
    const account = `acct-${randomUUID()}`;
    const monthly = await payWithTestCard(t, account, TEST_CARDS.succeeds, 'monthly');
    await endMembership(t, monthly.checkoutId, account); // one membership per member: the next plan after it ended
    const declined = await payWithTestCard(t, account, TEST_CARDS.declined, 'yearly');
    expect(declined.result.status).toBe('failed');
    const mine = await waitFor(async () => {
      const page = await history(account);
      return page.items.length === 2 && page.items.every((item) => item.settled_at) ? page : undefined;
    }, { what: 'both payments settled in the history' });
    expect(mine.items[0]).toMatchObject({ checkout_id: declined.checkoutId, status: 'failed', message: 'Your card was declined, so nothing was charged. Try another card.' });
    expect(mine.items[1]?.status).toBe('succeeded');
  });

  it('refuses a bad query and a signed-out caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine' })).statusCode).toBe(401);
    const token = await t.signInAs('Customer', `acct-${randomUUID()}`);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/payments/mine?sort=card_last4', headers: { authorization: `Bearer ${token}` } });
    expect(bad.statusCode).toBe(400);
  });
});
