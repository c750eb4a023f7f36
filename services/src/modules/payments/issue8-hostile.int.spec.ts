import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckoutResult } from '@acpg/contracts/payments';
import { promoCodeStream } from '@acpg/contracts/promo-codes';
import type { Role } from '@acpg/contracts/roles';
import { testGateway } from './gateway/select.ts';
import type { TestCardBehavior } from './gateway/test-cards.ts';
import { useTestApp } from '../../../test/harness.ts';
import { planBody } from '../../../test/plans.ts';
import { terms, uniqueCode } from '../../../test/promo-codes.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { answerOf, bearer, expectNoCrash, expectRefusal, expectSameAnswer, hostileClient, label } from '../../../test/hostile.ts';

/**
 * Issue 8's merged HTTP API under hostile use: payment history and one charge, receipts, promo codes (admin, quote,
 * reservation at checkout) and plans admin: bad terms and plan definitions, one account against another, concurrent
 * redemptions, edits and activations. Every route without a token and as every role, malformed JSON, wrong types and
 * odd ids: the generated `authorization-matrix.int.spec.ts` and `hostile-input.int.spec.ts`.
 */

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  url: string;
  auth: 'public' | 'signed-in' | 'admin';
  body?: Record<string, unknown>;
}

const GUARD_CODE = `GUARD-${randomUUID().slice(0, 8)}`.toUpperCase();
/** The roles that are not Super Admins (another customer's checkout answers them as an unknown one). */
const ROLES: Role[] = ['Customer', 'Agent', 'Broker', 'Owner', 'Provider Admin'];


const { call, unchanged, sameAsUnknown } = hostileClient(() => t);
/** A role's synthetic user (`test-<role>`), or a customer with this account. */
const as = async (who: Role | { account: string }) => bearer(typeof who === 'string' ? await t.signInAs(who) : await t.signInAs('Customer', who.account));

const newAccount = () => `acct-${randomUUID()}`;
const cardOf = async (account: string, behavior: TestCardBehavior = 'succeeds') =>
  (await testGateway(t.platform).createPaymentMethod({ brand: 'visa', last4: behavior === 'succeeds' ? '4242' : '0002', behavior, customer: account })).id;
const createCode = async (code: string, over: Record<string, unknown> = {}) => {
  const response = await call({ method: 'POST', url: '/admin/promo-codes', headers: await as('Super Admin'), payload: { code, ...terms(over) } });
  expect(response.statusCode, response.body).toBe(200);
};
const checkout = async (account: string, promo_code?: string, behavior: TestCardBehavior = 'succeeds', checkout_id: string = randomUUID()) =>
  call({ method: 'POST', url: '/payments/checkouts', headers: await as({ account }), payload: { checkout_id, plan_id: 'yearly', accept_terms: true, payment_method_id: await cardOf(account, behavior), ...(promo_code ? { promo_code } : {}) } });
const codeEvents = async (code: string) => (await t.platform.eventStore.readStream(promoCodeStream(code))).map((e) => e.type);
const reservedHeld = async (code: string) => {
  let held = 0;
  for (const e of await t.platform.eventStore.readStream(promoCodeStream(code))) {
    if (e.type === 'PromoCodeReserved') held++;
    if (e.type === 'PromoCodeReleased') held--;
  }
  return held;
};

beforeAll(async () => {
  await createCode(GUARD_CODE);
}, 60_000);

describe('malformed input', () => {
  const huge = 'x'.repeat(20_000);

  it('refuses bad promo code terms: percent over 100, zero, negative, fractional or overflowing amounts, dates out of order', async () => {
    const headers = await as('Super Admin');
    const bad = [
      terms({ discount_value: 101 }),
      terms({ discount_value: 0 }),
      terms({ discount_value: -5 }),
      terms({ discount_value: 10.5 }),
      terms({ discount_value: '10' }),
      terms({ discount_kind: 'amount', discount_value: 1e20 }),
      terms({ discount_kind: 'amount', discount_value: Number.MAX_SAFE_INTEGER + 2 }),
      terms({ discount_kind: 'bogus' }),
      terms({ valid_from: '2027-01-02T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }),
      terms({ valid_from: '2027-01-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }),
      terms({ valid_from: '2027-02-30T00:00:00Z' }),
      terms({ valid_from: '2027-13-01T00:00:00Z' }),
      terms({ valid_from: '99999-01-01T00:00:00Z' }),
      terms({ valid_from: 1_700_000_000_000 }),
      terms({ plan_ids: ['yearly', 'yearly'] }),
      terms({ plan_ids: ['yearly-renewal'] }),
      terms({ plan_ids: ['nope'] }),
      terms({ plan_ids: [huge] }),
      terms({ plan_ids: Array.from({ length: 51 }, (_, i) => `p${i}`) }),
      terms({ max_redemptions: 0 }),
      terms({ max_redemptions: -1 }),
      terms({ max_redemptions: 1.5 }),
      terms({ max_redemptions: 1e12 }),
      terms({ max_per_account: 0 }),
    ];
    await unchanged(async () => {
      for (const body of bad) {
        expectRefusal(await call({ method: 'POST', url: '/admin/promo-codes', headers, payload: { code: uniqueCode('bad'), ...body } }), `create ${JSON.stringify(body).slice(0, 160)}`, [400]);
        expectRefusal(await call({ method: 'PUT', url: `/admin/promo-codes/${GUARD_CODE}`, headers, payload: body }), `edit ${JSON.stringify(body).slice(0, 160)}`, [400]);
      }
      for (const code of ['ab', 'a b', 'x'.repeat(33), 'SAVE%', 'ÜBER10', '😀😀😀', '-LEAD', '', '../../X']) {
        expectRefusal(await call({ method: 'POST', url: '/admin/promo-codes', headers, payload: { code, ...terms() } }), `code ${JSON.stringify(code)}`, [400]);
      }
    });
  });

  it('refuses a second code that differs only in case or spaces (409), and creates one of many concurrent creates', async () => {
    const code = uniqueCode('dup');
    const headers = await as('Super Admin');
    const responses = await Promise.all(
      [code, code.toLowerCase(), ` ${code} `, code, code.toLowerCase()].map((c) => call({ method: 'POST', url: '/admin/promo-codes', headers, payload: { code: c, ...terms() } })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) expectRefusal(r, 'a second create', [409]);
    expect(await codeEvents(code)).toEqual(['PromoCodeCreated']);
  });

  it('answers every admin path with a code that is no code, or no such code, with a 4xx and nothing written', async () => {
    const headers = await as('Super Admin');
    await unchanged(async () => {
      for (const code of ['ab', '%00', '..%2F..%2Fetc', 'x'.repeat(300), '%E2%98%83', 'NO-SUCH-CODE-HERE']) {
        expectRefusal(await call({ method: 'PUT', url: `/admin/promo-codes/${code}`, headers, payload: terms() }), `edit ${code.slice(0, 20)}`, [400, 404]);
        for (const action of ['deactivate', 'activate']) {
          expectRefusal(await call({ method: 'POST', url: `/admin/promo-codes/${code}/${action}`, headers }), `${action} ${code.slice(0, 20)}`, [400, 404]);
        }
      }
    });
  });

  it('quotes: refuses huge, empty and wrong-typed input, an unknown plan, and never echoes text that can be no code', async () => {
    await unchanged(async () => {
      for (const body of [{ code: huge, plan_id: 'yearly' }, { code: '', plan_id: 'yearly' }, { code: 'SAVE10', plan_id: '' }, { code: 5, plan_id: 'yearly' }, { code: 'SAVE10' }, { plan_id: 'yearly' }]) {
        expectRefusal(await call({ method: 'POST', url: '/payments/promo-codes/quote', payload: body }), `quote ${JSON.stringify(body).slice(0, 60)}`, [400]);
      }
      expectRefusal(await call({ method: 'POST', url: '/payments/promo-codes/quote', payload: { code: GUARD_CODE, plan_id: 'no-such-plan' } }), 'unknown plan', [404]);
      expectRefusal(await call({ method: 'POST', url: '/payments/promo-codes/quote', payload: { code: GUARD_CODE, plan_id: 'yearly-renewal' } }), 'a renewal plan', [400]);
      const weird = await call({ method: 'POST', url: '/payments/promo-codes/quote', payload: { code: '<b>\u202e\u0000hi</b>', plan_id: 'yearly' } });
      expectRefusal(weird, 'a code with markup and control characters', [400]);
      expect(weird.json()).toMatchObject({ code: 'PROMO_UNKNOWN' });
      for (const c of ['<', '\u0000', '\u202e']) expect(weird.json().message).not.toContain(c);
    });
  });

  it('refuses bad plan definitions: negative, fractional or overflowing cents, a long trial, an unknown name, a bad id, a rename', async () => {
    const headers = await as('Super Admin');
    const bad = [
      planBody({ amount: -1 }),
      planBody({ amount: 1.5 }),
      planBody({ amount: 100_000_000 }),
      planBody({ amount: '1000' }),
      planBody({ additional_charges: { recording_fees: -1, 'setup fees': 0 } }),
      planBody({ additional_charges: { recording_fees: 0 } }),
      planBody({ trial_period: { month: 25 } }),
      planBody({ trial_period: { month: -1 } }),
      planBody({ name: 'Weekly' }),
      planBody({ name: 'monthly' }),
      planBody({ is_default: 'yes' }),
    ];
    await unchanged(async () => {
      for (const body of bad) {
        expectRefusal(await call({ method: 'POST', url: '/admin/plans', headers, payload: { id: `bad-${randomUUID().slice(0, 8)}`, ...body } }), `create ${JSON.stringify(body)}`, [400]);
        expectRefusal(await call({ method: 'PUT', url: '/admin/plans/monthly', headers, payload: body }), `edit ${JSON.stringify(body)}`, [400]);
      }
      for (const id of ['Monthly', 'a_b', '-a', 'x'.repeat(64), '..%2F..', '%00', '%E2%98%83']) {
        expectRefusal(await call({ method: 'PUT', url: `/admin/plans/${id}`, headers, payload: planBody() }), `plan id ${id.slice(0, 20)}`, [400, 404]);
        expectRefusal(await call({ method: 'POST', url: `/admin/plans/${id}/activate`, headers }), `activate ${id.slice(0, 20)}`, [400, 404]);
      }
      expectRefusal(await call({ method: 'POST', url: '/admin/plans/no-such-plan/activate', headers }), 'activate an unknown plan', [404]);
      expectRefusal(await call({ method: 'PUT', url: '/admin/plans/monthly', headers, payload: planBody({ name: 'Yearly', is_default: true, is_active: true }) }), 'rename', [400]);
      expectRefusal(await call({ method: 'POST', url: '/admin/plans', headers, payload: { id: 'monthly', ...planBody() } }), 'a taken id', [409]);
    });
  });

  it('refuses bad query strings on every list', async () => {
    const headers = await as('Super Admin');
    // A member's own list is a member's (the role table: a Super Admin is no member), the others a Super Admin's.
    const lists = [
      { list: '/payments/mine', by: await as('Customer') },
      { list: '/admin/promo-codes', by: headers },
      { list: '/admin/plans', by: headers },
    ];
    const queries = ['page=-1', 'page=0', 'page=1e400', 'page_size=NaN', 'page_size=100000', 'sort=__proto__', 'sort=account_id', 'order=sideways'];
    await unchanged(async () => {
      for (const { list, by } of lists) {
        for (const q of queries) expectRefusal(await call({ method: 'GET', url: `${list}?${q}`, headers: by }), `${list}?${q}`, [400]);
      }
      for (const q of ['code=.*', 'code=%5E', 'code=(a', `code=${'A'.repeat(40)}`, 'status=bogus', `plan_id=${'p'.repeat(101)}`]) {
        expectRefusal(await call({ method: 'GET', url: `/admin/promo-codes?${q}`, headers }), `promo codes ${q}`, [400]);
      }
      for (const q of ['name=Weekly', 'status=bogus', 'kind=bogus']) expectRefusal(await call({ method: 'GET', url: `/admin/plans?${q}`, headers }), `plans ${q}`, [400]);
    });
  });

});

describe('one account against another', () => {
  it("answers 404 (never 403) on another customer's charge and receipt; the owner and a Super Admin read it; history is the caller's", async () => {
    const owner = newAccount();
    const other = newAccount();
    const paid = await checkout(owner);
    expect(paid.statusCode, paid.body).toBe(200);
    const { checkout_id, status } = CheckoutResult.parse(paid.json().data);
    expect(status).toBe('succeeded');
    const mine = await call({ method: 'GET', url: `/payments/charges/${checkout_id}`, headers: await as({ account: owner }) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await call({ method: 'GET', url: `/payments/charges/${checkout_id}`, headers: await as('Super Admin') })).statusCode).toBe(200);
    await unchanged(async () => {
      for (const role of ['Customer', 'Agent', 'Provider Admin'] as const) {
        const headers = role === 'Customer' ? await as({ account: other }) : await as(role);
        const charge = await call({ method: 'GET', url: `/payments/charges/${checkout_id}`, headers });
        expectRefusal(charge, `${role} reads another's charge`, [404]);
        expect(charge.json().code).toBe('CHECKOUT_NOT_FOUND');
        const receipt = await call({ method: 'GET', url: `/payments/checkouts/${checkout_id}/receipt`, headers });
        expectRefusal(receipt, `${role} downloads another's receipt`, [404]);
        expect(receipt.json().code).toBe('CHECKOUT_NOT_FOUND');
        // A receipt that does not exist at all answers the same as another's.
        const none = await call({ method: 'GET', url: `/payments/checkouts/${randomUUID()}/receipt`, headers });
        expect(none.json().code).toBe('CHECKOUT_NOT_FOUND');
      }
    });
    await waitFor(async () => {
      const history = await call({ method: 'GET', url: '/payments/mine', headers: await as({ account: owner }) });
      return history.json().data.total === 1;
    }, { what: "the owner's history" });
    const theirs = await call({ method: 'GET', url: '/payments/mine?page_size=100', headers: await as({ account: other }) });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toMatchObject({ total: 0, items: [] });
  });

  it("answers another customer's checkout on every checkout route exactly as one that does not exist (404, same code and message)", async () => {
    const owner = newAccount();
    const paid = await checkout(owner, undefined, 'requires_action');
    expect(paid.statusCode, paid.body).toBe(200);
    const { checkout_id } = CheckoutResult.parse(paid.json().data);
    const routes: Route[] = [
      { method: 'GET', url: `/payments/checkouts/${checkout_id}`, auth: 'signed-in' },
      { method: 'POST', url: `/payments/checkouts/${checkout_id}/confirm`, auth: 'signed-in', body: { approve: true } },
      { method: 'GET', url: `/payments/charges/${checkout_id}`, auth: 'signed-in' },
      { method: 'GET', url: `/payments/checkouts/${checkout_id}/receipt`, auth: 'signed-in' },
    ];
    await unchanged(async () => {
      for (const role of ROLES) {
        const headers = await as(role);
        for (const route of routes) {
          const theirs = await sameAsUnknown(route, headers, (url) => url.replace(checkout_id, randomUUID()), label(route, role), 404);
          expect.soft(answerOf(theirs).code, label(route, role)).toBe('CHECKOUT_NOT_FOUND');
        }
      }
    });
  });

  it("refuses a Pay with another customer's checkout_id exactly as its owner's own repeat with another card, whatever the body", async () => {
    const owner = newAccount();
    const id = randomUUID();
    const ownerCard = await cardOf(owner);
    const pay = async (account: string, body: Record<string, unknown>) =>
      call({ method: 'POST', url: '/payments/checkouts', headers: await as({ account }), payload: { checkout_id: id, plan_id: 'yearly', accept_terms: true, ...body } });
    expect((await pay(owner, { payment_method_id: ownerCard })).statusCode).toBe(200);
    expect((await pay(owner, { payment_method_id: ownerCard })).statusCode, "the owner's repeat").toBe(200);
    const own = await pay(owner, { payment_method_id: await cardOf(owner) });
    expect(own.statusCode, own.body).toBe(409);
    const stranger = newAccount();
    await unchanged(async () => {
      for (const body of [{ payment_method_id: ownerCard }, { payment_method_id: await cardOf(stranger) }, { payment_method_id: await cardOf(stranger), plan_id: 'monthly', promo_code: GUARD_CODE }]) {
        expectSameAnswer(await pay(stranger, body), own, `Pay with another customer's checkout_id ${JSON.stringify(body)}`, 409);
      }
    });
  });

  it("cannot ride another account's promo reservation by reusing its checkout id", async () => {
    const code = uniqueCode('ride');
    await createCode(code, { max_redemptions: 1 });
    const a = newAccount();
    const b = newAccount();
    const id = randomUUID();
    expect((await checkout(a, code, 'requires_action', id)).statusCode).toBe(200);
    await unchanged(async () => {
      const stolen = await checkout(b, code, 'succeeds', id);
      expectRefusal(stolen, "B sends A's checkout id with the code", [409]);
      expectRefusal(await checkout(b, code), 'B after the limit', [400]);
    });
    expect(await reservedHeld(code)).toBe(1);
  });
});

describe('concurrency and release', () => {
  it('twenty concurrent redemptions of a code limited to five: five succeed, fifteen get the limit message, the counts agree', async () => {
    const code = uniqueCode('twenty');
    await createCode(code, { max_redemptions: 5 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout(newAccount(), code.toLowerCase())));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.json()).toMatchObject({ success: false, code: 'PROMO_LIMIT_REACHED', message: expect.stringContaining('as many times as it allows') });
    expect(await reservedHeld(code)).toBe(5);
  }, 60_000);

  it('one account sending five different checkouts at once with a one-per-account code gets it once', async () => {
    const code = uniqueCode('once');
    await createCode(code, { max_per_account: 1 });
    const account = newAccount();
    const responses = await Promise.all(Array.from({ length: 5 }, () => checkout(account, code)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) expect(r.json()).toMatchObject({ code: 'PROMO_LIMIT_REACHED' });
  }, 30_000);

  it('a double submit of one checkout with a code holds one reservation and starts one checkout', async () => {
    const code = uniqueCode('dbl');
    await createCode(code, { max_redemptions: 2 });
    const account = newAccount();
    const body = { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: await cardOf(account), promo_code: code };
    const headers = await as({ account });
    const responses = await Promise.all(Array.from({ length: 8 }, () => call({ method: 'POST', url: '/payments/checkouts', headers, payload: body })));
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    expect((await codeEvents(code)).filter((e) => e === 'PromoCodeReserved')).toHaveLength(1);
    expect((await t.platform.eventStore.readStream(`payments-checkout-${body.checkout_id}`)).filter((e) => e.type === 'CheckoutStarted')).toHaveLength(1);
  }, 30_000);

  it('edits and deactivation racing redemptions: no 500, and the limit in force when each reservation is decided holds', async () => {
    const code = uniqueCode('race');
    await createCode(code, { max_redemptions: 10 });
    const admin = await as('Super Admin');
    const work = [
      ...Array.from({ length: 12 }, () => checkout(newAccount(), code)),
      call({ method: 'PUT', url: `/admin/promo-codes/${code}`, headers: admin, payload: terms({ max_redemptions: 10, discount_value: 20 }) }),
      call({ method: 'PUT', url: `/admin/promo-codes/${code}`, headers: admin, payload: terms({ max_redemptions: 10, discount_value: 30 }) }),
    ];
    const responses = await Promise.all(work);
    for (const r of responses) expectNoCrash(r, 'racing');
    expect(await reservedHeld(code)).toBeLessThanOrEqual(10);
    const lowered = await call({ method: 'PUT', url: `/admin/promo-codes/${code}`, headers: admin, payload: terms({ max_redemptions: 1 }) });
    expectRefusal(lowered, 'lower the limit below the use', [400]);
    const deactivated = await Promise.all([
      call({ method: 'POST', url: `/admin/promo-codes/${code}/deactivate`, headers: admin }),
      call({ method: 'POST', url: `/admin/promo-codes/${code}/deactivate`, headers: admin }),
      checkout(newAccount(), code),
    ]);
    for (const r of deactivated) expectNoCrash(r, 'deactivate racing');
    expect((await codeEvents(code)).filter((e) => e === 'PromoCodeDeactivated')).toHaveLength(1);
    const after = await checkout(newAccount(), code);
    expect(after.json()).toMatchObject({ code: 'PROMO_INACTIVE' });
  }, 60_000);

  it('a declined payment gives its redemption back, once, and the next account can use it', async () => {
    const code = uniqueCode('decl');
    await createCode(code, { max_redemptions: 1 });
    const declined = await checkout(newAccount(), code, 'declined');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(CheckoutResult.parse(declined.json().data).status).toBe('failed');
    await waitFor(async () => (await codeEvents(code)).includes('PromoCodeReleased'), { what: 'the release', timeoutMs: 20_000 });
    const next = await checkout(newAccount(), code);
    expect(next.statusCode, next.body).toBe(200);
    expect((await codeEvents(code)).filter((e) => e === 'PromoCodeReleased')).toHaveLength(1);
  }, 30_000);

  it('a refused checkout (card or plan not found) reserves nothing', async () => {
    const code = uniqueCode('none');
    await createCode(code, { max_redemptions: 1 });
    const account = newAccount();
    await unchanged(async () => {
      const headers = await as({ account });
      expectRefusal(await call({ method: 'POST', url: '/payments/checkouts', headers, payload: { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: 'pm_nope', promo_code: code } }), 'no card', [404]);
      expectRefusal(await call({ method: 'POST', url: '/payments/checkouts', headers, payload: { checkout_id: randomUUID(), plan_id: 'nope', accept_terms: true, payment_method_id: await cardOf(account), promo_code: code } }), 'no plan', [404]);
      expectRefusal(await call({ method: 'POST', url: '/payments/checkouts', headers, payload: { checkout_id: randomUUID(), plan_id: 'yearly', accept_terms: true, payment_method_id: await cardOf(account), promo_code: 'x'.repeat(5000) } }), 'huge code', [400]);
    });
  });

  it('concurrent activations of two plans of one name and kind leave exactly one active', async () => {
    const headers = await as('Super Admin');
    const ids = [`race-a-${randomUUID().slice(0, 6)}`, `race-b-${randomUUID().slice(0, 6)}`];
    for (const id of ids) {
      const created = await call({ method: 'POST', url: '/admin/plans', headers, payload: { id, ...planBody({ name: 'Yearly', is_default: false, is_active: false }) } });
      expect(created.statusCode, created.body).toBe(200);
    }
    // The seeded renewal plan of Yearly is active: deactivate it so exactly one of the two may be activated.
    const list = await call({ method: 'GET', url: '/admin/plans?name=Yearly&kind=renewal&status=active', headers });
    const active = (list.json().data.items as { id: string }[]).map((p) => p.id);
    for (const id of active) expect((await call({ method: 'POST', url: `/admin/plans/${id}/deactivate`, headers })).statusCode).toBe(200);
    const responses = await Promise.all(ids.flatMap((id) => [id, id].map((x) => call({ method: 'POST', url: `/admin/plans/${x}/activate`, headers }))));
    for (const r of responses) expectNoCrash(r, 'activate racing');
    const ok = responses.filter((r) => r.statusCode === 200).map((r) => r.json().data.id as string);
    expect(new Set(ok).size, JSON.stringify(ok)).toBe(1);
    for (const r of responses.filter((x) => x.statusCode !== 200)) expect(r.json()).toMatchObject({ code: 'PLAN_CONFLICT' });
    // Put things back: the activated one off, the seeded renewal plan on.
    for (const id of ok) await call({ method: 'POST', url: `/admin/plans/${id}/deactivate`, headers });
    for (const id of active) expect((await call({ method: 'POST', url: `/admin/plans/${id}/activate`, headers })).statusCode).toBe(200);
  }, 30_000);
});
