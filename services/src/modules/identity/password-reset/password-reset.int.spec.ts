import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../../platform/auth/refresh-cookie.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { expectCrashBefore } from '../../../../test/crash-once.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { codeIn, outboxOf, waitForMessage, wrongCodeFor } from '../../../../test/outbox.ts';
import { findAccountIdByEmail, registerAccount } from '../accounts.ts';
import { startSession } from '../session/flow.ts';
import { identityContext } from '../context.ts';

const t = useTestApp();

const OLD_PASSWORD = 'an old passphrase of mine';
const NEW_PASSWORD = 'a brand new passphrase 42';
const RESET_SUBJECT = /Reset your ACPG password/;

// Each test from its own client address: the per-address rate limits are not what these tests are about.
let address = 0;
beforeEach(() => {
  address++;
});
const post = (url: string, payload: Record<string, unknown>, cookie?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: `10.0.3.${address}`,
    ...(cookie ? { cookies: { [REFRESH_COOKIE_NAME]: cookie } } : {}),
  });

let n = 0;
const newAccount = async () => {
  const email = `reset-${++n}-${Date.now()}@example.test`;
  const ctx = await identityContext(t.platform);
  await registerAccount(ctx, { email, fullName: 'Reset User', roles: ['Customer'], password: OLD_PASSWORD }, systemMeta(t.platform, { actor: 'test' }));
  return email;
};

/** Password, then the emailed sign-in code: answers the refresh cookie. */
const signIn = async (email: string, password: string) => {
  const started = await post('/auth/sign-in', { email, password });
  if (started.statusCode !== 200) return { status: started.statusCode, cookie: null };
  const { challenge_id } = started.json().data as { challenge_id: string };
  const previous = (await outboxOf(t.app, email)).find((m) => /sign-in code/i.test(m.subject ?? ''));
  expect((await post('/auth/sign-in/otp', { challenge_id, channel: 'email' })).statusCode).toBe(200);
  const code = codeIn(await waitForMessage(t.app, email, /sign-in code/i, previous));
  const verified = await post('/auth/sign-in/verify', { challenge_id, code });
  return { status: verified.statusCode, cookie: verified.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value ?? null };
};

const forgot = async (email: string) => {
  const response = await post('/auth/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  return response;
};
const tokenIn = (text: string) => /reset-password\?token=([0-9a-f]{64}\.[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

describe('forgot password', () => {
  it('answers an unknown email exactly as a known one, and emails only the known one', async () => {
    const known = await newAccount();
    const unknown = `nobody-${Date.now()}@example.test`;
    const a = (await forgot(known)).json();
    const b = (await forgot(unknown)).json();
    expect(b).toEqual(a);
    expect(a).toMatchObject({ success: true, data: { resend_after_seconds: 60, code_expires_in_seconds: 600, link_expires_in_seconds: 3600 } });
    const mail = await waitForMessage(t.app, known, RESET_SUBJECT);
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(tokenIn(mail.text)).not.toBe('');
    expect(await outboxOf(t.app, unknown)).toEqual([]);

    // The throttle too answers the same for both.
    const again = [await post('/auth/forgot-password', { email: known }), await post('/auth/forgot-password', { email: unknown })];
    expect(again.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(again.map((r) => r.json().code)).toEqual(['OTP_RESEND_TOO_SOON', 'OTP_RESEND_TOO_SOON']);
    expect(again.map((r) => r.json().retry_after_seconds)).toEqual([expect.any(Number), expect.any(Number)]);
    // A code nobody was sent fails like a wrong one, with the same tries left.
    const wrong = [
      await post('/auth/reset-password', { email: known, code: wrongCodeFor(codeIn(mail)), password: NEW_PASSWORD }),
      await post('/auth/reset-password', { email: unknown, code: '000000', password: NEW_PASSWORD }),
    ];
    expect(wrong.map((r) => [r.statusCode, r.json().code, r.json().message])).toEqual([
      [400, 'OTP_INCORRECT', 'The code is incorrect. 4 tries left.'],
      [400, 'OTP_INCORRECT', 'The code is incorrect. 4 tries left.'],
    ]);
  });

  it('refuses a malformed email with 400 and records nothing', async () => {
    const response = await post('/auth/forgot-password', { email: 'not an email' });
    expect(response.statusCode).toBe(400);
  });
});

describe('reset password', () => {
  it('refuses a wrong code or an unknown link without hashing the new password (no scrypt work for a guess)', async () => {
    const email = await newAccount();
    await forgot(email);
    const code = codeIn(await waitForMessage(t.app, email, RESET_SUBJECT));
    const ctx = await identityContext(t.platform);
    const hash = vi.spyOn(ctx.passwords, 'hash');
    try {
      const wrong = await post('/auth/reset-password', { email, code: wrongCodeFor(code), password: NEW_PASSWORD });
      expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'OTP_INCORRECT']);
      const link = await post('/auth/reset-password', { token: `${'a'.repeat(64)}.${'b'.repeat(43)}`, password: NEW_PASSWORD });
      expect(link.statusCode).toBe(400);
      expect(hash).not.toHaveBeenCalled();
      // The right code still hashes and sets the password.
      expect((await post('/auth/reset-password', { email, code, password: NEW_PASSWORD })).statusCode).toBe(200);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it('with the code: sets the new password, ends every session, and the code and link are used up', async () => {
    const email = await newAccount();
    // Two sessions before the reset (opened directly: a second sign-in code within 60 s would wait).
    const ctx = await identityContext(t.platform);
    const accountId = (await findAccountIdByEmail(t.platform.eventStore, email)) ?? '';
    const open = async () => {
      const meta = systemMeta(t.platform, { actor: 'test' });
      return { cookie: (await startSession(ctx, { accountId, sessionId: meta.newId() }, meta)).token };
    };
    const session = await open();
    const other = await open();
    await forgot(email);
    const mail = await waitForMessage(t.app, email, RESET_SUBJECT);
    const code = codeIn(mail);

    // The password policy of sign-up, checked before any try is counted.
    const common = await post('/auth/reset-password', { email, code, password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_REFUSED', errors: [{ path: 'password' }] });
    const short = await post('/auth/reset-password', { email, code, password: 'short' });
    expect(short.statusCode).toBe(400);

    const done = await post('/auth/reset-password', { email, code, password: NEW_PASSWORD }, session.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, data: null, message: 'Your password was reset. Sign in with your new password.' });
    expect(done.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value).toBe('');

    // Every session opened before the reset is over.
    for (const ended of [session, other]) {
      const refreshed = await post('/auth/refresh', {}, ended.cookie);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json()).toMatchObject({ code: 'SESSION_ENDED' });
    }

    // Single use: neither the code nor the link works again.
    const again = await post('/auth/reset-password', { email, code, password: 'another new passphrase' });
    expect([again.statusCode, again.json().code]).toEqual([410, 'RESET_USED']);
    const link = await post('/auth/reset-password', { token: tokenIn(mail.text), password: 'another new passphrase' });
    expect([link.statusCode, link.json().code]).toEqual([410, 'RESET_USED']);

    expect((await post('/auth/sign-in', { email, password: OLD_PASSWORD })).statusCode).toBe(401);
    const fresh = await signIn(email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    // A session started after the reset lives on.
    expect((await post('/auth/refresh', {}, fresh.cookie ?? undefined)).statusCode).toBe(200);
    // The account holder hears of it.
    const notice = await waitForMessage(t.app, email, /A security change to your ACPG account/);
    expect(notice.text).toContain('Your password was reset, and every device was signed out.');
  });

  for (const step of ['PasswordResetCompleted', 'AccountPasswordSet']) {
    it(`a reset cut short by a crash (before ${step}) is finished by sending the same code again`, async () => {
      const email = await newAccount();
      await forgot(email);
      const code = codeIn(await waitForMessage(t.app, email, RESET_SUBJECT));
      await expectCrashBefore(t.platform, step, () => post('/auth/reset-password', { email, code, password: NEW_PASSWORD }));
      const retry = await post('/auth/reset-password', { email, code, password: NEW_PASSWORD });
      expect(retry.statusCode, retry.body).toBe(200);
      expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
      const again = await post('/auth/reset-password', { email, code, password: 'another new passphrase' });
      expect([again.statusCode, again.json().code]).toEqual([410, 'RESET_USED']);
    });
  }

  it('with the link: sets the new password once', async () => {
    const email = await newAccount();
    await forgot(email);
    const token = tokenIn((await waitForMessage(t.app, email, RESET_SUBJECT)).text);
    const done = await post('/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link that is not valid: malformed (400 from the schema), unknown, or with a wrong secret', async () => {
    const malformed = await post('/auth/reset-password', { token: 'abc', password: NEW_PASSWORD });
    expect(malformed.statusCode).toBe(400);
    const unknown = await post('/auth/reset-password', { token: `${'a'.repeat(64)}.${'b'.repeat(43)}`, password: NEW_PASSWORD });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'RESET_NOT_FOUND']);

    const email = await newAccount();
    await forgot(email);
    const token = tokenIn((await waitForMessage(t.app, email, RESET_SUBJECT)).text);
    const forged = `${token.split('.')[0]}.${'c'.repeat(43)}`;
    const wrong = await post('/auth/reset-password', { token: forged, password: NEW_PASSWORD });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'RESET_NOT_FOUND']);
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(200);
  });

  it('refuses a code before any was asked for, and a body with both or neither of code and token', async () => {
    const email = await newAccount();
    const none = await post('/auth/reset-password', { email, code: '123456', password: NEW_PASSWORD });
    expect([none.statusCode, none.json().code]).toEqual([400, 'RESET_NOT_FOUND']);
    expect((await post('/auth/reset-password', { password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await post('/auth/reset-password', { email, code: '123456', token: `${'a'.repeat(64)}.${'b'.repeat(43)}`, password: NEW_PASSWORD })).statusCode).toBe(400);
  });

  it('locks the reset on the 5th wrong code: the right code then fails and the password is unchanged', async () => {
    const email = await newAccount();
    await forgot(email);
    const code = codeIn(await waitForMessage(t.app, email, RESET_SUBJECT));
    const answers: [number, string][] = [];
    for (let i = 0; i < 5; i++) {
      const r = await post('/auth/reset-password', { email, code: wrongCodeFor(code), password: NEW_PASSWORD });
      answers.push([r.statusCode, r.json().code]);
    }
    expect(answers).toEqual([...Array(4).fill([400, 'OTP_INCORRECT']), [400, 'RESET_LOCKED']]);
    const right = await post('/auth/reset-password', { email, code, password: NEW_PASSWORD });
    expect([right.statusCode, right.json().code]).toEqual([410, 'RESET_LOCKED']);
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(200);
  });
});
