import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { TEST_CARDS } from '@acpg/contracts/payments';
import type { PropertyVerifiedData } from '@acpg/contracts/properties';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { signUpWithOutboxCodes } from './sign-up.ts';
import { outboxOf } from './sign-in.ts';
import { waitFor } from './wait-for.ts';
import { markVerified } from './equity.ts';

/**
 * Issue 7's HTTP API under hostile use, where it is the domain's: an unfinished sign-up, names, phones, uploads by
 * content, the lookups' queries, the human check, then one account against another. Every route without a token, as
 * every role, with malformed JSON, wrong types, oversized bodies and odd path ids is the generated suites' work
 * (`authorization-matrix.int.spec.ts`, `hostile-input.int.spec.ts`).
 */

let t: TestApp;
let ip = 0;
/** A fresh client address per request, so the per-address rate limits do not hide the route's own answer. */
const nextIp = () => {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Route {
  method: Method;
  url: string;
  auth: 'public' | 'signed-in';
  /** A body of the right shape (used with extra fields and as a base for wrong types). */
  body?: Record<string, unknown>;
}

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const UUID = '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const ROUTES: Route[] = [
  { method: 'GET', url: '/auth/sign-up/challenge', auth: 'public' },
  { method: 'POST', url: '/auth/sign-up', auth: 'public', body: { full_name: 'Pat', email: 'pat@example.test', phone: '+14155550100', password: 'a long passphrase 42', role: 'Customer', captcha: 'x' } },
  { method: 'POST', url: '/auth/sign-up/otp', auth: 'public', body: { channel: 'phone' } },
  { method: 'POST', url: '/auth/sign-up/verify', auth: 'public', body: { channel: 'phone', code: '123456' } },
  { method: 'GET', url: '/sign-up', auth: 'signed-in' },
  { method: 'PUT', url: '/sign-up/face-signature', auth: 'signed-in', body: { face: { data: PNG_1PX }, signature: { data: PNG_1PX } } },
  { method: 'PUT', url: '/sign-up/mailing-address', auth: 'signed-in', body: { same_as_property: false, address: { line1: '1 Main St', city: 'San Jose', state: 'CA', zip: '95112' } } },
  { method: 'PUT', url: '/sign-up/beneficiaries', auth: 'signed-in', body: { beneficiaries: [{ full_name: 'Sam', relationship: 'Child', share_percent: 100 }] } },
  { method: 'PUT', url: '/sign-up/pin', auth: 'signed-in', body: { pin: '2468' } },
  { method: 'GET', url: '/account/profile', auth: 'signed-in' },
  { method: 'PUT', url: '/account/profile', auth: 'signed-in', body: { full_name: 'Pat Q' } },
  { method: 'PUT', url: '/account/profile/photo', auth: 'signed-in', body: { data: PNG_1PX } },
  { method: 'DELETE', url: '/account/profile/photo', auth: 'signed-in' },
  { method: 'GET', url: `/profile-photos/${UUID}/128`, auth: 'public' },
  { method: 'POST', url: '/account/email-change', auth: 'signed-in', body: { email: 'new@example.test' } },
  { method: 'POST', url: '/account/email-change/verify', auth: 'signed-in', body: { code: '123456' } },
  { method: 'POST', url: '/account/phone-change', auth: 'signed-in', body: { phone: '+14155550199' } },
  { method: 'POST', url: '/account/phone-change/verify', auth: 'signed-in', body: { code: '123456' } },
  { method: 'POST', url: '/auth/change-password', auth: 'signed-in', body: { current_password: 'x', password: 'another long passphrase 7' } },
  { method: 'POST', url: '/auth/forgot-password', auth: 'public', body: { email: 'nobody@example.test' } },
  { method: 'POST', url: '/auth/reset-password', auth: 'public', body: { email: 'nobody@example.test', code: '123456', password: 'another long passphrase 7' } },
  { method: 'GET', url: '/properties/search?q=1', auth: 'public' },
  { method: 'GET', url: '/properties/counties', auth: 'public' },
  { method: 'GET', url: '/properties/nope', auth: 'public' },
  { method: 'POST', url: '/properties/nope/verifications/letters', auth: 'signed-in' },
  { method: 'POST', url: '/properties/nope/verifications/code', auth: 'signed-in', body: { code: 'AAAA-AAAA' } },
  { method: 'GET', url: '/properties/verifications/mine', auth: 'signed-in' },
  { method: 'GET', url: '/plans', auth: 'public' },
  { method: 'PUT', url: '/admin/plans/hostile-plan', auth: 'signed-in', body: { name: 'Monthly' } },
  { method: 'POST', url: '/payments/test-gateway/payment-methods', auth: 'signed-in', body: { number: '4242424242424242', exp_month: 12, exp_year: NEXT_YEAR, cvc: '123', name: 'Pat' } },
  { method: 'POST', url: '/payments/checkouts', auth: 'signed-in', body: { checkout_id: UUID, plan_id: 'nope', accept_terms: true, payment_method_id: 'nope' } },
  { method: 'POST', url: `/payments/checkouts/${UUID}/confirm`, auth: 'signed-in', body: { approve: true } },
  { method: 'GET', url: `/payments/checkouts/${UUID}`, auth: 'signed-in' },
  { method: 'GET', url: '/memberships/mine', auth: 'signed-in' },
];

const call = (options: InjectOptions & { url: string }) => t.app.inject({ remoteAddress: nextIp(), ...options, url: `/api/v1${options.url}` });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits until no event has been appended for a while (workers and reactions of earlier steps are done). */
const quiet = async () => {
  let last = -1;
  let stableSince = Date.now();
  await waitFor(async () => {
    const head = await t.platform.eventStore.headPosition();
    if (head !== last) {
      last = head;
      stableSince = Date.now();
    }
    return Date.now() - stableSince > 1500;
  }, { timeoutMs: 20_000, what: 'the event log to be quiet' });
};

const describeCall = (o: { method?: string; url: string }, what: string) => `${o.method ?? 'GET'} ${o.url} (${what})`;

/** Asserts a refusal: a 4xx (one of `statuses` when given) in the error envelope. */
const expectRefusal = (response: { statusCode: number; body: string }, label: string, statuses?: number[]) => {
  expect.soft(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
  expect.soft(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  if (statuses) expect.soft(statuses, `${label}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // not JSON: the envelope assertion below fails with the label
  }
  expect.soft(body, label).toMatchObject({ success: false, message: expect.any(String), code: expect.any(String) });
  expect.soft(String(body.message ?? '').length, label).toBeGreaterThan(0);
};

/** No 500 and, when not a 2xx, a refusal in the envelope. */
const expectNoCrash = (response: { statusCode: number; body: string }, label: string) => {
  expect.soft(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode >= 400) expectRefusal(response, label);
};

/** Runs `act`, then asserts the event log did not grow (a refusal changes nothing). */
const unchanged = async (act: () => Promise<void>) => {
  const before = await t.platform.eventStore.headPosition();
  await act();
  expect(await t.platform.eventStore.headPosition()).toBe(before);
};

let accountA: { token: string; id: string };
let accountB: { token: string; id: string };
let unfinished: string;

beforeAll(async () => {
  t = await startTestApp({ CAPTCHA_COST: '1', PROPERTY_SEARCH_RATE_LIMIT_PER_MINUTE: '0' });
  const applicant = (n: string) => ({
    full_name: `Hostile ${n}`,
    email: `hostile-${n}-${randomUUID().slice(0, 8)}@example.test`,
    phone: `+1415555${String(1000 + Math.floor(Math.random() * 8999))}`,
    password: 'a long passphrase for tests 7',
    role: 'Customer',
  });
  const a = await signUpWithOutboxCodes(t, applicant('a'));
  const b = await signUpWithOutboxCodes(t, applicant('b'));
  accountA = { token: a.AccessToken, id: a.user.id };
  accountB = { token: b.AccessToken, id: b.user.id };
  unfinished = a.AccessToken; // a signed-in user whose sign-up is not finished
  // B has verified a property (the properties module's event), so the steps after it (face and signature) are open to B.
  const verified = {
    verification_id: randomUUID(), account_id: accountB.id, property_id: `prop-${randomUUID()}`, address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara',
    state: 'CA', zip: '95112', apn: '001-001-001', verified_at: new Date().toISOString(),
  } satisfies PropertyVerifiedData;
  await t.platform.eventStore.append(`properties-verification-${verified.verification_id}`, 0, [
    eventEnvelope(randomUUID(), 'PropertyVerified', verified, { now: new Date(), actor: 'test', correlationId: randomUUID() }),
  ]);
  await waitFor(async () => {
    const progress = await t.app.inject({ method: 'GET', url: '/api/v1/sign-up', headers: { authorization: `Bearer ${accountB.token}` } });
    return (progress.json() as { data: { completed_steps: string[] } }).data.completed_steps.includes('property');
  }, { what: "B's property step done" });
  await quiet();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('every issue-7 route, called by a signed-in user with an unfinished sign-up', () => {
  it('answers a signed-in user with an unfinished sign-up without a 500 on every route', async () => {
    for (const route of ROUTES.filter((r) => r.method === 'GET')) {
      expectNoCrash(await call({ method: route.method, url: route.url, headers: bearer(unfinished) }), describeCall(route, 'unfinished sign-up'));
    }
    const pin = await call({ method: 'PUT', url: '/sign-up/pin', headers: bearer(unfinished), payload: { pin: '2468' } });
    expectRefusal(pin, 'PIN before the other steps', [409]);
  });
});

describe('input the issue-7 routes check by meaning (generic malformed input: hostile-input.int.spec.ts)', () => {
  it('refuses names with control or direction characters, and keeps accented letters and emoji', async () => {
    const headers = bearer(accountB.token);
    await unchanged(async () => {
      for (const name of ['Pat\u0000Q', 'Pat \u202eQ', 'Pat\u0007', 'Pat \u2066Q']) {
        expectRefusal(await call({ method: 'PUT', url: '/account/profile', headers, payload: { full_name: name } }), `profile name ${JSON.stringify(name)}`, [400]);
        const details = { ...ROUTES.find((r) => r.url === '/auth/sign-up')!.body!, full_name: name };
        expectRefusal(await call({ method: 'POST', url: '/auth/sign-up', payload: details }), `sign-up name ${JSON.stringify(name)}`, [400]);
        const beneficiaries = { beneficiaries: [{ full_name: name, relationship: 'Child', share_percent: 100 }] };
        expectRefusal(await call({ method: 'PUT', url: '/sign-up/beneficiaries', headers, payload: beneficiaries }), `beneficiary ${JSON.stringify(name)}`, [400]);
      }
    });
    const saved = await call({ method: 'PUT', url: '/account/profile', headers, payload: { full_name: 'Zoë Ñúñez-O\u2019Brien 😀 李' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { data: { full_name: string } }).data.full_name).toBe('Zoë Ñúñez-O\u2019Brien 😀 李');
    const long = await call({ method: 'PUT', url: '/account/profile', headers, payload: { full_name: 'N'.repeat(120) } });
    expect(long.statusCode, 'a name as long as sign-up accepts can be saved again').toBe(200);
  });

  it('refuses a +1 phone number without exactly 10 digits after the 1, at sign-up and on a phone change', async () => {
    const details = ROUTES.find((r) => r.url === '/auth/sign-up')!.body!;
    await unchanged(async () => {
      for (const phone of ['+1234567', '+1415555012', '+141555501234', '+10']) {
        expectRefusal(await call({ method: 'POST', url: '/auth/sign-up', payload: { ...details, phone } }), `sign-up phone ${phone}`, [400]);
        expectRefusal(await call({ method: 'POST', url: '/account/phone-change', headers: bearer(accountB.token), payload: { phone } }), `new phone ${phone}`, [400]);
      }
    });
  });

  it('bounds every text a sign-up step keeps (a beneficiary email, a property id)', async () => {
    const headers = bearer(accountB.token);
    await unchanged(async () => {
      const email = `${'a'.repeat(300)}@example.test`;
      const beneficiaries = { beneficiaries: [{ full_name: 'Sam', relationship: 'Child', email, share_percent: 100 }] };
      expectRefusal(await call({ method: 'PUT', url: '/sign-up/beneficiaries', headers, payload: beneficiaries }), 'beneficiary email of 300 characters', [400]);
      const address = await call({ method: 'PUT', url: '/sign-up/mailing-address', headers, payload: { same_as_property: true, property_id: 'p'.repeat(65) } });
      expectRefusal(address, 'property id of 65 characters', [400]);
      expect((address.json() as { code: string }).code).toBe('VALIDATION_FAILED');
    });
  });

  it('checks uploads by content: a data: URL that is not an image and an image over 5 MB are 400s naming the field', async () => {
    const notImage = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64')}`;
    const textUrl = `data:text/html;base64,${Buffer.from('<h1>hi</h1>').toString('base64')}`;
    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    Buffer.from(PNG_1PX, 'base64').copy(big);
    const oversized = big.toString('base64');
    // PNG magic bytes and a header claiming 100 000 x 100 000 pixels, then nothing: sniffed as an image, unreadable.
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4);
    ihdr.writeUInt32BE(100_000, 8);
    ihdr.writeUInt32BE(100_000, 12);
    ihdr.set([8, 6, 0, 0, 0], 16);
    const bomb = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)]).toString('base64');
    const bombPhoto = await call({ method: 'PUT', url: '/account/profile/photo', headers: bearer(accountB.token), payload: { data: bomb } });
    expectRefusal(bombPhoto, 'photo with a huge declared size', [400]);
    for (const data of [notImage, textUrl, 'data:,', 'data:image/png;base64,!!!!', oversized]) {
      await unchanged(async () => {
        const photo = await call({ method: 'PUT', url: '/account/profile/photo', headers: bearer(accountB.token), payload: { data } });
        expectRefusal(photo, `photo ${data.slice(0, 30)}`, [400, 413]);
        const face = await call({ method: 'PUT', url: '/sign-up/face-signature', headers: bearer(accountB.token), payload: { face: { data }, signature: { data: PNG_1PX } } });
        expectRefusal(face, `face ${data.slice(0, 30)}`, [400, 413]);
        const sig = await call({ method: 'PUT', url: '/sign-up/face-signature', headers: bearer(accountB.token), payload: { face: { data: PNG_1PX }, signature: { data } } });
        expectRefusal(sig, `signature ${data.slice(0, 30)}`, [400, 413]);
      });
    }
  }, 60_000);

  it('refuses bad query strings on the lookups and the membership list', async () => {
    const urls = [
      '/properties/search', '/properties/search?q=', `/properties/search?q=${'9'.repeat(5000)}`, '/properties/search?q=1&limit=-1',
      '/properties/search?q=1&limit=NaN', '/properties/search?q=1&limit=1e9', '/properties/search?q[$gt]=', '/properties/search?q=1&q=2',
      '/memberships/mine?page=-1', '/memberships/mine?page_size=NaN', '/memberships/mine?page_size=100000', '/memberships/mine?sort=__proto__',
      '/memberships/mine?page=1e400',
    ];
    for (const q of ['(', '[', '*', '\\', '.*', '%00', '%E2%80%AE1', '$where', '1%20OR%201=1', '%F0%9F%98%80', '%2e%2e%2f']) {
      const response = await call({ method: 'GET', url: `/properties/search?q=${q}` });
      expect(response.statusCode, `q=${q}: ${response.body}`).toBeLessThan(500);
      if (response.statusCode >= 400) expectRefusal(response, `q=${q}`);
    }
    await unchanged(async () => {
      for (const url of urls) {
        const response = await call({ method: 'GET', url, headers: bearer(accountB.token) });
        expectNoCrash(response, url);
        if (url !== '/properties/search?q=1&q=2') expectRefusal(response, url, [400]);
      }
    });
  });

  it('refuses a sign-up whose human check is missing, forged or replayed, and a sign-up cookie that was forged', async () => {
    const details = ROUTES.find((r) => r.url === '/auth/sign-up')!.body!;
    await unchanged(async () => {
      for (const captcha of ['', 'x', Buffer.from('{"challenge":{},"solution":{}}').toString('base64'), 'A'.repeat(100_000)]) {
        expectRefusal(await call({ method: 'POST', url: '/auth/sign-up', payload: { ...details, captcha } }), `captcha ${captcha.slice(0, 10)}`, [400]);
      }
      for (const cookie of [randomUUID(), 'garbage', `${randomUUID()}.forged-signature`, '%00']) {
        for (const url of ['/auth/sign-up/otp', '/auth/sign-up/verify']) {
          const response = await call({ method: 'POST', url, headers: { cookie: `acpg_signup=${cookie}` }, payload: url.endsWith('otp') ? { channel: 'phone' } : { channel: 'phone', code: '123456' } });
          expectRefusal(response, `${url} with cookie ${cookie}`, [401]);
        }
      }
    });
  });
});

describe('one account against another', () => {
  const card = (number: string) => ({ number, exp_month: 12, exp_year: NEXT_YEAR, cvc: '123', name: 'Pat Member' });

  // Both may buy a membership: they do the sign-up steps a membership needs through the routes (payments refuses it
  // otherwise, 409 SIGN_UP_STEPS_MISSING), so a refusal below comes from the other account's data, not a missing step.
  beforeAll(async () => {
    await markVerified(t, accountA.id, 'ca-lax-00003');
    const progressOf = async (token: string) => ((await call({ method: 'GET', url: '/sign-up', headers: bearer(token) })).json() as { data: { completed_steps: string[] } }).data;
    await waitFor(async () => (await progressOf(accountA.token)).completed_steps.includes('property') || undefined, { what: "A's property step done" });
    for (const account of [accountA, accountB]) {
      const face = await call({ method: 'PUT', url: '/sign-up/face-signature', headers: bearer(account.token), payload: { face: { data: PNG_1PX }, signature: { data: PNG_1PX } } });
      expect(face.statusCode, face.body).toBe(200);
      const mailing = await call({ method: 'PUT', url: '/sign-up/mailing-address', headers: bearer(account.token), payload: { same_as_property: false, address: { line1: '1 Main St', city: 'San Jose', state: 'CA', zip: '95112' } } });
      expect(mailing.statusCode, mailing.body).toBe(200);
    }
    await quiet();
  }, 60_000);

  it("cannot use, read or confirm another account's payment method and checkout", async () => {
    const method = await call({ method: 'POST', url: '/payments/test-gateway/payment-methods', headers: bearer(accountA.token), payload: card(TEST_CARDS.requiresAction) });
    expect(method.statusCode, method.body).toBe(200);
    const pmId = (method.json() as { data: { payment_method_id: string } }).data.payment_method_id;
    const plans = (await call({ method: 'GET', url: '/plans' })).json() as { data: { plans: { id: string; is_default?: boolean }[] } };
    const planId = plans.data.plans[0]!.id;

    await unchanged(async () => {
      const stolen = await call({ method: 'POST', url: '/payments/checkouts', headers: bearer(accountB.token), payload: { checkout_id: randomUUID(), plan_id: planId, accept_terms: true, payment_method_id: pmId } });
      expectRefusal(stolen, "B pays with A's card");
    });

    const checkoutId = randomUUID();
    const paid = await call({ method: 'POST', url: '/payments/checkouts', headers: bearer(accountA.token), payload: { checkout_id: checkoutId, plan_id: planId, accept_terms: true, payment_method_id: pmId } });
    expect(paid.statusCode, paid.body).toBe(200);
    await quiet();

    await unchanged(async () => {
      expectRefusal(await call({ method: 'GET', url: `/payments/checkouts/${checkoutId}`, headers: bearer(accountB.token) }), "B reads A's checkout", [404]);
      expectRefusal(await call({ method: 'POST', url: `/payments/checkouts/${checkoutId}/confirm`, headers: bearer(accountB.token), payload: { approve: true } }), "B confirms A's checkout", [404]);
      expectRefusal(await call({ method: 'POST', url: `/payments/checkouts/${checkoutId}/confirm`, headers: bearer(accountB.token), payload: { approve: false } }), "B refuses A's checkout", [404]);
      const reused = await call({ method: 'POST', url: '/payments/checkouts', headers: bearer(accountB.token), payload: { checkout_id: checkoutId, plan_id: planId, accept_terms: true, payment_method_id: pmId } });
      expectRefusal(reused, "B sends A's checkout id again");
      const mine = await call({ method: 'GET', url: '/memberships/mine', headers: bearer(accountB.token) });
      expect(mine.statusCode).toBe(200);
      expect(mine.body).not.toContain(checkoutId);
    });
  });

  it("cannot use another account's mailed code", async () => {
    const search = (await call({ method: 'GET', url: '/properties/search?q=1' })).json() as { data: { items: { id: string; address_line: string; city: string; zip: string }[] } };
    const property = search.data.items[0]!;
    const mailed = await call({ method: 'POST', url: `/properties/${encodeURIComponent(property.id)}/verifications/letters`, headers: bearer(accountA.token) });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const address = `${property.address_line}, ${property.city}, CA ${property.zip}`;
    const letter = await waitFor(async () => (await outboxOf(t, address)).find((m) => m.channel === 'letter'), { what: "A's letter" });
    const code = /Your code: ([A-Z0-9-]{9})/.exec(letter.text)?.[1];
    expect(code).toBeDefined();
    await quiet();
    await unchanged(async () => {
      // B holds A's letter: the code is A's, and B has asked for none.
      const response = await call({ method: 'POST', url: `/properties/${encodeURIComponent(property.id)}/verifications/code`, headers: bearer(accountB.token), payload: { code } });
      expectRefusal(response, "B enters A's code", [409]);
    });
    for (const body of ['{"code": {"__proto__": "x"}}', '{"constructor": "x", "toString": "y"}', '{"code": ["AAAA-AAAA"]}']) {
      const response = await call({ method: 'POST', url: `/properties/${encodeURIComponent(property.id)}/verifications/code`, headers: { ...bearer(accountA.token), 'content-type': 'application/json' }, payload: body });
      expectRefusal(response, `code ${body}`, [400]);
    }
  });

  it("sees only the caller's sign-up and profile; a photo change touches only the caller", async () => {
    const progressOf = async (token: string) => JSON.stringify(((await call({ method: 'GET', url: '/sign-up', headers: bearer(token) })).json() as { data: unknown }).data);
    const progressA = await progressOf(accountA.token);
    const saved = await call({ method: 'PUT', url: '/sign-up/face-signature', headers: bearer(accountB.token), payload: { face: { data: PNG_1PX }, signature: { data: PNG_1PX } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await progressOf(accountB.token)).not.toBe(progressA);
    expect(await progressOf(accountA.token)).toBe(progressA);
    const profileA = (await call({ method: 'GET', url: '/account/profile', headers: bearer(accountA.token) })).json() as { data: { email: string } };
    const profileB = (await call({ method: 'GET', url: '/account/profile', headers: bearer(accountB.token) })).json() as { data: { email: string } };
    expect(profileA.data.email).not.toBe(profileB.data.email);
    const before = JSON.stringify(profileA.data);
    const removed = await call({ method: 'DELETE', url: '/account/profile/photo', headers: bearer(accountB.token) });
    expect(removed.statusCode).toBeLessThan(500);
    expect(JSON.stringify(((await call({ method: 'GET', url: '/account/profile', headers: bearer(accountA.token) })).json() as { data: unknown }).data)).toBe(before);
  });

  it('answers the same request sent many times at once without a 500 (double clicks, retries)', async () => {
    const method = await call({ method: 'POST', url: '/payments/test-gateway/payment-methods', headers: bearer(accountB.token), payload: card(TEST_CARDS.succeeds) });
    const pmId = (method.json() as { data: { payment_method_id: string } }).data.payment_method_id;
    const plans = (await call({ method: 'GET', url: '/plans' })).json() as { data: { plans: { id: string; is_default: boolean; is_active: boolean }[] } };
    const planId = plans.data.plans.find((p) => p.is_default && p.is_active)!.id;
    const checkoutId = randomUUID();
    const image = (await import('sharp')).default({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const photo = (await image).toString('base64');
    const bursts: { method: Method; url: string; payload?: object }[] = [
      { method: 'POST', url: '/payments/checkouts', payload: { checkout_id: checkoutId, plan_id: planId, accept_terms: true, payment_method_id: pmId } },
      { method: 'PUT', url: '/sign-up/beneficiaries', payload: { beneficiaries: [{ full_name: 'Sam B', relationship: 'Child', share_percent: 100 }] } },
      { method: 'PUT', url: '/sign-up/mailing-address', payload: { same_as_property: false, address: { line1: '1 Main St', city: 'San Jose', state: 'CA', zip: '95112' } } },
      { method: 'PUT', url: '/sign-up/face-signature', payload: { face: { data: photo }, signature: { data: photo } } },
      { method: 'PUT', url: '/account/profile', payload: { full_name: 'Burst B' } },
      { method: 'PUT', url: '/account/profile/photo', payload: { data: photo } },
      { method: 'DELETE', url: '/account/profile/photo' },
    ];
    for (const b of bursts) {
      const responses = await Promise.all(Array.from({ length: 6 }, () => call({ method: b.method, url: b.url, headers: bearer(accountB.token), ...(b.payload ? { payload: b.payload } : {}) })));
      for (const response of responses) expectNoCrash(response, describeCall(b, 'burst'));
    }
    await quiet();
    const started = (await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).filter((e) => e.type === 'CheckoutStarted');
    expect(started).toHaveLength(1);
  }, 60_000);

  it('never stores a card number in any event', async () => {
    await quiet();
    const events = await t.platform.eventStore.readAll({ after: 0, limit: 100_000 });
    const text = JSON.stringify(events);
    for (const number of Object.values(TEST_CARDS)) {
      expect(text).not.toContain(number);
      expect(text).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
    }
  });

  it('keeps no card number anywhere in the data folder (events, read models, jobs, files)', async () => {
    const numbers = Object.values(TEST_CARDS).map((n) => Buffer.from(n));
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
    const files = walk(t.dataDir);
    expect(files.some((f) => readFileSync(f).includes(Buffer.from('PaymentSucceeded')) || readFileSync(f).includes(Buffer.from('CheckoutStarted')))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const number of numbers) expect(bytes.includes(number), `${file} holds ${number.toString()}`).toBe(false);
    }
  });
});
