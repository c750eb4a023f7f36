import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCrashBefore } from '../../../../test/crash-once.ts';
import { SEEDED_ADMIN, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { findAccountIdByEmail, loadAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';
import { phoneDecider, phoneStream } from '../phone/decider.ts';
import { SIGN_UP_COOKIE_NAME } from './cookie.ts';
import { signUpStream } from './decider.ts';
import { signUpKit, wrongCodeFor } from './test-kit.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { findAccountIdByPhone, reserveEmailAndPhone } from './uniqueness.ts';

let t: TestApp;
let kit: ReturnType<typeof signUpKit>;

beforeAll(async () => {
  t = await startTestApp({ CAPTCHA_COST: '1', SEED_ADMIN_PHONE: '+14155550100' });
  kit = signUpKit(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const startedCount = async () => (await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['SignUpStarted'] })).length;
/** Moves the app's clock (resend delays, expiry) by `seconds` from now on. */
const shiftClock = (seconds: number) => {
  const previous = t.platform.clock;
  t.platform.clock = () => new Date(previous().getTime() + seconds * 1000);
};

describe('sign-up, step 1: account details', () => {
  it('answers a signed ALTCHA challenge, and documents every sign-up route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/sign-up/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256', nonce: expect.any(String) }, signature: expect.any(String) });
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/auth/sign-up/challenge', '/auth/sign-up', '/auth/sign-up/otp', '/auth/sign-up/verify', '/sign-up', '/sign-up/face-signature', '/sign-up/mailing-address', '/sign-up/beneficiaries', '/sign-up/pin', '/sign-up/intent']) {
      expect(spec.paths).toHaveProperty([`/api/v1${path}`]);
    }
  });

  it('opens a sign-up: user_id, masked email and phone, an httpOnly cookie; the password only as a hash in a sensitive event', async () => {
    const body = kit.details({ email: 'Jane.Doe@Example.test', phone: '+14155550123' });
    const { response, cookie } = await kit.start(body);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { user_id: string; sign_up_id: string };
    expect(response.json()).toEqual({
      success: true,
      data: { user_id: data.user_id, sign_up_id: data.user_id, masked: { email: 'j******e@example.test', phone: '+1415********' } },
      message: 'Check your phone for a code.',
    });
    const set = kit.cookieOf(response, SIGN_UP_COOKIE_NAME);
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/sign-up' });
    expect(cookie).toMatch(new RegExp(`^${data.user_id}\\.`));

    const events = await t.platform.eventStore.readStream(signUpStream(data.sign_up_id));
    expect(events.map((e) => e.type)).toEqual(['SignUpStarted', 'SignUpPasswordSet']);
    const everything = JSON.stringify(events);
    expect(everything).not.toContain(body.password);
    expect(everything).not.toContain('5550123'); // the phone is encrypted
    expect(JSON.stringify(events[0]?.data)).not.toMatch(/scrypt/);
    expect((events[1]?.data as { password_hash: string }).password_hash).toMatch(/^\$scrypt\$/);
    // Nothing is reserved before the codes: no account, no email or phone reservation.
    expect(await findAccountIdByEmail(t.platform.eventStore, 'jane.doe@example.test')).toBeNull();
    expect(await findAccountIdByPhone(await identityContext(t.platform), '+14155550123')).toBeNull();
  });

  it('refuses a missing, wrong or reused human check with 400 CAPTCHA_FAILED, and records nothing', async () => {
    const before = await startedCount();
    const garbage = await kit.post('/auth/sign-up', { ...kit.details(), captcha: 'bm90IGEgcGF5bG9hZA==' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ code: 'CAPTCHA_FAILED', errors: [{ path: 'captcha' }] });
    const missing = await kit.post('/auth/sign-up', { ...kit.details(), captcha: '' });
    expect(missing.statusCode).toBe(400);

    const captcha = await kit.captcha();
    expect((await kit.post('/auth/sign-up', { ...kit.details(), captcha })).statusCode).toBe(200);
    const reused = await kit.post('/auth/sign-up', { ...kit.details(), captcha });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'CAPTCHA_FAILED', message: 'This human check was used already. Complete a new one.' });
    expect(await startedCount()).toBe(before + 1);
  });

  it('refuses a common password, a bad phone, a bad role and a bad email with 400, and records nothing', async () => {
    const before = await startedCount();
    const common = await kit.post('/auth/sign-up', { ...kit.details({ password: 'password123' }), captcha: await kit.captcha() });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_REFUSED', errors: [{ path: 'password' }] });
    for (const bad of [
      { phone: '555-0100' },
      { role: 'Super Admin' },
      { email: 'not-an-email' },
      { password: 'short' },
      // Consent to the Terms of Service is required, for the version in force; an Agent or a Broker names a brokerage.
      { accept_terms: false },
      { accept_terms: undefined },
      { terms_version: '2020-01-01' },
      { role: 'Agent' },
      { role: 'Customer', brokerage_name: 'Bay Realty' },
      { intent: 'timeshare' },
    ]) {
      const response = await kit.post('/auth/sign-up', { ...kit.details(), ...bad, captcha: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect(await startedCount()).toBe(before);
  });

  /** The "someone tried to sign up" notices in the outbox of `to`. */
  const attemptNotices = async (to: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
    return ((response.json() as { data?: { items: { subject?: string; text: string }[] } }).data?.items ?? []).filter((m) => /tried to sign up/.test(m.text));
  };
  /** The parts of a step-1 answer that do not name the details: the same for every sign-up. */
  const shape = (response: Awaited<ReturnType<typeof kit.post>>) => ({
    status: response.statusCode,
    keys: Object.keys((response.json() as { data?: object }).data ?? {}).sort(),
    message: (response.json() as { message?: string }).message,
    cookie: kit.cookieOf(response, SIGN_UP_COOKIE_NAME) !== undefined,
  });

  it('answers an email or a phone that has an account exactly like new ones, emails its holder once a day, and refuses it only behind the codes', async () => {
    const before = await startedCount();
    const fresh = await kit.post('/auth/sign-up', { ...kit.details(), captcha: await kit.captcha() });
    const takenEmailBody = kit.details({ email: SEEDED_ADMIN.email.toUpperCase() });
    const takenEmail = await kit.post('/auth/sign-up', { ...takenEmailBody, captcha: await kit.captcha() });
    expect(shape(takenEmail)).toEqual(shape(fresh));
    expect(shape(fresh)).toMatchObject({ status: 200, cookie: true });
    const { body } = await kit.signUp();
    const takenPhone = await kit.post('/auth/sign-up', { ...kit.details({ phone: body.phone }), captcha: await kit.captcha() });
    expect(shape(takenPhone)).toEqual(shape(fresh));
    // An account made without the wizard (the seeded admin) holds its phone too.
    const seeded = await kit.post('/auth/sign-up', { ...kit.details({ phone: '+14155550100' }), captcha: await kit.captcha() });
    expect(shape(seeded)).toEqual(shape(fresh));
    expect(await startedCount()).toBe(before + 5);

    // The holders hear of it, by email: the admin for the email and the phone (one notice each a day), the other for its phone.
    await waitFor(async () => ((await attemptNotices(body.email)).length === 1 ? true : undefined), { timeoutMs: 15_000, what: 'the phone holder notice' });
    await waitFor(async () => ((await attemptNotices(SEEDED_ADMIN.email)).length === 2 ? true : undefined), { timeoutMs: 15_000, what: "the admin's notices" });
    const again = await kit.post('/auth/sign-up', { ...kit.details({ email: SEEDED_ADMIN.email }), captcha: await kit.captcha() });
    expect(again.statusCode).toBe(200);
    expect(await attemptNotices(SEEDED_ADMIN.email)).toHaveLength(2); // not one more today

    // Who holds the email learns it is taken behind both codes; nothing is kept.
    const cookie = kit.cookieOf(takenEmail, SIGN_UP_COOKIE_NAME)?.value ?? '';
    await kit.verifyPhone(takenEmailBody, cookie);
    expect((await kit.post('/auth/sign-up/otp', { channel: 'email' }, cookie)).statusCode).toBe(200);
    const verified = await kit.post('/auth/sign-up/verify', { channel: 'email', code: await kit.codeSentTo(SEEDED_ADMIN.email) }, cookie);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists. Sign in, or use another email.' });
    const ctx = await identityContext(t.platform);
    expect(await findAccountIdByPhone(ctx, takenEmailBody.phone)).toBeNull();
  }, 120_000);

  it('one solved human check answers one set of details: it cannot probe a second address, taken or not', async () => {
    const captcha = await kit.captcha();
    const first = await kit.post('/auth/sign-up', { ...kit.details({ email: SEEDED_ADMIN.email }), captcha });
    expect(first.statusCode).toBe(200);
    for (const email of [`free-${Date.now()}@example.test`, SEEDED_ADMIN.email]) {
      const probe = await kit.post('/auth/sign-up', { ...kit.details({ email }), captcha });
      expect([probe.statusCode, probe.json().code]).toEqual([400, 'CAPTCHA_FAILED']);
    }
  }, 60_000);

  it('refuses a phone outside SMS_ALLOWED_COUNTRIES (US by default) with 400 PHONE_COUNTRY_NOT_ALLOWED on the field, and starts nothing', async () => {
    const before = await startedCount();
    for (const phone of ['+442079460958', '+18095550123']) { // London; the Dominican Republic shares +1 with the US
      const response = await kit.post('/auth/sign-up', { ...kit.details({ phone }), captcha: await kit.captcha() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PHONE_COUNTRY_NOT_ALLOWED', errors: [{ path: 'phone', message: expect.stringContaining('United States') }] });
    }
    expect(await startedCount()).toBe(before);
  });
});

describe('sign-up, steps 2 and 3: the phone code, then the email code', () => {
  it('registers the account on the email code and signs in, as sign-in does; the codes are in no event', async () => {
    const body = kit.details();
    const { response, cookie } = await kit.start(body);
    const { sign_up_id } = response.json().data as { sign_up_id: string };

    const sent = await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie);
    expect(sent.json()).toEqual({
      success: true,
      data: { channel: 'phone', masked_destination: `${body.phone.slice(0, 5)}********`, resend_after_seconds: 60, expires_in_seconds: 600 },
    });
    const phoneCode = await kit.codeSentTo(body.phone);
    expect((await kit.post('/auth/sign-up/verify', { channel: 'phone', code: phoneCode }, cookie)).json()).toEqual({
      success: true,
      data: { channel: 'phone', verified: true },
      message: 'Your phone is verified.',
    });

    const emailSent = await kit.post('/auth/sign-up/otp', { channel: 'email' }, cookie);
    expect(emailSent.json().data).toMatchObject({ channel: 'email', masked_destination: expect.stringMatching(/^a\*+\d@example\.test$/), resend_after_seconds: 60 });
    const emailCode = await kit.codeSentTo(body.email);
    const verified = await kit.post('/auth/sign-up/verify', { channel: 'email', code: emailCode }, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      success: true,
      data: { AccessToken: expect.any(String), role: ['Customer'], user: { id: sign_up_id, email: body.email, full_name: body.full_name, user_type: [{ type: 'Customer' }] } },
    });
    expect(kit.cookieOf(verified, 'acpg_refresh')).toMatchObject({ httpOnly: true });
    expect(kit.cookieOf(verified, SIGN_UP_COOKIE_NAME)?.value).toBe(''); // cleared

    const account = await loadAccount(t.platform.eventStore, sign_up_id);
    expect(account).toMatchObject({ email: body.email, roles: ['Customer'], phoneMasked: `${body.phone.slice(0, 5)}********` });
    expect(await findAccountIdByPhone(await identityContext(t.platform), body.phone)).toBe(sign_up_id);

    const all = JSON.stringify(await t.platform.eventStore.readAll({ after: 0, limit: 10_000 }));
    expect(all).not.toContain(`"${phoneCode}"`);
    expect(all).not.toContain(`"${emailCode}"`);
    expect(all).not.toContain(body.password);

    const token = verified.json().data.AccessToken as string;
    const me = await kit.withToken('GET', '/auth/me', token);
    expect(me.json().data.sign_up).toEqual({ complete: false, current_step: 'property' });
    const admin = await kit.withToken('GET', '/auth/me', await t.signInAs('Super Admin', (await findAccountIdByEmail(t.platform.eventStore, SEEDED_ADMIN.email)) ?? ''));
    expect(admin.json().data.sign_up).toEqual({ complete: true, current_step: 'done' });

    // The sign-up is used: its cookie opens nothing more; sign-in works with the password given at step 1.
    const again = await kit.post('/auth/sign-up/verify', { channel: 'email', code: emailCode }, cookie);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'SIGN_UP_USED' });
    expect((await kit.post('/auth/sign-in', { email: body.email, password: body.password })).statusCode).toBe(200);
  });

  it('refuses code steps without a sign-up cookie (401) or with a forged one', async () => {
    expect((await kit.post('/auth/sign-up/otp', { channel: 'phone' })).json()).toMatchObject({ code: 'SIGN_UP_NOT_FOUND' });
    const forged = await kit.post('/auth/sign-up/otp', { channel: 'phone' }, `0190aaaa-0000-7000-8000-000000000000.${'0'.repeat(64)}`);
    expect(forged.statusCode).toBe(401);
    expect((await kit.post('/auth/sign-up/verify', { channel: 'phone', code: '123456' })).statusCode).toBe(401);
  });

  it('takes the phone first: an email code before it is refused with 409 PHONE_NOT_VERIFIED', async () => {
    const { cookie } = await kit.start(kit.details());
    for (const url of ['/auth/sign-up/otp', '/auth/sign-up/verify']) {
      const response = await kit.post(url, { channel: 'email', code: '123456' }, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PHONE_NOT_VERIFIED', message: 'Verify your phone first, then your email.' });
    }
  });

  it('refuses a check before any code (400 OTP_NOT_SENT) and a resend within 60 s (429 with retry_after_seconds)', async () => {
    const { cookie } = await kit.start(kit.details());
    expect((await kit.post('/auth/sign-up/verify', { channel: 'phone', code: '123456' }, cookie)).json()).toMatchObject({ code: 'OTP_NOT_SENT' });
    expect((await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie)).statusCode).toBe(200);
    const again = await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie);
    expect(again.statusCode).toBe(429);
    const refused = again.json() as { code: string; message: string; retry_after_seconds: number };
    expect(refused.code).toBe('OTP_RESEND_TOO_SOON');
    expect(refused.retry_after_seconds).toBeGreaterThan(0);
    expect(refused.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(refused.message).toBe(`Wait ${refused.retry_after_seconds} second${refused.retry_after_seconds === 1 ? '' : 's'} before asking for a new code.`);
  });

  it('refuses a wrong code with the tries left, and locks the sign-up at the 5th; then even the right code is refused', async () => {
    const body = kit.details();
    const { cookie } = await kit.start(body);
    await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie);
    const code = await kit.codeSentTo(body.phone);
    for (let left = 4; left >= 1; left--) {
      const wrong = await kit.post('/auth/sign-up/verify', { channel: 'phone', code: wrongCodeFor(code) }, cookie);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'OTP_INCORRECT', message: `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.` });
    }
    const fifth = await kit.post('/auth/sign-up/verify', { channel: 'phone', code: wrongCodeFor(code) }, cookie);
    expect(fifth.json()).toMatchObject({ code: 'SIGN_UP_LOCKED' });
    const right = await kit.post('/auth/sign-up/verify', { channel: 'phone', code }, cookie);
    expect(right.statusCode).toBe(410);
    expect(right.json()).toMatchObject({ code: 'SIGN_UP_LOCKED', message: 'Too many wrong codes. Start the sign-up again.' });
  });

  it('refuses an expired code with 410 OTP_EXPIRED; a new code after the wait works', async () => {
    const body = kit.details();
    const { cookie } = await kit.start(body);
    await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie);
    const code = await kit.codeSentTo(body.phone);
    const clock = t.platform.clock;
    try {
      shiftClock(601);
      const expired = await kit.post('/auth/sign-up/verify', { channel: 'phone', code }, cookie);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'OTP_EXPIRED', message: 'This code has expired. Ask for a new one.' });
      expect((await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie)).statusCode).toBe(200);
      const fresh = await kit.codeSentTo(body.phone, code);
      expect((await kit.post('/auth/sign-up/verify', { channel: 'phone', code: fresh }, cookie)).statusCode).toBe(200);
    } finally {
      t.platform.clock = clock;
    }
  });

  it('gives the hourly cap up front: the 5th send answers the wait until the cap lifts, the 6th is refused with it', async () => {
    const body = kit.details();
    const { cookie } = await kit.start(body);
    const clock = t.platform.clock;
    try {
      const waits: number[] = [];
      for (let i = 0; i < 5; i++) {
        const sent = await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie);
        expect(sent.statusCode).toBe(200);
        waits.push(sent.json().data.resend_after_seconds as number);
        shiftClock(61);
      }
      expect(waits.slice(0, 4)).toEqual([60, 60, 60, 60]);
      expect(waits[4]).toBeGreaterThan(3000); // 3600 less the 4 × 61 s gone since the first
      const sixth = await kit.post('/auth/sign-up/otp', { channel: 'phone' }, cookie);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toMatchObject({ code: 'OTP_HOURLY_LIMIT', retry_after_seconds: (waits[4] ?? 0) - 61 });
    } finally {
      t.platform.clock = clock;
    }
  });
});

describe('two sign-ups racing for an email or a phone', () => {
  /** Two applicants through the phone code, ready to send their email codes. */
  const twoReady = async (a: ReturnType<typeof kit.details>, b: ReturnType<typeof kit.details>) => {
    const first = await kit.start(a);
    const second = await kit.start(b);
    expect(first.response.statusCode).toBe(200);
    expect(second.response.statusCode).toBe(200);
    const clock = t.platform.clock;
    try {
      await kit.verifyPhone(a, first.cookie);
      shiftClock(61); // the same phone or email gets codes 60 s apart
      await kit.verifyPhone(b, second.cookie);
      await kit.post('/auth/sign-up/otp', { channel: 'email' }, first.cookie);
      const codeA = await kit.codeSentTo(a.email);
      shiftClock(61);
      await kit.post('/auth/sign-up/otp', { channel: 'email' }, second.cookie);
      const codeB = await kit.codeSentTo(b.email, a.email === b.email ? codeA : undefined);
      return { first: { cookie: first.cookie, code: codeA }, second: { cookie: second.cookie, code: codeB } };
    } finally {
      t.platform.clock = clock;
    }
  };

  /** Both sign-ups send their email code at once: one is answered 200, the other 409; answers both answers. */
  const bothVerify = async (a: ReturnType<typeof kit.details>, b: ReturnType<typeof kit.details>) => {
    const { first, second } = await twoReady(a, b);
    const answers = await Promise.all([
      kit.post('/auth/sign-up/verify', { channel: 'email', code: first.code }, first.cookie),
      kit.post('/auth/sign-up/verify', { channel: 'email', code: second.code }, second.cookie),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    return answers;
  };

  it('the same email: one account, the other gets 409 EMAIL_TAKEN and keeps nothing', async () => {
    const a = kit.details();
    const b = kit.details({ email: a.email });
    const answers = await bothVerify(a, b);
    const loser = answers.find((r) => r.statusCode === 409);
    expect(loser?.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists. Sign in, or use another email.' });
    const winnerId = (answers.find((r) => r.statusCode === 200)?.json().data as { user: { id: string } }).user.id;
    expect(await findAccountIdByEmail(t.platform.eventStore, a.email)).toBe(winnerId);
    const ctx = await identityContext(t.platform);
    const loserPhone = winnerId === (await findAccountIdByPhone(ctx, a.phone)) ? b.phone : a.phone;
    expect(await findAccountIdByPhone(ctx, loserPhone)).toBeNull();
    expect(await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['AccountRegistered'] })).toHaveLength(
      (await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['SignUpEmailVerified'] })).length + 1, // + the seeded admin
    );
  }, 30_000);

  it('the same phone: one account, the other gets 409 PHONE_TAKEN and its email stays free', async () => {
    const a = kit.details();
    const b = kit.details({ phone: a.phone });
    const answers = await bothVerify(a, b);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({ code: 'PHONE_TAKEN' });
    const winner = answers[0]?.statusCode === 200 ? a : b;
    const loser = winner === a ? b : a;
    expect(await findAccountIdByEmail(t.platform.eventStore, winner.email)).not.toBeNull();
    expect(await findAccountIdByEmail(t.platform.eventStore, loser.email)).toBeNull();
  }, 30_000);

  it('a registration that reserved its email and then lost the phone releases the email (the race inside one request)', async () => {
    const ctx = await identityContext(t.platform);
    const meta = systemMeta(t.platform, { actor: 'test' });
    const phone = '+14155557777';
    await handleCommand(t.platform.eventStore, phoneStream(ctx.cipher.hmac('phone', phone)), phoneDecider, { type: 'ReservePhone', data: { account_id: 'winner' }, metadata: meta });
    await expect(reserveEmailAndPhone(ctx, { accountId: 'loser', email: 'loser@example.test', phone }, meta)).rejects.toMatchObject({ kind: 'conflict', code: 'PHONE_TAKEN' });
    expect(await findAccountIdByEmail(t.platform.eventStore, 'loser@example.test')).toBeNull();
    expect(await findAccountIdByPhone(ctx, phone)).toBe('winner');
    // Free again for whoever comes next.
    await reserveEmailAndPhone(ctx, { accountId: 'next', email: 'loser@example.test', phone: '+14155557778' }, meta);
    expect(await findAccountIdByEmail(t.platform.eventStore, 'loser@example.test')).toBe('next');
  });
});

describe('an email code step cut short by a crash', () => {
  const cutShort = async (step: string) => {
    const body = kit.details();
    const { cookie } = await kit.start(body);
    await kit.verifyPhone(body, cookie);
    expect((await kit.post('/auth/sign-up/otp', { channel: 'email' }, cookie)).statusCode).toBe(200);
    const code = await kit.codeSentTo(body.email);
    await expectCrashBefore(t.platform, step, () => kit.post('/auth/sign-up/verify', { channel: 'email', code }, cookie));
    return { body, cookie, code };
  };

  for (const step of ['PhoneReserved', 'AccountRegistered', 'SignUpEmailVerified']) {
    it(`is finished by sending the same code again (died before ${step})`, async () => {
      const { body, cookie, code } = await cutShort(step);
      const retry = await kit.post('/auth/sign-up/verify', { channel: 'email', code }, cookie);
      expect(retry.statusCode, retry.body).toBe(200);
      const accountId = retry.json().data.user.id as string;
      expect(await findAccountIdByEmail(t.platform.eventStore, body.email)).toBe(accountId);
      expect(await findAccountIdByPhone(await identityContext(t.platform), body.phone)).toBe(accountId);
      expect(await loadAccount(t.platform.eventStore, accountId)).toMatchObject({ email: body.email });
    });
  }

  it('left so (locked by wrong codes) after the email and phone were reserved: they are free for a new sign-up', async () => {
    const { body, cookie, code } = await cutShort('AccountRegistered');
    const holder = await findAccountIdByEmail(t.platform.eventStore, body.email);
    expect(holder).not.toBeNull();
    for (let i = 0; i < 5; i++) await kit.post('/auth/sign-up/verify', { channel: 'email', code: wrongCodeFor(code) }, cookie);
    expect((await kit.post('/auth/sign-up/verify', { channel: 'email', code }, cookie)).json().code).toBe('SIGN_UP_LOCKED');

    shiftClock(61); // the new sign-up's codes go to the same phone and email: past the 60 s between codes
    const again = await kit.start(kit.details({ email: body.email, phone: body.phone }));
    expect(again.response.statusCode, again.response.body).toBe(200);
    const details = { ...body };
    await kit.verifyPhone(details, again.cookie);
    expect((await kit.post('/auth/sign-up/otp', { channel: 'email' }, again.cookie)).statusCode).toBe(200);
    const verified = await kit.post('/auth/sign-up/verify', { channel: 'email', code: await kit.codeSentTo(body.email, code) }, again.cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    const accountId = verified.json().data.user.id as string;
    expect(accountId).not.toBe(holder);
    expect(await findAccountIdByEmail(t.platform.eventStore, body.email)).toBe(accountId);
    expect(await findAccountIdByPhone(await identityContext(t.platform), body.phone)).toBe(accountId);
  });

  it('died after the account was complete, before the session: the retry is told to sign in, and signing in works', async () => {
    const { body, cookie, code } = await cutShort('SessionStarted');
    const retry = await kit.post('/auth/sign-up/verify', { channel: 'email', code }, cookie);
    expect([retry.statusCode, retry.json().code]).toEqual([410, 'SIGN_UP_USED']);
    expect((await kit.post('/auth/sign-in', { email: body.email, password: body.password })).statusCode).toBe(200);
  });
});
