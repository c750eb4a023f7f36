import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../platform/auth/refresh-cookie.ts';
import { SEEDED_ADMIN, startTestApp, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { findAccountIdByEmail, registerAccount } from './accounts.ts';
import { accountStream } from './account/decider.ts';
import { ACCOUNTS_COLLECTION } from './accounts/projection.ts';
import { seedAdmin } from './seed.ts';
import { identityContext } from './context.ts';
import { systemMeta } from '../../platform/commands/metadata.ts';

const ADMIN_PHONE = '+14155550100';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ SEED_ADMIN_PHONE: ADMIN_PHONE });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: Record<string, unknown>, cookie?: string): Promise<LightMyRequestResponse> => {
  const options: InjectOptions = { method: 'POST', url: `/api/v1${url}` };
  if (payload !== undefined) options.payload = payload;
  if (cookie !== undefined) options.cookies = { [REFRESH_COOKIE_NAME]: cookie };
  return t.app.inject(options);
};

const refreshCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === REFRESH_COOKIE_NAME);

/** The newest code sent to `to` that differs from `previous` (the notification job runs asynchronously). */
const codeSentTo = (to: string, previous?: string) =>
  waitFor(
    async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
      const items = (response.json() as { data?: { items: { text: string }[] } }).data?.items ?? [];
      // The newest message with a code: a new-sign-in notice may have arrived after it.
      const code = items.map((item) => /\b(\d{6})\b/.exec(item.text)?.[1]).find(Boolean);
      return code !== undefined && code !== previous ? code : undefined;
    },
    { timeoutMs: 15_000, what: `a code in the outbox of ${to}` },
  );

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Password → code by `channel` → verified; answers the verification response. */
const signIn = async (email: string, password: string, channel: 'email' | 'phone', destination: string) => {
  const started = await post('/auth/sign-in', { email, password });
  expect(started.statusCode).toBe(200);
  const { challenge_id } = started.json().data as { challenge_id: string };
  expect((await post('/auth/sign-in/otp', { challenge_id, channel })).statusCode).toBe(200);
  const code = await codeSentTo(destination);
  const verified = await post('/auth/sign-in/verify', { challenge_id, code });
  expect(verified.statusCode).toBe(200);
  return verified;
};

const newAccount = async (email: string, password: string, phone: string | null) => {
  const ctx = await identityContext(t.platform);
  await registerAccount(ctx, { email, fullName: 'Test User', roles: ['Customer'], password, phone }, systemMeta(t.platform, { actor: 'test' }));
};

describe('seeded Super Admin and the accounts read model', () => {
  it('seeds once: seeding again changes nothing', async () => {
    const id = await findAccountIdByEmail(t.platform.eventStore, SEEDED_ADMIN.email);
    expect(id).not.toBeNull();
    const before = await t.platform.eventStore.readStream(accountStream(id ?? ''));
    expect(before.map((e) => e.type)).toEqual(['AccountRegistered', 'AccountPasswordSet']);
    expect(JSON.stringify(before[0]?.data)).not.toContain(ADMIN_PHONE.slice(5)); // the phone is kept encrypted
    await seedAdmin(t.platform);
    expect(await t.platform.eventStore.readStream(accountStream(id ?? ''))).toHaveLength(2);
  });

  it('refuses a phone that is not E.164 with 400, and records nothing', async () => {
    const ctx = await identityContext(t.platform);
    const email = 'bad-phone@example.test';
    const refusal = registerAccount(ctx, { email, fullName: 'Bad Phone', roles: ['Customer'], password: 'correct horse battery staple 8', phone: '555-0100' }, systemMeta(t.platform, { actor: 'test' }));
    await expect(refusal).rejects.toMatchObject({ kind: 'invalid', code: 'VALIDATION_FAILED', errors: [{ path: 'phone' }] });
    expect(await findAccountIdByEmail(t.platform.eventStore, email)).toBeNull();
  });

  it('projects the account, without secrets, into the accounts read model', async () => {
    const doc = await waitFor(async () => (await t.platform.documents.find(ACCOUNTS_COLLECTION, { email: SEEDED_ADMIN.email }))[0], { what: 'the admin account document' });
    expect(doc).toMatchObject({ email: SEEDED_ADMIN.email, roles: ['Super Admin'], phone_masked: '+1415********', full_name: 'Super Admin' });
    expect(JSON.stringify(doc)).not.toMatch(/scrypt|password|v1\./);
  });

  it('documents the auth routes in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/v1/auth/sign-in', '/api/v1/auth/sign-in/otp', '/api/v1/auth/sign-in/verify', '/api/v1/auth/refresh', '/api/v1/auth/sign-out', '/api/v1/auth/me']) {
      expect(spec.paths).toHaveProperty([path]);
    }
  });
});

describe('sign-in of the seeded Super Admin (password → email code → tokens)', () => {
  let challengeId: string;
  let code: string;
  let cookie: string;

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    for (const body of [
      { email: SEEDED_ADMIN.email, password: 'not the password' },
      { email: 'nobody@example.test', password: SEEDED_ADMIN.password },
    ]) {
      const response = await post('/auth/sign-in', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ success: false, message: 'The email or password is incorrect.', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('answers 400 to a malformed body', async () => {
    const response = await post('/auth/sign-in', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('opens a challenge with masked destinations (email, case-insensitive)', async () => {
    const response = await post('/auth/sign-in', { email: SEEDED_ADMIN.email.toUpperCase(), password: SEEDED_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, data: { channels: ['email', 'phone'], masked: { email: 'a***n@example.test', phone: '+1415********' } } });
    challengeId = body.data.challenge_id;
  });

  it('sends a code by email, and refuses another within 60 s', async () => {
    const sent = await post('/auth/sign-in/otp', { challenge_id: challengeId, channel: 'email' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      data: { channel: 'email', masked_destination: 'a***n@example.test', resend_after_seconds: 60, expires_in_seconds: 600 },
    });
    code = await codeSentTo(SEEDED_ADMIN.email);
    const again = await post('/auth/sign-in/otp', { challenge_id: challengeId, channel: 'email' });
    expect(again.statusCode).toBe(429);
    const refused = again.json() as { message: string; retry_after_seconds: number };
    expect(refused).toMatchObject({ code: 'OTP_RESEND_TOO_SOON', message: expect.stringMatching(/^Wait \d+ seconds? before asking for a new code\.$/) });
    expect(refused.retry_after_seconds).toBeGreaterThan(0);
    expect(refused.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(refused.message).toContain(`Wait ${refused.retry_after_seconds} second`);
    expect(again.headers['retry-after']).toBe(String(refused.retry_after_seconds));
  });

  it('refuses a wrong code with the tries left', async () => {
    const response = await post('/auth/sign-in/verify', { challenge_id: challengeId, code: wrongCodeFor(code) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, code: 'OTP_INCORRECT', message: 'The code is incorrect. 4 tries left.' });
  });

  it('signs in with the right code: access token, roles, user and the refresh cookie', async () => {
    const response = await post('/auth/sign-in/verify', { challenge_id: challengeId, code });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Signed in successfully.',
      data: { role: ['Super Admin'], user: { email: SEEDED_ADMIN.email, full_name: 'Super Admin', user_type: [{ type: 'Super Admin' }], profile_img: null } },
    });
    const principal = await t.platform.tokens.verifyAccessToken(body.data.AccessToken);
    // The token names its session and the account's session version (a sign-out or a reset refuses it at once).
    expect(principal).toEqual({ userId: body.data.user.id, roles: ['Super Admin'], sessionId: expect.any(String), sessionVersion: expect.any(Number) });
    const set = refreshCookie(response);
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
    cookie = set?.value ?? '';
    expect(cookie).toMatch(/\./);

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${body.data.AccessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.id).toBe(body.data.user.id);
    expect(me.json().data.phone_masked).toBe('+1415********');
  });

  it('does not take the same code twice', async () => {
    const response = await post('/auth/sign-in/verify', { challenge_id: challengeId, code });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: 'SIGN_IN_USED' });
  });

  it('rotates the refresh token; the rotated one coming back ends the whole session', async () => {
    const first = await post('/auth/refresh', undefined, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ role: ['Super Admin'], user: { email: SEEDED_ADMIN.email } });
    const rotated = refreshCookie(first)?.value ?? '';
    expect(rotated).not.toBe(cookie);

    const second = await post('/auth/refresh', undefined, rotated);
    expect(second.statusCode).toBe(200);
    const current = refreshCookie(second)?.value ?? '';

    const reused = await post('/auth/refresh', undefined, cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'SESSION_REUSED' });
    expect(refreshCookie(reused)?.value).toBe(''); // cleared

    const afterRevocation = await post('/auth/refresh', undefined, current);
    expect(afterRevocation.statusCode).toBe(401);
    expect(afterRevocation.json()).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('answers 401 to a refresh without a cookie or with garbage', async () => {
    expect((await post('/auth/refresh')).statusCode).toBe(401);
    expect((await post('/auth/refresh', undefined, 'garbage')).statusCode).toBe(401);
  });
});

describe('sign-in by phone and sign-out', () => {
  const email = 'phone.user@example.test';
  const password = 'a phone user passphrase';
  const phone = '+14155550111';

  beforeAll(() => newAccount(email, password, phone), 30_000);

  it('sends the code by SMS and signs in; sign-out ends the session and clears the cookie', async () => {
    const verified = await signIn(email, password, 'phone', phone);
    const cookie = refreshCookie(verified)?.value ?? '';
    const out = await post('/auth/sign-out', undefined, cookie);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, data: null, message: 'Signed out.' });
    expect(refreshCookie(out)).toMatchObject({ value: '', path: '/api/v1/auth' });
    const refreshed = await post('/auth/refresh', undefined, cookie);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toMatchObject({ code: 'SESSION_ENDED' });
  });

  it('signs out without a cookie too', async () => {
    expect((await post('/auth/sign-out')).statusCode).toBe(200);
  });
});

describe('wrong codes lock the sign-in', () => {
  const email = 'locked.user@example.test';
  const password = 'a locked user passphrase';

  beforeAll(() => newAccount(email, password, null), 30_000);

  it('refuses a phone code for an account without a phone', async () => {
    const started = await post('/auth/sign-in', { email, password });
    expect(started.json().data).toMatchObject({ channels: ['email'], masked: { phone: null } });
    const response = await post('/auth/sign-in/otp', { challenge_id: started.json().data.challenge_id, channel: 'phone' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'CHANNEL_UNAVAILABLE' });
  });

  it('locks after 5 wrong codes; then even the right code is refused', async () => {
    const started = await post('/auth/sign-in', { email, password });
    const challenge_id = started.json().data.challenge_id as string;
    expect((await post('/auth/sign-in/otp', { challenge_id, channel: 'email' })).statusCode).toBe(200);
    const code = await codeSentTo(email);
    const wrong = wrongCodeFor(code);
    for (let left = 4; left >= 1; left--) {
      const response = await post('/auth/sign-in/verify', { challenge_id, code: wrong });
      expect(response.json()).toMatchObject({ code: 'OTP_INCORRECT', message: `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.` });
    }
    const fifth = await post('/auth/sign-in/verify', { challenge_id, code: wrong });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({ code: 'SIGN_IN_LOCKED' });
    const right = await post('/auth/sign-in/verify', { challenge_id, code });
    expect(right.statusCode).toBe(410);
    expect(right.json()).toMatchObject({ code: 'SIGN_IN_LOCKED' });
  });

  it('answers 404 to an unknown challenge and 400 to a malformed code', async () => {
    expect((await post('/auth/sign-in/verify', { challenge_id: 'nope', code: '123456' })).statusCode).toBe(404);
    expect((await post('/auth/sign-in/verify', { challenge_id: 'nope', code: '12ab' })).statusCode).toBe(400);
  });
});

describe('the per-account password failure budget', () => {
  it('after 10 wrong passwords an email answers the same 401 without hashing, even to the right password, and the holder is emailed once', { timeout: 120_000 }, async () => {
    const email = `budget-${Date.now()}@example.test`;
    const password = 'budget tests passphrase';
    await newAccount(email, password, null);
    // From many addresses (the per-address limit is not what is tested): the budget is the account's.
    const attempt = (pass: string, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password: pass }, remoteAddress: `10.9.${Math.floor(i / 200)}.${i % 200}` });
    for (let i = 0; i < 10; i++) {
      const wrong = await attempt(`wrong guess ${i}`, i);
      expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    }
    const ctx = await identityContext(t.platform);
    const verify = vi.spyOn(ctx.passwords, 'verify');
    const right = await attempt(password, 10);
    try {
      const wrong = await attempt('one more guess', 11);
      // The same answer as a wrong password, and no scrypt work for either.
      expect(right.json()).toEqual(wrong.json());
      expect([right.statusCode, right.json().code, right.json().message]).toEqual([401, 'INVALID_CREDENTIALS', 'The email or password is incorrect.']);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
    const notices = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(email)}` });
      return ((response.json() as { data?: { items: { subject?: string; text: string }[] } }).data?.items ?? []).filter((m) => /Someone tried/.test(m.subject ?? ''));
    };
    const [notice] = await waitFor(async () => ((await notices()).length > 0 ? notices() : undefined), { timeoutMs: 15_000, what: 'the paused sign-in notice' });
    expect(notice?.text).toContain('wrong password for your account many times');
    expect(await notices()).toHaveLength(1); // once per pause, not once per try
    // An email no account uses is paused after as many wrong passwords, and answers as fast then: the pause tells nothing.
    const nobody = `budget-nobody-${Date.now()}@example.test`;
    const unknown = (i: number) => t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: nobody, password: `guess ${i}` }, remoteAddress: `10.7.${i}.1` });
    const before = vi.spyOn(ctx.passwords, 'verifyDummy');
    for (let i = 0; i < 10; i++) expect((await unknown(i)).statusCode).toBe(401);
    expect(before).toHaveBeenCalledTimes(10); // until the pause, an unknown email costs a dummy verification
    before.mockRestore();
    const dummy = vi.spyOn(ctx.passwords, 'verifyDummy');
    try {
      expect((await unknown(10)).json()).toEqual(right.json());
      expect(dummy).not.toHaveBeenCalled();
      expect(ctx.passwords.queue.active).toBe(0);
    } finally {
      dummy.mockRestore();
    }
    // Another account is not affected.
    const other = `budget-other-${Date.now()}@example.test`;
    await newAccount(other, password, null);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: other, password }, remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
  });
});
