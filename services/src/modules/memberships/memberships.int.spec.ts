import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_UPDATED_MESSAGE, type MembershipView } from '@acpg/contracts/memberships';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { runReaction } from '../../platform/reactions/start.ts';
import { useTestApp } from '../../../test/harness.ts';
import { socketClients } from '../../../test/sockets.ts';
import { endMembership, payWithTestCard } from '../../../test/payments.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { startMembershipFor } from './start-on-payment/commands.ts';
import { startOnPaymentReaction } from './start-on-payment/reaction.ts';
import { membershipStream } from './membership/decider.ts';
import { addMonthsUtc } from './membership/dates.ts';

const paidMembership = payWithTestCard;

const t = useTestApp();
const sockets = socketClients(() => t);

const mine = async (accountId: string, query = '') => {
  const token = await t.signInAs('Customer', accountId);
  return t.app.inject({ method: 'GET', url: `/api/v1/memberships/mine${query}`, headers: { authorization: `Bearer ${token}` } });
};
const items = async (accountId: string, query = '') => {
  const response = await mine(accountId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: MembershipView[]; total: number; page: number; page_size: number };
};

describe('a successful payment starts a membership (PaymentSucceeded → reaction → job → StartMembership)', () => {
  it('lists it for the payer with plan, status, trial end, next renewal, amounts and the card, and for nobody else', async () => {
    const account = `acct-${randomUUID()}`;
    const { checkoutId, result } = await paidMembership(t, account, TEST_CARDS.succeeds, 'monthly');
    expect(result.status).toBe('succeeded');
    const page = await waitFor(async () => ((await items(account)).total === 1 ? items(account) : undefined), { what: 'the membership listed' });
    const [paid] = await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`, 2);
    const paidAt = (paid?.data as { paid_at: string }).paid_at;
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(page.items[0]).toMatchObject({
      id: checkoutId,
      account_id: account,
      plan_id: 'monthly',
      plan_name: 'Monthly',
      status: 'trialing',
      started_at: paidAt,
      amount_cents: 1995,
      renewal_amount_cents: 1995,
      next_charge_cents: 1995,
      paid_cents: 6400,
      card_brand: 'visa',
      card_last4: '4242',
    });
    expect(page.items[0]?.trial_ends_at).toBe(addMonthsUtc(paidAt, 1));
    expect(page.items[0]?.next_renewal_at).toBe(page.items[0]?.trial_ends_at);
    const [started] = await t.platform.eventStore.readStream(membershipStream(checkoutId));
    expect(started).toMatchObject({ type: 'MembershipStarted', causationId: paid?.id, correlationId: paid?.correlationId, actor: 'memberships.start-on-payment' });
    expect((await items(`acct-${randomUUID()}`)).total).toBe(0);
  });

  it('starts it once when the payment is delivered again or the job runs again', async () => {
    const account = `acct-${randomUUID()}`;
    const { checkoutId } = await paidMembership(t, account, TEST_CARDS.succeeds, 'yearly');
    await waitFor(async () => (await items(account)).total === 1, { what: 'the membership listed' });
    const [paid] = await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`, 2);
    if (!paid) throw new Error('no PaymentSucceeded');
    await runReaction(startOnPaymentReaction, paid, t.platform); // the same job id: ignored by the queue
    expect(await startMembershipFor(t.platform, paid)).toBe(false); // the job itself again: the stream exists
    expect(await t.platform.eventStore.readStream(membershipStream(checkoutId))).toHaveLength(1);
    const page = await items(account);
    expect(page.items).toMatchObject([{ plan_name: 'Yearly', status: 'active', trial_ends_at: null, amount_cents: 19_900, renewal_amount_cents: 19_900, next_charge_cents: 19_900, paid_cents: 21_400 }]);
  });

  it('a declined card and a refused second step start nothing', async () => {
    const account = `acct-${randomUUID()}`;
    expect((await paidMembership(t, account, TEST_CARDS.declined, 'monthly')).result.status).toBe('failed');
    const action = await paidMembership(t, account, TEST_CARDS.requiresAction, 'monthly');
    expect(action.result.status).toBe('requires_action');
    const token = await t.signInAs('Customer', account);
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/payments/checkouts/${action.checkoutId}/confirm`, payload: { approve: false }, headers: { authorization: `Bearer ${token}` } });
    expect(refused.json().data.status).toBe('failed');
    // A later payment that succeeds is reacted to after the failures (in log order): then exactly its membership is there.
    const later = await paidMembership(t, account, TEST_CARDS.succeeds, 'yearly');
    const page = await waitFor(async () => ((await items(account)).total > 0 ? items(account) : undefined), { what: 'the later membership' });
    expect(page.items.map((m) => m.id)).toEqual([later.checkoutId]);
    expect(await t.platform.eventStore.readStream(membershipStream(action.checkoutId))).toHaveLength(0);
  });
});

describe('GET /api/v1/memberships/mine', () => {
  it('pages and sorts on the server', async () => {
    const account = `acct-${randomUUID()}`;
    // One membership per member: the Monthly one ended before the Yearly one was bought.
    const monthly = await paidMembership(t, account, TEST_CARDS.succeeds, 'monthly');
    await endMembership(t, monthly.checkoutId, account);
    await paidMembership(t, account, TEST_CARDS.succeeds, 'yearly');
    await waitFor(async () => (await items(account)).total === 2, { what: 'both memberships listed' });
    const first = await items(account, '?page=1&page_size=1&sort=plan_name&order=asc');
    const second = await items(account, '?page=2&page_size=1&sort=plan_name&order=asc');
    expect([first.items[0]?.plan_name, second.items[0]?.plan_name]).toEqual(['Monthly', 'Yearly']);
    expect(first).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect((await items(account, '?sort=next_renewal_at&order=asc')).items.map((m) => m.plan_name)).toEqual(['Monthly', 'Yearly']);
  });

  it('refuses a caller who is not signed in and a bad query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/memberships/mine' })).statusCode).toBe(401);
    for (const query of ['?page=0', '?page_size=1000', '?sort=card_number', '?order=up']) {
      const response = await mine('acct-x', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('membership.updated on account:<id> (socket.io)', () => {
  const open = async (accountId: string) => sockets.openAs('Customer', accountId);

  it('pushes the new membership to its account after the read model has it, and to nobody else', async () => {
    const account = `acct-${randomUUID()}`;
    const own = await open(account);
    const other = await open(`acct-${randomUUID()}`);
    expect(await sockets.follow(own, `account:${account}`)).toEqual({ ok: true });
    // Answered as any other id (nothing is learnt from it); nothing of that account reaches this socket (below).
    expect(await sockets.follow(other, `account:${account}`)).toEqual({ ok: true });
    const toOwn: MembershipView[] = [];
    const toOther: unknown[] = [];
    own.on(MEMBERSHIP_UPDATED_MESSAGE, (payload: MembershipView) => toOwn.push(payload));
    other.on(MEMBERSHIP_UPDATED_MESSAGE, (payload: unknown) => toOther.push(payload));

    const { checkoutId } = await paidMembership(t, account, TEST_CARDS.succeeds, 'monthly');
    const pushed = await waitFor(() => toOwn[0], { what: 'the membership pushed to the account room' });
    expect(pushed).toMatchObject({ id: checkoutId, account_id: account, plan_name: 'Monthly', card_last4: '4242', version: 1 });
    expect(pushed.position).toBeGreaterThan(0);
    expect((await items(account)).items[0]).toMatchObject({ id: checkoutId, version: pushed.version, position: pushed.position });
    await sockets.roundTrip(other); // anything sent to it has arrived
    expect(toOther).toEqual([]);
  });
});
