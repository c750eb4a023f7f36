import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyVerifiedData } from '@acpg/contracts/properties';
import { SEEDED_ADMIN, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { markVerified, protectProperty } from '../../../../test/equity.ts';
import { sqliteFile } from '../../../composition/embedded.ts';
import { eventEnvelope } from '../../../platform/commands/envelope.ts';
import { loadConfig } from '../../../platform/config/load.ts';
import { createSqliteEventStore } from '../../../platform/event-store/sqlite.ts';
import { openSqlite } from '../../../platform/sqlite/open.ts';
import { findAccountIdByEmail } from '../accounts.ts';
import { signUpStream } from './decider.ts';
import { signUpFileKey } from './steps.ts';
import { signUpKit } from './test-kit.ts';

let t: TestApp;
let kit: ReturnType<typeof signUpKit>;

beforeAll(async () => {
  t = await startTestApp({ CAPTCHA_COST: '1' });
  kit = signUpKit(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A 1×1 PNG and the head of a JPEG: real magic bytes, which is what the server reads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const b64 = (bytes: Buffer) => bytes.toString('base64');

/** Another module's event, as the properties or memberships module writes it (its contract's shape), appended beside the running app. */
const appendForeign = async (stream: string, type: string, data: unknown) => {
  const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: t.dataDir })));
  const store = createSqliteEventStore(db);
  try {
    await store.append(stream, 0, [eventEnvelope(randomUUID(), type, data, { now: new Date(), actor: 'test', correlationId: randomUUID() })]);
  } finally {
    await store.close();
    db.close();
  }
};

const progressOf = async (token: string) => {
  const response = await kit.withToken('GET', '/sign-up', token);
  expect(response.statusCode).toBe(200);
  return response.json().data as { current_step: string; completed_steps: string[]; draft: Record<string, unknown> };
};

describe('the signed-in steps of a sign-up, and resuming it', () => {
  let token: string;
  let accountId: string;
  let email: string;
  const propertyId = `prop-${randomUUID()}`;

  beforeAll(async () => {
    const signedUp = await kit.signUp();
    token = signedUp.token;
    accountId = signedUp.accountId;
    email = signedUp.body.email;
  }, 60_000);

  it('starts at the property step with an empty draft (a membership, the default intent, asks every step)', async () => {
    expect(await progressOf(token)).toEqual({
      current_step: 'property',
      completed_steps: [],
      intents: ['membership'],
      required_steps: ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin'],
      draft: { properties: [], face_signature: null, mailing_address: null, plan: null, beneficiaries: null, pin_set: false },
    });
  });

  it('resumes where it stopped after signing in again (the server keeps the draft)', async () => {
    const started = await kit.post('/auth/sign-in', { email, password: 'a long and uncommon passphrase' });
    const challengeId = started.json().data.challenge_id as string;
    const previous = await kit.codeSentTo(email);
    const clock = t.platform.clock;
    t.platform.clock = () => new Date(clock().getTime() + 61_000); // the email had its sign-up code a moment ago
    try {
      expect((await kit.post('/auth/sign-in/otp', { challenge_id: challengeId, channel: 'email' })).statusCode).toBe(200);
    } finally {
      t.platform.clock = clock;
    }
    const code = await kit.codeSentTo(email, previous);
    const verified = await kit.post('/auth/sign-in/verify', { challenge_id: challengeId, code });
    const again = verified.json().data.AccessToken as string;
    expect((await progressOf(again)).current_step).toBe('property');
    expect((await kit.withToken('GET', '/auth/me', again)).json().data.sign_up).toEqual({ complete: false, current_step: 'property' });
  }, 30_000);

  it('holds the wizard’s order: the face and signature, mailing address, beneficiaries and PIN before the property answer 409 naming it, storing nothing', async () => {
    const face = await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: b64(JPEG) }, signature: { data: b64(PNG) } });
    expect(face.statusCode, face.body).toBe(409);
    expect(face.json()).toMatchObject({ code: 'SIGN_UP_STEP_MISSING', message: 'Verify a property first.' });
    expect(await t.platform.files.get(signUpFileKey(accountId, 'face'))).toBeNull();
    const address = { line1: '77 Lakeshore Ave', city: 'Oakland', state: 'CA', zip: '94610' };
    const mailing = await kit.withToken('PUT', '/sign-up/mailing-address', token, { same_as_property: false, address });
    expect(mailing.json()).toMatchObject({ code: 'SIGN_UP_STEP_MISSING', message: 'Verify a property first.' });
    const beneficiaries = await kit.withToken('PUT', '/sign-up/beneficiaries', token, { beneficiaries: [{ full_name: 'Jane Doe', relationship: 'Spouse', share_percent: 100 }] });
    expect(beneficiaries.json()).toMatchObject({ code: 'SIGN_UP_STEP_MISSING', message: 'Verify a property first.' });
    expect((await kit.withToken('PUT', '/sign-up/pin', token, { pin: '2468' })).json()).toMatchObject({ code: 'SIGN_UP_STEP_MISSING' });
    expect((await t.platform.eventStore.readStream(signUpStream(accountId))).map((e) => e.type).filter((type) => type.endsWith('Saved'))).toEqual([]);
    expect(await progressOf(token)).toMatchObject({ current_step: 'property', completed_steps: [] });
  });

  it('completes the property step from PropertyVerified (by account_id); a mailing address "same as" needs a verified property', async () => {
    const unverified = await kit.withToken('PUT', '/sign-up/mailing-address', token, { same_as_property: true, property_id: propertyId });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json()).toMatchObject({ code: 'PROPERTY_NOT_VERIFIED', errors: [{ path: 'property_id' }] });

    await appendForeign(`properties-verification-${randomUUID()}`, 'PropertyVerified', {
      verification_id: randomUUID(),
      account_id: accountId,
      property_id: propertyId,
      address_line: '1200 Alameda St',
      city: 'Berkeley',
      county: 'Alameda',
      state: 'CA',
      zip: '94702',
      apn: '058-2140-011-00',
      verified_at: new Date().toISOString(),
    } satisfies PropertyVerifiedData);
    const progress = await waitFor(async () => {
      const p = await progressOf(token);
      return p.completed_steps.includes('property') ? p : undefined;
    }, { what: 'the property step completed from PropertyVerified' });
    expect(progress).toMatchObject({
      current_step: 'face_signature',
      completed_steps: ['property'],
      draft: { properties: [{ property_id: propertyId, address_line: '1200 Alameda St', city: 'Berkeley', state: 'CA', zip: '94702' }] },
    });

  });

  it('refuses a face or signature of the wrong type, empty or over 5 MB with 400 VALIDATION_FAILED naming the field, and stores nothing', async () => {
    const pdf = await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: b64(PDF) }, signature: { data: b64(PNG) } });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The file must be a JPEG, PNG or WebP image.', errors: [{ path: 'face.data' }] });
    // A PNG's name and data URL type claimed for text: the content decides.
    const text = await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: b64(PNG) }, signature: { data: `data:image/png;base64,${b64(Buffer.from('just text, not an image'))}` } });
    expect(text.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'signature.data' }] });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const oversized = await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: b64(big) }, signature: { data: b64(PNG) } });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().message).toMatch(/larger than 5 MB/);
    expect(oversized.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'face.data' }] });
    const empty = await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: '' }, signature: { data: b64(PNG) } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await t.platform.files.get(signUpFileKey(accountId, 'face'))).toBeNull();
    expect((await t.platform.eventStore.readStream(signUpStream(accountId))).map((e) => e.type)).not.toContain('SignUpFaceSignatureSaved');
  });

  it('keeps face and signature encrypted at rest, and completes the step; a mailing address "same as" the verified property', async () => {
    const saved = await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: `data:image/jpeg;base64,${b64(JPEG)}` }, signature: { data: b64(PNG) } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ current_step: 'mailing_address', completed_steps: ['property', 'face_signature'], draft: { face_signature: { saved_at: expect.any(String) } } });
    expect(await t.platform.files.get(signUpFileKey(accountId, 'face'))).toMatchObject({ bytes: JPEG, contentType: 'image/jpeg' });
    expect(await t.platform.files.get(signUpFileKey(accountId, 'signature'))).toMatchObject({ bytes: PNG, contentType: 'image/png' });
    const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: t.dataDir })));
    try {
      const row = db.prepare('SELECT encrypted, bytes FROM files WHERE key = ?').get(signUpFileKey(accountId, 'signature')) as { encrypted: number; bytes: Uint8Array };
      expect(row.encrypted).toBe(1);
      expect(Buffer.from(row.bytes).includes(PNG.subarray(0, 8))).toBe(false);
    } finally {
      db.close();
    }
  
    const same = await kit.withToken('PUT', '/sign-up/mailing-address', token, { same_as_property: true, property_id: propertyId });
    expect(same.json().data).toMatchObject({ current_step: 'plan', draft: { mailing_address: { same_as_property: true, property_id: propertyId } } });
  });

  it('keeps another mailing address encrypted; refuses a bad one with 400', async () => {
    const bad = await kit.withToken('PUT', '/sign-up/mailing-address', token, { same_as_property: false, address: { line1: '', city: 'Oakland', state: 'California', zip: '9461' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const address = { line1: '77 Lakeshore Ave', line2: 'Apt 4', city: 'Oakland', state: 'CA', zip: '94610' };
    const other = await kit.withToken('PUT', '/sign-up/mailing-address', token, { same_as_property: false, address });
    expect(other.json().data.draft.mailing_address).toEqual({ same_as_property: false, address });
    expect(JSON.stringify(await t.platform.eventStore.readStream(signUpStream(accountId)))).not.toContain('Lakeshore');
  });

  it('refuses beneficiaries whose shares do not add up to 100, none, or a bad share, and any before the plan', async () => {
    const jane = { full_name: 'Jane Doe', relationship: 'Spouse', email: 'jane@example.test', share_percent: 60 };
    for (const beneficiaries of [[{ ...jane, share_percent: 90 }], [], [{ ...jane, share_percent: 0 }, { ...jane, share_percent: 100 }], [{ ...jane, share_percent: 50.5 }, { ...jane, share_percent: 49.5 }]]) {
      const refused = await kit.withToken('PUT', '/sign-up/beneficiaries', token, { beneficiaries });
      expect(refused.statusCode).toBe(400);
    }
    const sum = await kit.withToken('PUT', '/sign-up/beneficiaries', token, { beneficiaries: [jane, { ...jane, full_name: 'Sam Doe', share_percent: 30 }] });
    expect(sum.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The shares must add up to 100%.' });

    const list = [jane, { full_name: 'Sam Doe', relationship: 'Child', share_percent: 40 }];
    const early = await kit.withToken('PUT', '/sign-up/beneficiaries', token, { beneficiaries: list });
    expect(early.json()).toMatchObject({ code: 'SIGN_UP_STEP_MISSING', message: 'Choose a plan and pay first.' });
  });

  it('refuses a bad PIN with 400, and the PIN before the plan with 409 naming the step', async () => {
    for (const pin of ['123', '1234567', '12a4', ' 1234']) {
      const refused = await kit.withToken('PUT', '/sign-up/pin', token, { pin });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'pin' }] });
    }
    const early = await kit.withToken('PUT', '/sign-up/pin', token, { pin: '2468' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'SIGN_UP_STEP_MISSING', message: 'Choose a plan and pay first.' });
  });

  it('completes the plan step from MembershipStarted (a real checkout with the test card); beneficiaries, then the PIN completes the sign-up, hashed', async () => {
    // Over HTTP, as the wizard's payment step does: the memberships module starts the membership from the payment.
    const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Applicant One' };
    const method = await kit.withToken('POST', '/payments/test-gateway/payment-methods', token, card);
    expect(method.statusCode).toBe(200);
    const checkout = await kit.withToken('POST', '/payments/checkouts', token, { checkout_id: randomUUID(), plan_id: 'monthly', accept_terms: true, payment_method_id: method.json().data.payment_method_id });
    expect(checkout.json().data).toMatchObject({ status: 'succeeded' });
    await waitFor(async () => ((await progressOf(token)).current_step === 'beneficiaries' ? true : undefined), { what: 'the plan step completed from MembershipStarted' });
    const list = [{ full_name: 'Jane Doe', relationship: 'Spouse', email: 'jane@example.test', share_percent: 60 }, { full_name: 'Sam Doe', relationship: 'Child', share_percent: 40 }];
    const saved = await kit.withToken('PUT', '/sign-up/beneficiaries', token, { beneficiaries: list });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ current_step: 'pin', draft: { beneficiaries: list } });
    expect(JSON.stringify(await t.platform.eventStore.readStream(signUpStream(accountId)))).not.toContain('Sam Doe');

    const before = (await t.platform.eventStore.readStream(signUpStream(accountId))).length;
    for (const weak of ['1234', '0000', '1212']) {
      const refused = await kit.withToken('PUT', '/sign-up/pin', token, { pin: weak });
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'pin', message: expect.stringContaining('too easy to guess') }]);
    }
    expect(await t.platform.eventStore.readStream(signUpStream(accountId))).toHaveLength(before);

    const done = await kit.withToken('PUT', '/sign-up/pin', token, { pin: '2468' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      current_step: 'done',
      completed_steps: ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin'],
      draft: { plan: { membership_id: expect.any(String), plan_id: 'monthly', plan_name: 'Monthly' }, pin_set: true },
    });
    expect((await kit.withToken('GET', '/auth/me', token)).json().data.sign_up).toEqual({ complete: true, current_step: 'done' });
    const pinSet = (await t.platform.eventStore.readStream(signUpStream(accountId))).find((e) => e.type === 'SignUpPinSet');
    expect((pinSet?.data as { pin_hash: string }).pin_hash).toMatch(/^\$scrypt\$/);

    const late = await kit.withToken('PUT', '/sign-up/beneficiaries', token, { beneficiaries: [{ full_name: 'X', relationship: 'Y', share_percent: 100 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'SIGN_UP_USED' });
  });

  it('answers 401 without a token and 404 for an account made without the wizard', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sign-up' })).statusCode).toBe(401);
    const admin = await t.signInAs('Super Admin', (await findAccountIdByEmail(t.platform.eventStore, SEEDED_ADMIN.email)) ?? '');
    expect((await kit.withToken('GET', '/sign-up', admin)).json()).toMatchObject({ code: 'SIGN_UP_NOT_FOUND' });
    const put = await kit.withToken('PUT', '/sign-up/beneficiaries', admin, { beneficiaries: [{ full_name: 'X', relationship: 'Y', share_percent: 100 }] });
    expect(put.statusCode).toBe(404);
  });
});

describe('an applicant who came for Equity Protect', () => {
  it('completes the plan step by paying for it, with no membership: the wizard goes on to the PIN (no beneficiaries)', async () => {
    const { token, accountId } = await kit.signUp(kit.details({ intent: 'equity_protect' }));
    const first = await progressOf(token);
    expect(first).toMatchObject({ intents: ['equity_protect'], required_steps: ['property', 'face_signature', 'mailing_address', 'plan', 'pin'] });
    expect(first.completed_steps).not.toContain('plan');
    // The steps before the plan step (Equity Protect is refused without them: 409 SIGN_UP_STEPS_MISSING).
    await markVerified(t, accountId, 'ca-lax-00007');
    await waitFor(async () => ((await progressOf(token)).completed_steps.includes('property') ? true : undefined), { what: 'the property step done' });
    expect((await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: b64(JPEG) }, signature: { data: b64(PNG) } })).statusCode).toBe(200);
    const address = { line1: '77 Lakeshore Ave', city: 'Oakland', state: 'CA', zip: '94610' };
    expect((await kit.withToken('PUT', '/sign-up/mailing-address', token, { same_as_property: false, address })).statusCode).toBe(200);
    await protectProperty(t, accountId, 'ca-lax-00007');
    const progress = await waitFor(async () => {
      const p = await progressOf(token);
      return p.completed_steps.includes('plan') ? p : undefined;
    }, { what: 'the plan step completed by the Equity Protect payment' });
    expect(progress.draft.plan).toBeNull();
    expect((await kit.withToken('GET', '/memberships/mine', token)).json().data.total).toBe(0);
  });
});

describe('an agent who came to order an NHD report', () => {
  it('is done once the email and phone are verified: no ownership, face, signature or PIN, and My Account does not loop back', async () => {
    const body = kit.details({ role: 'Agent', intent: 'nhd', brokerage_name: 'Bay Realty' });
    const { token, accountId } = await kit.signUp(body);
    // Consent, intent and brokerage are in the sign-up's first event, with the version and the time.
    const [started] = await t.platform.eventStore.readStream(signUpStream(accountId));
    expect(started?.data).toMatchObject({ role: 'Agent', intent: 'nhd', brokerage_name: 'Bay Realty', terms_version: body.terms_version, terms_accepted_at: expect.any(String) });
    expect(await progressOf(token)).toMatchObject({ current_step: 'done', completed_steps: [], intents: ['nhd'], required_steps: [] });
    const me = await kit.withToken('GET', '/auth/me', token);
    expect(me.json().data.sign_up).toEqual({ complete: true, current_step: 'done' });
    // The homeowner steps are refused: the server decides which steps an intent needs.
    const face = await kit.withToken('PUT', '/sign-up/face-signature', token, { face: { data: b64(PNG) }, signature: { data: b64(PNG) } });
    expect(face.statusCode).toBe(409);
    expect(face.json()).toMatchObject({ code: 'SIGN_UP_STEP_NOT_NEEDED' });
    expect((await kit.withToken('PUT', '/sign-up/pin', token, { pin: '482913' })).json()).toMatchObject({ code: 'SIGN_UP_STEP_NOT_NEEDED' });
    expect(await t.platform.files.get(signUpFileKey(accountId, 'face'))).toBeNull();
  });

  it('buying a membership later asks the missing steps then, from the property on; a bad intent is refused', async () => {
    const { token } = await kit.signUp(kit.details({ role: 'Broker', intent: 'nhd', brokerage_name: 'Coast Brokers' }));
    const bad = await kit.withToken('PUT', '/sign-up/intent', token, { intent: 'timeshare' });
    expect(bad.statusCode).toBe(400);
    const added = await kit.withToken('PUT', '/sign-up/intent', token, { intent: 'membership' });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ current_step: 'property', intents: ['nhd', 'membership'], required_steps: ['property', 'face_signature', 'mailing_address', 'plan', 'beneficiaries', 'pin'] });
    expect((await kit.withToken('GET', '/auth/me', token)).json().data.sign_up).toEqual({ complete: false, current_step: 'property' });
    // Again: nothing new.
    expect((await kit.withToken('PUT', '/sign-up/intent', token, { intent: 'membership' })).json().data.intents).toEqual(['nhd', 'membership']);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/sign-up/intent', payload: { intent: 'membership' } })).statusCode).toBe(401);
  });
});
