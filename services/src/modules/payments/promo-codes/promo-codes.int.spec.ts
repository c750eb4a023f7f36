import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CheckoutResult } from '@acpg/contracts/payments';
import { PRODUCT_PROMO_TARGETS, PromoCodeView, PromoQuote, promoCodeStream } from '@acpg/contracts/promo-codes';
import type { Role } from '@acpg/contracts/roles';
import { useTestApp } from '../../../../test/harness.ts';
import { terms, uniqueCode } from '../../../../test/promo-codes.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { checkoutStream } from '../checkout/decider.ts';
import { testGateway } from '../gateway/select.ts';
import type { TestCardBehavior } from '../gateway/test-cards.ts';
import { PROMO_ABANDON_AFTER_MS, promoRedemptionsReaction, settlePromoReservation } from './redemptions.ts';

const t = useTestApp();

const newAccount = () => `acct-${randomUUID()}`;
const headers = async (who: Role | { account: string } | null) =>
  who === null ? {} : { authorization: `Bearer ${typeof who === 'string' ? await t.signInAs(who) : await t.signInAs('Customer', who.account)}` };
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, who: Role | { account: string } | null, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: await headers(who), ...(payload === undefined ? {} : { payload: payload as object }) });

/** A card on file with the test gateway (the card form's route is rate limited per address: not the subject here). */
const cardOf = async (account: string, behavior: TestCardBehavior = 'succeeds') =>
  (await testGateway(t.platform).createPaymentMethod({ brand: 'visa', last4: behavior === 'succeeds' ? '4242' : '0002', behavior, customer: account })).id;

const create = async (code: string, over: Record<string, unknown> = {}) => {
  const response = await call('POST', '/admin/promo-codes', 'Super Admin', { code, ...terms(over) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const checkout = async (account: string, promo_code: string | undefined, behavior: TestCardBehavior = 'succeeds') =>
  call('POST', '/payments/checkouts', { account }, { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: await cardOf(account, behavior), ...(promo_code ? { promo_code } : {}) });
const row = async (code: string) => {
  const response = await call('GET', `/admin/promo-codes?code=${code}`, 'Super Admin');
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json().data.items.map((i: unknown) => PromoCodeView.parse(i));
  return items.find((i: PromoCodeView) => i.code === code) as PromoCodeView | undefined;
};

// Yearly (seeded): $199.00 plus a $15.00 recording fee, no trial: $214.00 due today.
const YEARLY_DUE = 21_400;

describe('promo codes at checkout', () => {
  it('twenty concurrent checkouts with a code limited to five: exactly five get it, the others the limit message', async () => {
    const code = uniqueCode('five');
    await create(code, { max_redemptions: 5 });
    const accounts = Array.from({ length: 20 }, newAccount);
    const cards = await Promise.all(accounts.map((a) => cardOf(a)));
    const responses = await Promise.all(
      accounts.map((account, i) => call('POST', '/payments/checkouts', { account }, { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: cards[i], promo_code: code.toLowerCase() })),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(5);
    for (const r of ok) expect(CheckoutResult.parse(r.json().data).amount_due).toBe(YEARLY_DUE - 2140);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'PROMO_LIMIT_REACHED', message: `The promo code ${code} has been used as many times as it allows. Pay without it.` });
    }
    const reserved = (await t.platform.eventStore.readStream(promoCodeStream(code))).filter((e) => e.type === 'PromoCodeReserved');
    expect(reserved).toHaveLength(5);
    await waitFor(async () => (await row(code))?.redeemed_count === 5, { what: 'five redemptions listed', timeoutMs: 20_000 });
    expect(await row(code)).toMatchObject({ redeemed_count: 5, reserved_count: 0 });
  });

  it('puts the promo on CheckoutStarted and charges the discounted amount; a declined card frees the redemption', async () => {
    const code = uniqueCode('once');
    await create(code, { discount_kind: 'amount', discount_value: 5_000, max_redemptions: 1 });
    const account = newAccount();
    const declined = await checkout(account, code, 'declined');
    expect(declined.statusCode, declined.body).toBe(200);
    const result = CheckoutResult.parse(declined.json().data);
    expect(result).toMatchObject({ amount_due: YEARLY_DUE - 5_000 });
    const [started] = await t.platform.eventStore.readStream(checkoutStream(result.checkout_id));
    expect(started?.data).toMatchObject({ amount_cents: YEARLY_DUE - 5_000, promo: { promo_code: code, list_amount_cents: YEARLY_DUE, discount_cents: 5_000 } });
    await waitFor(async () => (await t.platform.eventStore.readStream(promoCodeStream(code))).some((e) => e.type === 'PromoCodeReleased'), { what: 'the release' });
    // The one redemption is free again: the next payer gets it.
    const paid = await checkout(account, code);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await checkout(newAccount(), code)).json()).toMatchObject({ code: 'PROMO_LIMIT_REACHED' });
  });

  it('holds the per-account limit, and a repeat of the same checkout keeps its one reservation', async () => {
    const code = uniqueCode('each');
    await create(code, { max_per_account: 1 });
    const account = newAccount();
    const body = { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: await cardOf(account), promo_code: code };
    const [a, b] = await Promise.all([call('POST', '/payments/checkouts', { account }, body), call('POST', '/payments/checkouts', { account }, body)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect((await t.platform.eventStore.readStream(promoCodeStream(code))).filter((e) => e.type === 'PromoCodeReserved')).toHaveLength(1);
    const again = await checkout(account, code);
    expect(again.json()).toMatchObject({ code: 'PROMO_LIMIT_REACHED', message: `You have used the promo code ${code} as many times as it allows. Pay without it.` });
    expect((await checkout(newAccount(), code)).statusCode).toBe(200);
    const other = await call('POST', '/payments/checkouts', { account }, { ...body, promo_code: undefined });
    expect(other.json()).toMatchObject({ code: 'CHECKOUT_MISMATCH' });
  });

  it('refuses unknown, inactive, not yet valid, expired and other-plan codes clearly, starting no checkout', async () => {
    const soon = uniqueCode('soon');
    const old = uniqueCode('old');
    const monthly = uniqueCode('month');
    const off = uniqueCode('off');
    await create(soon, { valid_from: '2999-01-01T00:00:00Z' });
    await create(old, { valid_from: '2020-01-01T00:00:00Z', valid_to: '2021-01-01T00:00:00Z' });
    await create(monthly, { plan_ids: ['monthly'] });
    await create(off);
    expect((await call('POST', `/admin/promo-codes/${off}/deactivate`, 'Super Admin')).statusCode).toBe(200);
    for (const [code, expected, message] of [
      ['NO-SUCH-CODE', 'PROMO_UNKNOWN', 'We do not know the promo code NO-SUCH-CODE. Check its spelling, or pay without it.'],
      ['!!', 'PROMO_UNKNOWN', 'We do not know this promo code. Check its spelling, or pay without it.'],
      [off, 'PROMO_INACTIVE', `The promo code ${off} is no longer offered. Pay without it.`],
      [soon, 'PROMO_NOT_YET_VALID', `The promo code ${soon} can be used from 2999-01-01 (UTC). Pay without it, or come back then.`],
      [old, 'PROMO_EXPIRED', `The promo code ${old} expired on 2021-01-01 (UTC). Pay without it.`],
      [monthly, 'PROMO_NOT_FOR_PLAN', `The promo code ${monthly} does not apply to this plan. Choose another plan, or pay without it.`],
    ] as const) {
      const quote = await call('POST', '/payments/promo-codes/quote', null, { code, plan_id: 'yearly' });
      expect(quote.statusCode, code).toBe(400);
      expect(quote.json()).toMatchObject({ success: false, code: expected, message });
      const refused = await call('POST', '/payments/checkouts', { account: newAccount() }, { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: 'pm_x', promo_code: code });
      expect(refused.statusCode).toBe(404); // the card is checked first: nothing is reserved for a checkout that cannot start
    }
    const account = newAccount();
    const id = randomUUID();
    const refused = await call('POST', '/payments/checkouts', { account }, { checkout_id: id, plan_id: 'yearly', accept_terms: true, payment_method_id: await cardOf(account), promo_code: old });
    expect(refused.json()).toMatchObject({ code: 'PROMO_EXPIRED' });
    expect(await t.platform.eventStore.readStream(checkoutStream(id))).toEqual([]);
  });

  it('quotes a code to anyone: list amount, discount and amount due', async () => {
    const code = uniqueCode('quote');
    await create(code, { discount_value: 25, plan_ids: ['yearly', 'monthly'] });
    const yearly = await call('POST', '/payments/promo-codes/quote', null, { code: code.toLowerCase(), plan_id: 'yearly' });
    expect(yearly.statusCode, yearly.body).toBe(200);
    expect(PromoQuote.parse(yearly.json().data)).toEqual({ code, plan_id: 'yearly', list_amount_cents: YEARLY_DUE, discount_cents: 5_350, amount_due_cents: 16_050 });
    const monthly = await call('POST', '/payments/promo-codes/quote', { account: newAccount() }, { code, plan_id: 'monthly' });
    expect(monthly.json().data).toMatchObject({ list_amount_cents: 6_400, discount_cents: 1_600, amount_due_cents: 4_800 });
    expect((await call('POST', '/payments/promo-codes/quote', null, { code, plan_id: 'nope' })).statusCode).toBe(404);
    expect((await call('POST', '/payments/promo-codes/quote', null, { code: '', plan_id: 'yearly' })).statusCode).toBe(400);
  });

  it('releases an abandoned checkout 30 minutes after it started, and redeems a late payment all the same', async () => {
    const code = uniqueCode('gone');
    await create(code, { max_redemptions: 1 });
    const account = newAccount();
    const response = await checkout(account, code);
    const { checkout_id } = CheckoutResult.parse(response.json().data);
    const [started] = await t.platform.eventStore.readStream(checkoutStream(checkout_id));
    if (!started) throw new Error('no CheckoutStarted');
    const jobs = await promoRedemptionsReaction.jobs(started, t.platform);
    expect(jobs).toEqual([expect.objectContaining({ name: 'release-if-abandoned', delayMs: PROMO_ABANDON_AFTER_MS })]);
    // Paid: the 30-minute check redeems (never releases) it.
    await settlePromoReservation(t.platform, checkout_id, true);
    const types = async () => (await t.platform.eventStore.readStream(promoCodeStream(code))).map((e) => e.type);
    await waitFor(async () => (await types()).includes('PromoCodeRedeemed'), { what: 'the redemption' });
    expect((await types()).filter((x) => x === 'PromoCodeReleased')).toEqual([]);
  });
});

describe('abandoned checkouts', () => {
  it('a checkout still waiting for its second step 30 minutes on gives its redemption back', async () => {
    const code = uniqueCode('wait');
    await create(code, { max_redemptions: 1 });
    const account = newAccount();
    const waiting = await checkout(account, code, 'requires_action');
    const result = CheckoutResult.parse(waiting.json().data);
    expect(result.status).toBe('requires_action');
    expect((await checkout(newAccount(), code)).json()).toMatchObject({ code: 'PROMO_LIMIT_REACHED' });
    await settlePromoReservation(t.platform, result.checkout_id, false); // a payment event's job: still waiting, nothing to settle
    expect((await t.platform.eventStore.readStream(promoCodeStream(code))).map((e) => e.type)).toEqual(['PromoCodeCreated', 'PromoCodeReserved']);
    await settlePromoReservation(t.platform, result.checkout_id, true); // the 30-minute check
    await settlePromoReservation(t.platform, result.checkout_id, true); // run twice: released once
    const events = await t.platform.eventStore.readStream(promoCodeStream(code));
    expect(events.map((e) => e.type)).toEqual(['PromoCodeCreated', 'PromoCodeReserved', 'PromoCodeReleased']);
    expect(events[2]?.data).toMatchObject({ reason: 'abandoned', reserved_count: 0, redeemed_count: 0 });
    expect((await checkout(newAccount(), code)).statusCode).toBe(200);
  });
});

describe('admin promo code routes', () => {
  it('creates, lists with counts, edits, deactivates and activates; refuses bad input and a second create', async () => {
    const code = uniqueCode('adm');
    await create(code, { max_redemptions: 10 });
    expect((await call('POST', '/admin/promo-codes', 'Super Admin', { code, ...terms() })).json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    await waitFor(async () => (await row(code)) !== undefined, { what: 'the row' });
    expect(await row(code)).toMatchObject({ code, status: 'active', discount_kind: 'percent', discount_value: 10, plan_ids: ['yearly'], max_redemptions: 10, redeemed_count: 0 });
    const edited = await call('PUT', `/admin/promo-codes/${code.toLowerCase()}`, 'Super Admin', terms({ discount_value: 15, plan_ids: ['yearly', 'monthly'] }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call('POST', `/admin/promo-codes/${code}/deactivate`, 'Super Admin')).json().data).toMatchObject({ status: 'inactive' });
    await waitFor(async () => (await row(code))?.status === 'inactive', { what: 'inactive listed' });
    expect(await row(code)).toMatchObject({ discount_value: 15, plan_ids: ['yearly', 'monthly'] });
    const inactive = await call('GET', '/admin/promo-codes?status=inactive&page_size=100', 'Super Admin');
    expect(inactive.json().data.items.every((i: PromoCodeView) => i.status === 'inactive')).toBe(true);
    expect((await call('POST', `/admin/promo-codes/${code}/activate`, 'Super Admin')).json().data).toMatchObject({ status: 'active' });

    const before = await t.platform.eventStore.readStream(promoCodeStream(code));
    for (const bad of [
      terms({ discount_kind: 'percent', discount_value: 101 }),
      terms({ discount_value: 0 }),
      terms({ discount_value: 1.5 }),
      terms({ plan_ids: [] }),
      terms({ plan_ids: ['nope'] }),
      terms({ plan_ids: ['yearly-renewal'] }),
      terms({ valid_from: '2026-01-02T00:00:00Z', valid_to: '2026-01-01T00:00:00Z' }),
      terms({ valid_from: 'tomorrow' }),
      terms({ max_redemptions: 0 }),
    ]) {
      const response = await call('PUT', `/admin/promo-codes/${code}`, 'Super Admin', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await call('PUT', '/admin/promo-codes/NOT-THERE', 'Super Admin', terms())).statusCode).toBe(404);
    expect((await call('POST', '/admin/promo-codes', 'Super Admin', { code: 'a b', ...terms() })).statusCode).toBe(400);
    expect(await t.platform.eventStore.readStream(promoCodeStream(code))).toEqual(before);
  });

  it('creates a code for every product of the one list (NHD reports, Equity Protect), alone or with a plan, and lists it by that target', async () => {
    for (const target of PRODUCT_PROMO_TARGETS) {
      const code = uniqueCode(target.id.slice(0, 3));
      const created = await call('POST', '/admin/promo-codes', 'Super Admin', { code, ...terms({ plan_ids: [target.id] }) });
      expect(created.statusCode, created.body).toBe(200);
      const edited = await call('PUT', `/admin/promo-codes/${code}`, 'Super Admin', terms({ plan_ids: ['yearly', target.id] }));
      expect(edited.statusCode, edited.body).toBe(200);
      await waitFor(async () => (await row(code))?.plan_ids.length === 2, { what: 'the edited row' });
      const listed = await call('GET', `/admin/promo-codes?plan_id=${target.id}&code=${code}`, 'Super Admin');
      expect(listed.json().data.items.map((i: PromoCodeView) => i.code)).toEqual([code]);
    }
    const unknown = await call('POST', '/admin/promo-codes', 'Super Admin', { code: uniqueCode('unk'), ...terms({ plan_ids: ['nope'] }) });
    expect(unknown.json()).toMatchObject({ code: 'PLAN_NOT_FOUND', errors: [{ path: 'plan_ids' }] });
    for (const target of PRODUCT_PROMO_TARGETS) expect(unknown.json().message).toContain(target.id);
  });

  it('answers 403 to a customer and 401 to a visitor on every admin route, changing nothing', async () => {
    const code = uniqueCode('guard');
    await create(code);
    const before = await t.platform.eventStore.readStream(promoCodeStream(code));
    for (const who of ['Customer', 'Provider Admin', null] as const) {
      const expected = who === null ? 401 : 403;
      expect((await call('GET', '/admin/promo-codes', who)).statusCode).toBe(expected);
      expect((await call('POST', '/admin/promo-codes', who, { code: uniqueCode('x'), ...terms() })).statusCode).toBe(expected);
      expect((await call('PUT', `/admin/promo-codes/${code}`, who, terms({ discount_value: 50 }))).statusCode).toBe(expected);
      expect((await call('POST', `/admin/promo-codes/${code}/deactivate`, who)).statusCode).toBe(expected);
      expect((await call('POST', `/admin/promo-codes/${code}/activate`, who)).statusCode).toBe(expected);
    }
    expect(await t.platform.eventStore.readStream(promoCodeStream(code))).toEqual(before);
  });

  it('refuses to lower the total limit below the redemptions in use', async () => {
    const code = uniqueCode('low');
    await create(code, { max_redemptions: 3 });
    expect((await checkout(newAccount(), code)).statusCode).toBe(200);
    expect((await checkout(newAccount(), code)).statusCode).toBe(200);
    const lowered = await call('PUT', `/admin/promo-codes/${code}`, 'Super Admin', terms({ max_redemptions: 1 }));
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json()).toMatchObject({ code: 'PROMO_LIMIT_BELOW_USE' });
  });
});

describe('promo code routes in the OpenAPI document', () => {
  it('documents the admin routes, the quote and the promo_code of a checkout', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    for (const path of ['/api/v1/admin/promo-codes', '/api/v1/admin/promo-codes/{code}', '/api/v1/admin/promo-codes/{code}/deactivate', '/api/v1/payments/promo-codes/quote']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/v1/payments/checkouts']?.post?.requestBody)).toContain('promo_code');
    // What a code may apply to: the products of the one list, named where plan_ids is described.
    const createBody = JSON.stringify(doc.paths['/api/v1/admin/promo-codes']?.post?.requestBody);
    for (const target of PRODUCT_PROMO_TARGETS) expect(createBody).toContain(target.id);
  });
});
