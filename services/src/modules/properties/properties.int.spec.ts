import { beforeAll, describe, expect, it } from 'vitest';
import { PropertyVerifiedData, type PropertySummary, type VerificationStarted } from '@acpg/contracts/properties';
import { expectCrashBefore } from '../../../test/crash-once.ts';
import { useTestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { bundledPropertyData } from '../../platform/property-data/bundled.ts';
import type { PropertyRecord } from '../../platform/property-data/port.ts';
import { claimStream } from './claim/decider.ts';
import { verificationStream } from './verification/decider.ts';
import { verificationQuestions } from './verification/questions.ts';

const data = bundledPropertyData();
const record = async (id: string): Promise<PropertyRecord> => {
  const found = await data.findById(id);
  if (!found) throw new Error(`no sample property ${id}`);
  return found;
};
const rightAnswers = (property: PropertyRecord) => Object.fromEntries(verificationQuestions(property).map((q) => [q.id, q.answer]));
const wrongAnswers = (property: PropertyRecord) =>
  Object.fromEntries(verificationQuestions(property).map((q) => [q.id, q.id === 'year_built' ? (q.choices.find((c) => c !== q.answer) as string) : q.answer]));

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

describe('properties: verification', () => {
  const t = useTestApp();
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    alice = await t.signInAs('Customer', 'acct-alice');
    bob = await t.signInAs('Customer', 'acct-bob');
  });

  const start = (propertyId: string, token: string | null = alice) =>
    t.app.inject({ method: 'POST', url: `/api/v1/properties/${propertyId}/verifications`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const answer = (verificationId: string, answers: unknown, token: string | null = alice) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/properties/verifications/${verificationId}/answers`,
      payload: { answers } as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const started = async (propertyId: string, token = alice): Promise<VerificationStarted> => {
    const res = await start(propertyId, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: VerificationStarted }).data;
  };
  const verified = (token = alice) => t.app.inject({ method: 'GET', url: '/api/v1/properties/verified', headers: { authorization: `Bearer ${token}` } });
  const head = () => t.platform.eventStore.headPosition();

  it('refuses every verification route without a token (401)', async () => {
    expect((await start('ca-lax-00001', null)).statusCode).toBe(401);
    expect((await answer('0190b2a4-7c1e-7000-8000-000000000000', {}, null)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/properties/verified' })).statusCode).toBe(401);
  });

  it('answers 404 PROPERTY_NOT_FOUND for an unknown property and 400 for an over-long id, and records nothing', async () => {
    const before = await head();
    const res = await start('ca-lax-99999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'PROPERTY_NOT_FOUND' });
    const long = await start('p'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await head()).toBe(before);
  });

  it('asks questions from the record without their answers; right answers verify the property once', async () => {
    const p = await record('ca-scl-00007');
    const v = await started(p.id);
    expect(v.tries_left).toBe(3);
    expect(v.questions.map((q) => q.id)).toEqual(['owner_name', 'year_built', 'hazard_zones']);
    expect(v.questions.flatMap((q) => Object.keys(q)).every((k) => ['id', 'prompt', 'choices'].includes(k))).toBe(true);
    expect(v.questions[0]?.choices).toContain(p.owner_name);
    expect(v.questions[1]?.choices).toContain(String(p.year_built));

    const res = await answer(v.verification_id, rightAnswers(p));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Property verified.',
      data: { property_id: p.id, verified: true, property: { id: p.id, address_line: p.address_line, city: p.city, county: p.county, state: 'CA', zip: p.zip, apn: p.apn } },
    });

    const events = await t.platform.eventStore.readStream(verificationStream(v.verification_id));
    const event = events.at(-1);
    expect(event).toMatchObject({ type: 'PropertyVerified', actor: 'acct-alice' });
    expect(PropertyVerifiedData.parse(event?.data)).toMatchObject({ verification_id: v.verification_id, account_id: 'acct-alice', property_id: p.id, apn: p.apn });

    const again = await answer(v.verification_id, rightAnswers(p));
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_COMPLETE' });

    const list = await waitFor(async () => {
      const body = (await verified()).json() as { data: { items: { property_id: string }[]; total: number } };
      return body.data.total === 1 ? body.data : undefined;
    }, { what: 'the verified property in the list' });
    expect(list.items[0]).toMatchObject({ property_id: p.id, verification_id: v.verification_id, address_line: p.address_line, state: 'CA' });
    expect(((await verified(bob)).json() as { data: { total: number } }).data.total).toBe(0);

    const restart = await start(p.id);
    expect(restart.statusCode).toBe(409);
    expect(restart.json()).toMatchObject({ code: 'PROPERTY_ALREADY_VERIFIED' });
  });

  it('counts wrong answers down, locks at the third, and then refuses even the right ones', async () => {
    const p = await record('ca-riv-00011');
    const v = await started(p.id);
    const first = await answer(v.verification_id, wrongAnswers(p));
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ success: false, code: 'VERIFICATION_INCORRECT', message: 'At least one answer is not right. 2 tries left.', tries_left: 2 });
    expect((await answer(v.verification_id, wrongAnswers(p))).json()).toMatchObject({ tries_left: 1, message: 'At least one answer is not right. 1 try left.' });
    const third = await answer(v.verification_id, wrongAnswers(p));
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({ code: 'VERIFICATION_LOCKED', tries_left: 0 });
    const before = await head();
    const after = await answer(v.verification_id, rightAnswers(p));
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({ code: 'VERIFICATION_LOCKED' });
    expect(await head()).toBe(before);
    const types = (await t.platform.eventStore.readStream(verificationStream(v.verification_id))).map((e) => e.type);
    expect(types).toEqual([
      'PropertyVerificationStarted',
      'PropertyVerificationAnswersRejected',
      'PropertyVerificationAnswersRejected',
      'PropertyVerificationAnswersRejected',
      'PropertyVerificationLocked',
    ]);
  });

  it('refuses incomplete or off-choice answers with 400 ANSWERS_INCOMPLETE without counting a try', async () => {
    const p = await record('ca-ala-00020');
    const v = await started(p.id);
    const before = await head();
    const missing = await answer(v.verification_id, { owner_name: p.owner_name });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'ANSWERS_INCOMPLETE' });
    expect((await answer(v.verification_id, { ...rightAnswers(p), year_built: '1492' })).json()).toMatchObject({ code: 'ANSWERS_INCOMPLETE' });
    expect((await answer(v.verification_id, { ...rightAnswers(p), favorite_color: 'blue' })).json()).toMatchObject({ code: 'ANSWERS_INCOMPLETE' });
    expect((await answer(v.verification_id, 'all of them')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`q${i}`, 'x']));
    expect((await answer(v.verification_id, many)).json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'answers holds at most 20 questions.' });
    expect(await head()).toBe(before);
    expect((await answer(v.verification_id, wrongAnswers(p))).json()).toMatchObject({ tries_left: 2 });
  });

  it('answers 404 for another account’s verification or an unknown one, and 400 for an id that is not a UUID', async () => {
    const p = await record('ca-ora-00031');
    const v = await started(p.id);
    const before = await head();
    const foreign = await answer(v.verification_id, rightAnswers(p), bob);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'VERIFICATION_NOT_FOUND' });
    expect((await answer('0190b2a4-7c1e-7000-8000-000000000000', rightAnswers(p))).statusCode).toBe(404);
    expect((await answer('not-a-uuid', rightAnswers(p))).statusCode).toBe(400);
    expect(await head()).toBe(before);
  });

  it('refuses answers after 15 minutes with 410 VERIFICATION_EXPIRED', async () => {
    const p = await record('ca-sdg-00005');
    const v = await started(p.id);
    const clock = t.platform.clock;
    t.platform.clock = () => new Date(Date.parse(v.expires_at) + 1000);
    try {
      const res = await answer(v.verification_id, rightAnswers(p));
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'VERIFICATION_EXPIRED' });
    } finally {
      t.platform.clock = clock;
    }
  });

  it('allows 3 starts per account and property within 24 hours, then 429 TOO_MANY_VERIFICATIONS', async () => {
    const p = await record('ca-lax-00042');
    for (let i = 0; i < 3; i++) await started(p.id);
    const before = await head();
    const fourth = await start(p.id);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ success: false, code: 'TOO_MANY_VERIFICATIONS', message: expect.stringMatching(/Try again in 2[34] hours\.$/) });
    const retryAfter = (fourth.json() as { retry_after_seconds: number }).retry_after_seconds;
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(fourth.headers['retry-after']).toBe(String(retryAfter));
    expect(await head()).toBe(before);
    expect(await t.platform.eventStore.readStream(claimStream('acct-alice', p.id))).toHaveLength(3);
    await started(p.id, bob); // another account's claim is its own
  });

  it('a start cut short by a crash costs none of the 3 a day', async () => {
    const p = await record('ca-lax-00043');
    await expectCrashBefore(t.platform, 'PropertyVerificationStarted', () => start(p.id));
    for (let i = 0; i < 3; i++) await started(p.id);
    expect((await start(p.id)).statusCode).toBe(429);
  });
});
