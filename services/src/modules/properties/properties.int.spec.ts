import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PropertyVerifiedData, VERIFICATION_RULES, type OwnershipVerification, type PropertySummary } from '@acpg/contracts/properties';
import { registerAccount } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/harness.ts';
import { outboxOf } from '../../../test/sign-in.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { bundledPropertyData } from '../../platform/property-data/bundled.ts';
import type { PropertyRecord } from '../../platform/property-data/port.ts';
import { addressLine } from '../../platform/postal-mail/port.ts';
import { ownershipStream } from './ownership/decider.ts';

const data = bundledPropertyData();
const record = async (id: string): Promise<PropertyRecord> => {
  const found = await data.findById(id);
  if (!found) throw new Error(`no sample property ${id}`);
  return found;
};

describe('properties: lookup', () => {
  const t = useTestApp();
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });

  it('finds properties by the start of an address, publicly, without the owner, year built or hazards', async () => {
    const p = await record('ca-sfo-00010');
    const res = await get(`/properties/search?q=${encodeURIComponent(p.address_line.slice(0, 8))}&limit=20`);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { data: { items: PropertySummary[] } }).data.items;
    expect(items.map((i) => i.id)).toContain(p.id);
    expect(items.length).toBeLessThanOrEqual(20);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['address_line', 'apn', 'city', 'county', 'id', 'state', 'zip']);
    expect(res.body).not.toContain(p.owner_name);
  });

  it('finds a property by its APN and by a full address with city and ZIP; limit defaults to 8', async () => {
    const p = await record('ca-sac-00003');
    const byApn = (await get(`/properties/search?q=${encodeURIComponent(p.apn)}`)).json() as { data: { items: PropertySummary[] } };
    expect(byApn.data.items.map((i) => i.id)).toEqual([p.id]);
    const full = (await get(`/properties/search?q=${encodeURIComponent(`${p.address_line}, ${p.city}, CA ${p.zip}`)}`)).json() as { data: { items: PropertySummary[] } };
    expect(full.data.items[0]).toEqual({ id: p.id, address_line: p.address_line, city: p.city, county: 'Sacramento', state: 'CA', zip: p.zip, apn: p.apn });
    const many = (await get('/properties/search?q=1')).json() as { data: { items: unknown[] } };
    expect(many.data.items).toHaveLength(8);
    const none = (await get('/properties/search?q=zz%20no%20such%20street')).json() as { data: { items: unknown[] } };
    expect(none.data.items).toEqual([]);
  });

  it('refuses a missing or empty q and a limit outside 1 to 20 with 400', async () => {
    for (const url of ['/properties/search', '/properties/search?q=%20%20', '/properties/search?q=1&limit=0', '/properties/search?q=1&limit=21', '/properties/search?q=1&limit=abc']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect((await get(`/properties/search?q=${'1'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('lists the counties with their APN formats and counts', async () => {
    const res = await get('/properties/counties');
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { data: { items: { name: string; apn_format: string; property_count: number }[] } }).data.items;
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(items).toContainEqual({ name: 'Los Angeles', apn_format: '####-###-###', property_count: 500 });
  });

  it('answers one property by id, and 404 PROPERTY_NOT_FOUND for an unknown one', async () => {
    const p = await record('ca-ora-00001');
    expect((await get(`/properties/${p.id}`)).json()).toMatchObject({ success: true, data: { id: p.id, apn: p.apn } });
    const missing = await get('/properties/ca-ora-99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'PROPERTY_NOT_FOUND' });
  });
});

describe('properties: lookup rate limit', () => {
  const t = useTestApp({ PROPERTY_SEARCH_RATE_LIMIT_PER_MINUTE: '3' });

  it('answers 429 in the error envelope past the limit per client address', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/v1/properties/search?q=12' })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/properties/search?q=12' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
  });
});

describe('properties: verification by a mailed code', () => {
  const t = useTestApp();
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    alice = await t.signInAs('Customer', 'acct-alice');
    bob = await t.signInAs('Customer', 'acct-bob');
  });

  const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const mail = (propertyId: string, token: string | null = alice) =>
    t.app.inject({ method: 'POST', url: `/api/v1/properties/${propertyId}/verifications/letters`, headers: auth(token) });
  const enter = (propertyId: string, code: unknown, token: string | null = alice) =>
    t.app.inject({ method: 'POST', url: `/api/v1/properties/${propertyId}/verifications/code`, payload: { code } as object, headers: auth(token) });
  const mine = async (token = alice) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/properties/verifications/mine', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { items: OwnershipVerification[] } }).data.items;
  };
  const verified = (token = alice) => t.app.inject({ method: 'GET', url: '/api/v1/properties/verified', headers: auth(token) });
  const head = () => t.platform.eventStore.headPosition();
  /** The newest letters at the property's address in the dev outbox (the postal-mail port's embedded adapter). */
  const letters = async (p: PropertyRecord) => (await outboxOf(t, addressLine({ line1: p.address_line, city: p.city, state: 'CA', zip: p.zip }))).filter((m) => m.channel === 'letter');
  const codeIn = (text: string) => /Your code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(text)?.[1] ?? null;
  /** Waits for the letter number `n` and answers its code. */
  const letterCode = async (p: PropertyRecord, n: number) =>
    waitFor(async () => {
      const found = await letters(p);
      return found.length >= n ? codeIn(found[0]?.text ?? '') ?? undefined : undefined;
    }, { what: `letter ${n} to ${p.address_line}` });
  /** A wrong code of the right shape. */
  const wrongOf = (code: string) => (code.startsWith('AAAA') ? 'CCCC-CCCC' : 'AAAA-AAAA');

  it('documents the verification routes in the OpenAPI document, the code body as the member types it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(doc.paths['/api/v1/properties/{id}/verifications/letters']?.post?.description).toContain(`At most ${VERIFICATION_RULES.maxLetters} letters`);
    expect(doc.paths['/api/v1/properties/{id}/verifications/code']?.post?.description).toContain(`${VERIFICATION_RULES.maxWrongCodes} wrong codes`);
    expect(doc.paths['/api/v1/properties/verifications/mine']?.get).toBeDefined();
    expect(doc.paths['/api/v1/properties/verifications/{verification_id}/answers']).toBeUndefined();
  });

  it('refuses every verification route without a token (401)', async () => {
    expect((await mail('ca-lax-00001', null)).statusCode).toBe(401);
    expect((await enter('ca-lax-00001', 'AAAA-AAAA', null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/properties/verifications/mine' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/properties/verified' })).statusCode).toBe(401);
  });

  it('answers 404 PROPERTY_NOT_FOUND for an unknown property and 400 for an over-long id, and records nothing', async () => {
    const before = await head();
    const res = await mail('ca-lax-99999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'PROPERTY_NOT_FOUND' });
    const long = await mail('p'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await head()).toBe(before);
  });

  it('mails a code to the property (only its HMAC is recorded), shows the letter as pending, and the code from the letter verifies it once', async () => {
    const p = await record('ca-scl-00007');
    const res = await mail(p.id);
    expect(res.statusCode, res.body).toBe(200);
    const pending = (res.json() as { data: OwnershipVerification }).data;
    expect(pending).toMatchObject({ property_id: p.id, status: 'letter_sent', letters_sent: 1, letters_left: VERIFICATION_RULES.maxLetters - 1, tries_left: VERIFICATION_RULES.maxWrongCodes, verified_at: null });
    expect(Date.parse(pending.code_expires_at ?? '') - Date.now()).toBeGreaterThan((VERIFICATION_RULES.codeValidDays - 1) * 86_400_000);
    const code = await letterCode(p, 1);
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const [letter] = await letters(p);
    expect(letter?.text).toContain(p.address_line);
    // The code is in no event; the pending event (for the sign-up wizard) is, and nothing is verified yet.
    const events = await t.platform.eventStore.readStream(ownershipStream('acct-alice', p.id));
    expect(JSON.stringify(events)).not.toContain(String(code).replace('-', ''));
    expect(events.map((e) => e.type)).toEqual(['PropertyCodeMailed', 'PropertyVerificationPending']);
    expect((await verified()).json().data.total).toBe(0);
    expect((await waitFor(async () => ((await mine()).length > 0 ? mine() : undefined), { what: 'the pending verification' }))[0]).toMatchObject({ property_id: p.id, status: 'letter_sent' });

    // The code as a person types it: lower case, without the dash.
    const ok = await enter(p.id, String(code).toLowerCase().replace('-', ' '));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, data: { property_id: p.id, verified: true, property: { id: p.id, address_line: p.address_line } } });
    const all = await t.platform.eventStore.readStream(ownershipStream('acct-alice', p.id));
    const verifiedEvent = all.find((e) => e.type === 'PropertyVerified');
    expect(PropertyVerifiedData.parse(verifiedEvent?.data)).toMatchObject({ account_id: 'acct-alice', property_id: p.id, method: 'mailed_code' });
    const again = await enter(p.id, code);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_COMPLETE' });
    const repeat = await mail(p.id);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ code: 'PROPERTY_ALREADY_VERIFIED' });
    await waitFor(async () => (await verified()).json().data.total === 1, { what: 'the verified property' });
    await waitFor(async () => (await mine()).find((v) => v.property_id === p.id)?.status === 'verified', { what: 'the verification shown verified' });
    // Bob sees nothing of Alice's.
    expect(await mine(bob)).toEqual([]);
  });

  it('counts wrong codes down for the pair’s whole life (a new letter gives no new tries), locks at the last, then refuses even the right code', async () => {
    const p = await record('ca-scl-00008');
    expect((await mail(p.id)).statusCode).toBe(200);
    const first = await letterCode(p, 1);
    const wrong = wrongOf(first);
    const r1 = await enter(p.id, wrong);
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toMatchObject({ success: false, code: 'VERIFICATION_INCORRECT', tries_left: VERIFICATION_RULES.maxWrongCodes - 1 });
    expect(r1.json().message).toContain(`${VERIFICATION_RULES.maxWrongCodes - 1} tries left`);
    // A second letter replaces the first code and does not reset the tries.
    expect((await mail(p.id)).statusCode).toBe(200);
    const second = await letterCode(p, 2);
    for (let i = 2; i < VERIFICATION_RULES.maxWrongCodes; i++) {
      const r = await enter(p.id, wrongOf(second));
      expect(r.json()).toMatchObject({ code: 'VERIFICATION_INCORRECT', tries_left: VERIFICATION_RULES.maxWrongCodes - i });
    }
    if (first !== second) {
      const old = await enter(p.id, first);
      expect(old.json()).toMatchObject({ code: 'VERIFICATION_LOCKED', tries_left: 0 });
    } else {
      expect((await enter(p.id, wrongOf(second))).json()).toMatchObject({ code: 'VERIFICATION_LOCKED', tries_left: 0 });
    }
    const right = await enter(p.id, second);
    expect(right.statusCode).toBe(410);
    expect(right.json()).toMatchObject({ code: 'VERIFICATION_LOCKED' });
    const more = await mail(p.id);
    expect(more.statusCode).toBe(410);
    expect(more.json()).toMatchObject({ code: 'VERIFICATION_LOCKED' });
    expect((await verified()).json().data.items.map((v: { property_id: string }) => v.property_id)).not.toContain(p.id);
    await waitFor(async () => (await mine()).find((v) => v.property_id === p.id)?.status === 'locked', { what: 'the verification shown locked' });
  });

  it(`mails at most ${VERIFICATION_RULES.maxLetters} letters per account and property, ever, then 409 TOO_MANY_LETTERS`, async () => {
    const p = await record('ca-scl-00009');
    for (let i = 1; i <= VERIFICATION_RULES.maxLetters; i++) {
      const res = await mail(p.id, bob);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ letters_sent: i, letters_left: VERIFICATION_RULES.maxLetters - i });
    }
    const before = await head();
    const over = await mail(p.id, bob);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ success: false, code: 'TOO_MANY_LETTERS' });
    expect(await head()).toBe(before);
  });

  it('refuses a malformed code with 400 VALIDATION_FAILED and a code before any letter with 409 NO_LETTER_SENT, without counting a try', async () => {
    const p = await record('ca-scl-00010');
    for (const code of ['', '12', 'AAAA-AAA0', 7]) {
      const res = await enter(p.id, code);
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const none = await enter(p.id, 'AAAA-AAAA');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'NO_LETTER_SENT' });
    expect(await t.platform.eventStore.readStream(ownershipStream('acct-alice', p.id))).toEqual([]);
  });

  it(`refuses a code after ${VERIFICATION_RULES.codeValidDays} days with 410 CODE_EXPIRED, costing no try`, async () => {
    const p = await record('ca-scl-00011');
    expect((await mail(p.id)).statusCode).toBe(200);
    const code = await letterCode(p, 1);
    const realClock = t.platform.clock;
    t.platform.clock = () => new Date(Date.now() + (VERIFICATION_RULES.codeValidDays * 86_400 + 60) * 1000);
    try {
      const res = await enter(p.id, code);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'CODE_EXPIRED' });
      expect(res.json().message).toContain('Ask for a new letter');
    } finally {
      t.platform.clock = realClock;
    }
    expect((await enter(p.id, code)).statusCode).toBe(200);
  });

  it('tells every account that had verified the property when another account verifies it, and nobody else', async () => {
    const p = await record('ca-scl-00012');
    const first = `acct-${randomUUID()}`;
    const firstEmail = `${first}@example.test`;
    const second = `acct-${randomUUID()}`;
    const secondEmail = `${second}@example.test`;
    await registerAccount(t, first, { email: firstEmail, full_name: 'First Owner' });
    await registerAccount(t, second, { email: secondEmail, full_name: 'Second Owner' });
    const firstToken = await t.signInAs('Customer', first);
    const secondToken = await t.signInAs('Customer', second);
    const subject = 'Another account verified your property';

    expect((await mail(p.id, firstToken)).statusCode).toBe(200);
    expect((await enter(p.id, await letterCode(p, 1), firstToken)).statusCode).toBe(200);
    await waitFor(async () => (await verified(firstToken)).json().data.total === 1, { what: 'the first verification in the read model' });
    expect((await mail(p.id, secondToken)).statusCode).toBe(200);
    expect((await enter(p.id, await letterCode(p, 2), secondToken)).statusCode).toBe(200);

    const notice = await waitFor(async () => (await outboxOf(t, firstEmail)).find((m) => m.subject === subject), { what: 'the notice to the first owner' });
    expect(notice.text).toContain(p.address_line);
    // The account that verified just now is not told about itself.
    await waitFor(async () => (await verified(secondToken)).json().data.total === 1, { what: 'the second verification in the read model' });
    expect((await outboxOf(t, secondEmail)).filter((m) => m.subject === subject)).toEqual([]);
  });
});
