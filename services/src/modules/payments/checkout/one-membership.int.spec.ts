import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MembershipView, membershipStream, type MembershipCancelled } from '@acpg/contracts/memberships';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { eventEnvelope } from '../../../platform/commands/envelope.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { payWithTestCard, testPaymentMethod } from '../../../../test/payments.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { CHARGES_COLLECTION } from '../charges/projection.ts';
import { checkoutStream } from './decider.ts';

const t = useTestApp();

const headersOf = async (accountId: string) => ({ authorization: `Bearer ${await t.signInAs('Customer', accountId)}` });
const planCheckout = async (accountId: string, planId: string, card: string = TEST_CARDS.succeeds) => {
  const checkoutId = randomUUID();
  const payload = { checkout_id: checkoutId, plan_id: planId, accept_terms: true, payment_method_id: await testPaymentMethod(t, accountId, card) };
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers: await headersOf(accountId) });
  return { checkoutId, payload, response };
};
const myMemberships = async (accountId: string) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/memberships/mine?page_size=50', headers: await headersOf(accountId) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.items as unknown[]).map((m) => MembershipView.parse(m));
};
/** Charges of the account the gateway was asked for (every started checkout), from the event log. */
const startedCheckouts = async (accountId: string) =>
  (await t.platform.eventStore.readAll({ after: 0, limit: 100_000, types: ['CheckoutStarted'] })).filter((e) => (e.data as { account_id: string }).account_id === accountId);

describe('one membership per member', () => {
  it('refuses a second Yearly and a Monthly to a member whose Yearly runs, charging nothing and listing one membership', async () => {
    const accountId = `acct-${randomUUID()}`;
    const first = await payWithTestCard(t, accountId, TEST_CARDS.succeeds, 'yearly');
    expect(first.result.status).toBe('succeeded');
    for (const planId of ['yearly', 'monthly']) {
      const { checkoutId, response } = await planCheckout(accountId, planId);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'ALREADY_A_MEMBER', message: expect.stringContaining('You already have a Yearly membership') });
      expect(response.json().message).toContain('Subscriptions');
      expect(await t.platform.eventStore.readStream(checkoutStream(checkoutId))).toEqual([]);
    }
    // Also once the membership is listed (the start job has run): still one.
    await waitFor(async () => (await myMemberships(accountId)).length === 1, { what: 'the membership listed' });
    expect((await planCheckout(accountId, 'monthly')).response.json()).toMatchObject({ code: 'ALREADY_A_MEMBER' });
    expect(await myMemberships(accountId)).toHaveLength(1);
    expect(await startedCheckouts(accountId)).toHaveLength(1);
  });

  it('charges one of five plan checkouts sent at once by one member', async () => {
    const accountId = `acct-${randomUUID()}`;
    const cards = await Promise.all(Array.from({ length: 5 }, () => testPaymentMethod(t, accountId, TEST_CARDS.succeeds)));
    const headers = await headersOf(accountId);
    const answers = await Promise.all(
      cards.map((card, i) =>
        t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload: { checkout_id: randomUUID(), plan_id: i % 2 ? 'monthly' : 'yearly', accept_terms: true, payment_method_id: card }, headers }),
      ),
    );
    const paid = answers.filter((a) => a.statusCode === 200);
    expect(paid, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(['ALREADY_A_MEMBER', 'MEMBERSHIP_PAYMENT_UNDER_WAY']).toContain(refused.json().code);
    }
    expect(await startedCheckouts(accountId)).toHaveLength(1);
    await waitFor(async () => (await myMemberships(accountId)).length === 1, { what: 'the membership listed' });
  });

  it('lets a member whose card was declined pay again, and a second member of the same plan pay', async () => {
    const accountId = `acct-${randomUUID()}`;
    const declined = await planCheckout(accountId, 'monthly', TEST_CARDS.declined);
    expect(declined.response.statusCode, declined.response.body).toBe(200);
    expect(declined.response.json().data.status).toBe('failed');
    const retried = await planCheckout(accountId, 'monthly');
    expect(retried.response.json().data).toMatchObject({ status: 'succeeded' });
    // Sending the paid checkout again answers it (a repeat, not a second purchase).
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/checkouts',
      payload: retried.payload,
      headers: await headersOf(accountId),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ checkout_id: retried.checkoutId, status: 'succeeded' });
    expect((await payWithTestCard(t, `acct-${randomUUID()}`, TEST_CARDS.succeeds, 'monthly')).result.status).toBe('succeeded');
  });

  it('refuses a member whose membership was bought before plan checkouts were claimed (its charge is all there is)', async () => {
    const accountId = `acct-${randomUUID()}`;
    const earlier = randomUUID();
    await t.platform.documents.upsert(CHARGES_COLLECTION, {
      _id: earlier, checkout_id: earlier, account_id: accountId, plan_id: 'monthly', nhd_order_id: null, equity_enrolment_id: null, renewal: null, status: 'succeeded',
    });
    const { response } = await planCheckout(accountId, 'yearly');
    expect(response.json()).toMatchObject({ code: 'ALREADY_A_MEMBER', message: expect.stringContaining('a Monthly membership') });
    // Its membership ended (the contract event on the membership's stream): the member may buy again.
    const ended = { membership_id: earlier, account_id: accountId, reason: 'member_cancelled', ended_at: new Date().toISOString() } satisfies MembershipCancelled;
    const meta = { now: new Date(), actor: 'system', correlationId: randomUUID(), causationId: null };
    await t.platform.eventStore.append(membershipStream(earlier), 0, [eventEnvelope(randomUUID(), 'MembershipCancelled', ended, meta)]);
    expect((await planCheckout(accountId, 'yearly')).response.json().data).toMatchObject({ status: 'succeeded' });
  });

  it('still quotes a promo code for a plan to a member (a quote charges nothing)', async () => {
    const accountId = `acct-${randomUUID()}`;
    await payWithTestCard(t, accountId, TEST_CARDS.succeeds, 'yearly');
    const quote = await t.app.inject({ method: 'POST', url: '/api/v1/payments/promo-codes/quote', payload: { code: 'NOPE-NOT-A-CODE', plan_id: 'yearly' }, headers: await headersOf(accountId) });
    expect(quote.json().code).not.toBe('ALREADY_A_MEMBER');
  });
});
