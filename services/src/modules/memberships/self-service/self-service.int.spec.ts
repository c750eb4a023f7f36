import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { useTestApp } from '../../../../test/harness.ts';
import { payWithTestCard, testPaymentMethod } from '../../../../test/payments.ts';
import { myMembership, savedCard } from '../../../../test/renewals.ts';
import { membershipStream } from '../membership/decider.ts';

const t = useTestApp();

const as = async (accountId: string, role: 'Customer' | 'Super Admin' = 'Customer') => ({ authorization: `Bearer ${await t.signInAs(role, accountId)}` });
const owner = async () => {
  const accountId = `acct-${randomUUID()}`;
  const { checkoutId } = await payWithTestCard(t, accountId, TEST_CARDS.succeeds, 'monthly');
  const headers = await as(accountId);
  await myMembership(t, headers, checkoutId, () => true, 'the membership listed');
  return { accountId, id: checkoutId, headers };
};
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

describe('membership moves: only the owner, clear refusals, nothing changed by a refusal', () => {
  it('someone else gets 404 (a Super Admin, no member, 403 by role whatever the id), a visitor 401, and the stream is unchanged', async () => {
    const m = await owner();
    const others = [
      { headers: await as(`acct-${randomUUID()}`), status: 404, code: 'MEMBERSHIP_NOT_FOUND' },
      { headers: await as(`admin-${randomUUID()}`, 'Super Admin'), status: 403, code: 'FORBIDDEN' },
    ];
    for (const { headers, status, code } of others) {
      for (const [url, payload] of [[`/api/v1/memberships/${m.id}/cancel`], [`/api/v1/memberships/${m.id}/resume`], [`/api/v1/memberships/${m.id}/switch`, { plan_name: 'Yearly' }]] as const) {
        const response = await post(url, headers, payload);
        expect(response.statusCode, url).toBe(status);
        expect(response.json()).toMatchObject({ success: false, code });
      }
    }
    // Exactly what a membership that does not exist answers (status, code and message), on every move.
    const stranger = await as(`acct-${randomUUID()}`);
    const card = await savedCard(t, m.accountId, TEST_CARDS.succeeds);
    for (const [method, path, payload] of [['POST', 'cancel'], ['POST', 'resume'], ['POST', 'switch', { plan_name: 'Yearly' }], ['PUT', 'card', { payment_method_id: card }]] as const) {
      const answer = async (id: string) => {
        const r = await t.app.inject({ method, url: `/api/v1/memberships/${id}/${path}`, headers: stranger, ...(payload ? { payload } : {}) });
        return { status: r.statusCode, code: r.json().code, message: r.json().message };
      };
      expect(await answer(m.id), path).toEqual(await answer(randomUUID()));
      expect(await answer(m.id), path).toEqual({ status: 404, code: 'MEMBERSHIP_NOT_FOUND', message: 'This membership was not found.' });
    }
    expect((await post(`/api/v1/memberships/${m.id}/cancel`, {})).statusCode).toBe(401);
    expect((await post(`/api/v1/memberships/${randomUUID()}/cancel`, m.headers)).statusCode).toBe(404);
    expect(await t.platform.eventStore.readStream(membershipStream(m.id))).toHaveLength(1);
  });

  it('bad bodies get 400; illegal moves 409 with their codes', async () => {
    const m = await owner();
    for (const payload of [{}, { plan_name: 'Weekly' }, { plan_name: 7 }]) {
      const response = await post(`/api/v1/memberships/${m.id}/switch`, m.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect((await post(`/api/v1/memberships/${m.id}/resume`, m.headers)).json()).toMatchObject({ code: 'NOT_CANCELLING' });
    expect((await post(`/api/v1/memberships/${m.id}/switch`, m.headers, { plan_name: 'Monthly' })).json()).toMatchObject({ code: 'SAME_PLAN' });
    const cancelled = await post(`/api/v1/memberships/${m.id}/cancel`, m.headers);
    expect(cancelled.statusCode).toBe(200);
    const again = await post(`/api/v1/memberships/${m.id}/cancel`, m.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CANCELLING', message: expect.stringMatching(/ends on \w+ \d+, \d{4}/) });
    const row = await myMembership(t, m.headers, m.id, (r) => r.cancel_at_period_end, 'the cancellation listed');
    expect(row.status).toBe('trialing');
  });

  it('a card update takes only a card the owner saved (CARD_NOT_SAVED otherwise), and shows its last four', async () => {
    const m = await owner();
    const unsaved = await testPaymentMethod(t, m.accountId, TEST_CARDS.declined);
    const put = (paymentMethodId: string, headers = m.headers) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/memberships/${m.id}/card`, payload: { payment_method_id: paymentMethodId }, headers });
    expect((await put(unsaved)).json()).toMatchObject({ success: false, code: 'CARD_NOT_SAVED' });
    const someoneElse = `acct-${randomUUID()}`;
    const theirs = await savedCard(t, someoneElse, TEST_CARDS.succeeds);
    expect((await put(theirs)).json()).toMatchObject({ code: 'CARD_NOT_SAVED' });
    const mine = await savedCard(t, m.accountId, TEST_CARDS.declinedWhenCharged);
    expect((await put(mine, await as(someoneElse))).statusCode).toBe(404);
    const updated = await put(mine);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ card_brand: 'visa', card_last4: '0341' });
    await myMembership(t, m.headers, m.id, (r) => r.card_last4 === '0341', 'the new card listed');
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/memberships/${m.id}/card`, payload: {}, headers: m.headers })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/payments/saved-cards', () => {
  it("checks the caller's card with a zero-amount authorization: 0002 is declined at once and nothing is saved", async () => {
    const accountId = `acct-${randomUUID()}`;
    const headers = await as(accountId);
    const declined = await testPaymentMethod(t, accountId, TEST_CARDS.declined);
    const refused = await post('/api/v1/payments/saved-cards', headers, { payment_method_id: declined });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'CARD_DECLINED', message: expect.stringMatching(/declined this card.*not saved/) });
    expect(await t.platform.eventStore.readStream(`payments-card-${declined}`)).toEqual([]);
    const later = await testPaymentMethod(t, accountId, TEST_CARDS.declinedWhenCharged);
    expect((await post('/api/v1/payments/saved-cards', headers, { payment_method_id: later })).statusCode).toBe(200);
  });

  it("saves the caller's card once (CardSaved), refuses another's card, a card with a second step, and a visitor", async () => {
    const accountId = `acct-${randomUUID()}`;
    const headers = await as(accountId);
    const pm = await testPaymentMethod(t, accountId, TEST_CARDS.succeeds);
    for (let i = 0; i < 2; i++) {
      const saved = await post('/api/v1/payments/saved-cards', headers, { payment_method_id: pm });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual({ payment_method_id: pm, brand: 'visa', last4: '4242' });
    }
    const stream = await t.platform.eventStore.readStream(`payments-card-${pm}`);
    expect(stream.map((e) => e.type)).toEqual(['CardSaved']);
    expect(stream[0]?.data).toMatchObject({ account_id: accountId, card_last4: '4242' });
    expect((await post('/api/v1/payments/saved-cards', await as(`acct-${randomUUID()}`), { payment_method_id: pm })).statusCode).toBe(404);
    const stepCard = await testPaymentMethod(t, accountId, TEST_CARDS.requiresAction);
    expect((await post('/api/v1/payments/saved-cards', headers, { payment_method_id: stepCard })).json()).toMatchObject({ code: 'CARD_NOT_SAVED' });
    expect((await post('/api/v1/payments/saved-cards', {}, { payment_method_id: pm })).statusCode).toBe(401);
    expect((await post('/api/v1/payments/saved-cards', headers, {})).statusCode).toBe(400);
  });
});
