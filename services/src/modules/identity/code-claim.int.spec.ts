import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RULES } from '@acpg/contracts/identity';
import { crashBeforeAppendOf } from '../../../test/crash-once.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { codeIn, waitForMessage } from '../../../test/outbox.ts';
import { systemMeta } from '../../platform/commands/metadata.ts';
import { accountStream } from './account/decider.ts';
import { findAccountIdByEmail, loadAccount, registerAccount } from './accounts.ts';
import { identityContext } from './context.ts';
import { passwordResetStream } from './password-reset/decider.ts';
import { contactChangeStream } from './profile/contact-change/decider.ts';
import { signUpStream } from './sign-up/decider.ts';
import { signUpKit } from './sign-up/test-kit.ts';

/**
 * The attack of issue 20 (item 10): many tries of a one-time code at once. Each try is decided and counted at the
 * stream's version, so at most 5 are ever compared; a right code is used up before the change it authorizes, so two
 * requests with it make one change.
 */
let t: TestApp;
let kit: ReturnType<typeof signUpKit>;
beforeAll(async () => {
  t = await startTestApp({ CAPTCHA_COST: '1' });
  kit = signUpKit(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'code claim tests passphrase';
let ip = 0;
/** Each request from its own address: an attacker with many addresses, past the per-address limits. */
const send = (method: InjectOptions['method'], url: string, payload: Record<string, unknown>, token?: string): Promise<LightMyRequestResponse> => {
  ip += 1;
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    remoteAddress: `10.77.${Math.floor(ip / 250)}.${ip % 250}`,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
};
const answer = (r: LightMyRequestResponse) => [r.statusCode, (r.json() as { code?: string }).code] as const;
const typesIn = async (stream: string) => (await t.platform.eventStore.readStream(stream)).map((e) => e.type);
const countOf = (types: string[], type: string) => types.filter((x) => x === type).length;
const wrongCodes = (code: string, n: number) => Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
/** Moves the app's clock by `seconds`; answers how to put it back. */
const shiftClock = (seconds: number) => {
  const previous = t.platform.clock;
  t.platform.clock = () => new Date(previous().getTime() + seconds * 1000);
  return () => void (t.platform.clock = previous);
};

let n = 0;
const newAccount = async () => {
  const email = `claim-${++n}-${Date.now()}@example.test`;
  const ctx = await identityContext(t.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: 'Cody Claim', roles: ['Customer'], password: PASSWORD }, systemMeta(t.platform, { actor: 'test' }));
  return { id: accountId, email, token: await t.platform.tokens.issueAccessToken({ userId: accountId, roles: ['Customer'] }) };
};

const emailChange = async () => {
  const me = await newAccount();
  const target = `claim-new-${++n}-${Date.now()}@example.test`;
  const started = await send('POST', '/account/email-change', { email: target, current_password: PASSWORD }, me.token);
  expect(started.statusCode, started.body).toBe(200);
  const { change_id } = started.json().data as { change_id: string };
  const code = codeIn(await waitForMessage(t.app, target, /Confirm your new email/));
  const verify = (c: string) => send('POST', '/account/email-change/verify', { change_id, code: c }, me.token);
  return { me, target, change_id, code, verify };
};

/** 20 wrong codes at once: exactly 5 compared and counted (the 5th locks), the other 15 refused as locked. */
const expectFiveCounted = (answers: (readonly [number, string | undefined])[], incorrect: string, locked: string) => {
  const counted = answers.filter(([status]) => status === 400);
  expect(counted.filter(([, code]) => code === incorrect)).toHaveLength(OTP_RULES.maxWrongTries - 1);
  expect(counted.filter(([, code]) => code === locked)).toHaveLength(1);
  expect(answers.filter(([status, code]) => status === 410 && code === locked)).toHaveLength(answers.length - OTP_RULES.maxWrongTries);
};

describe('contact change code under parallel tries', () => {
  it('20 parallel wrong codes: at most 5 compared and counted, then even the right code is refused (locked)', async () => {
    const { me, change_id, code, verify } = await emailChange();
    const answers = (await Promise.all(wrongCodes(code, 20).map(verify))).map(answer);
    expectFiveCounted(answers, 'OTP_INCORRECT', 'CHANGE_LOCKED');
    const types = await typesIn(contactChangeStream(change_id));
    expect(countOf(types, 'ContactChangeCodeRejected')).toBe(OTP_RULES.maxWrongTries);
    expect(answer(await verify(code))).toEqual([410, 'CHANGE_LOCKED']);
    expect((await loadAccount(t.platform.eventStore, me.id))?.email).toBe(me.email);
  });

  it('the right code among 19 wrong ones at once changes the email only if that request was told so', async () => {
    const { me, target, change_id, code, verify } = await emailChange();
    const tries = [...wrongCodes(code, 19), code];
    const answers = (await Promise.all(tries.map(verify))).map(answer);
    const right = answers.at(-1);
    const changed = (await loadAccount(t.platform.eventStore, me.id))?.email === target;
    expect(changed).toBe(right?.[0] === 200);
    const types = await typesIn(contactChangeStream(change_id));
    expect(countOf(types, 'ContactChangeCodeRejected')).toBeLessThanOrEqual(OTP_RULES.maxWrongTries);
    expect(answers.filter(([status]) => status === 400).length).toBeLessThanOrEqual(OTP_RULES.maxWrongTries);
  });

  it('two requests with the right code at once: one changes the email, the other is refused; the account changed once', async () => {
    const { me, target, change_id, code, verify } = await emailChange();
    const answers = (await Promise.all([verify(code), verify(code)])).map(answer);
    expect(answers.filter(([status]) => status === 200)).toHaveLength(1);
    const other = answers.find(([status]) => status !== 200);
    // The other is refused by the code (in use, or used), or, when it is read after the change committed, by its token:
    // a changed email moves the session version on, so this request's token, issued before, is refused (401).
    expect([JSON.stringify([409, 'OTP_IN_USE']), JSON.stringify([410, 'CHANGE_USED']), JSON.stringify([401, 'UNAUTHORIZED'])]).toContain(JSON.stringify(other));
    expect(countOf(await typesIn(accountStream(me.id)), 'AccountEmailChanged')).toBe(1);
    const types = await typesIn(contactChangeStream(change_id));
    expect([countOf(types, 'ContactChangeCodeAccepted'), countOf(types, 'ContactChangeVerified')]).toEqual([1, 1]);
    expect(await findAccountIdByEmail(t.platform.eventStore, target)).toBe(me.id);
  });

  it('a request that died holding the code: the code answers 409 OTP_IN_USE for 30 s, then finishes the change', async () => {
    const { me, target, code, verify } = await emailChange();
    // The process dies after the code was used up: before the account changed, and so before giving the code back.
    const change = crashBeforeAppendOf(t.platform, 'AccountEmailChanged');
    const release = crashBeforeAppendOf(t.platform, 'ContactChangeCodeReleased');
    try {
      expect((await verify(code)).statusCode).toBe(500);
    } finally {
      release.restore();
      change.restore();
    }
    expect([change.crashed(), release.crashed()]).toEqual([true, true]);
    expect(answer(await verify(code))).toEqual([409, 'OTP_IN_USE']);
    expect((await loadAccount(t.platform.eventStore, me.id))?.email).toBe(me.email);
    const restore = shiftClock(OTP_RULES.claimSeconds + 1);
    try {
      const finished = await verify(code);
      expect(finished.statusCode, finished.body).toBe(200);
      expect((await loadAccount(t.platform.eventStore, me.id))?.email).toBe(target);
    } finally {
      restore();
    }
  });
});

describe('password reset code under parallel tries', () => {
  const forgot = async () => {
    const me = await newAccount();
    expect((await send('POST', '/auth/forgot-password', { email: me.email })).statusCode).toBe(200);
    const code = codeIn(await waitForMessage(t.app, me.email, /Reset your ACPG password/));
    const reset = (c: string, password = 'a brand new passphrase 42') => send('POST', '/auth/reset-password', { email: me.email, code: c, password });
    const stream = passwordResetStream((await identityContext(t.platform)).cipher.hmac('password-reset', me.email));
    return { me, code, reset, stream };
  };

  it('20 parallel wrong codes: at most 5 compared and counted, then even the right code is refused (locked)', async () => {
    const { me, code, reset, stream } = await forgot();
    const passwordsBefore = countOf(await typesIn(accountStream(me.id)), 'AccountPasswordSet');
    const answers = (await Promise.all(wrongCodes(code, 20).map((c) => reset(c)))).map(answer);
    expectFiveCounted(answers, 'OTP_INCORRECT', 'RESET_LOCKED');
    expect(countOf(await typesIn(stream), 'PasswordResetRejected')).toBe(OTP_RULES.maxWrongTries);
    expect(answer(await reset(code))).toEqual([410, 'RESET_LOCKED']);
    expect(countOf(await typesIn(accountStream(me.id)), 'AccountPasswordSet')).toBe(passwordsBefore);
  });

  it('two requests with the right code at once, each with its own new password: one password is set', async () => {
    const { me, code, reset, stream } = await forgot();
    const passwordsBefore = countOf(await typesIn(accountStream(me.id)), 'AccountPasswordSet');
    const answers = await Promise.all([reset(code, 'first new passphrase 111'), reset(code, 'second new passphrase 222')]);
    expect(answers.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    const other = answers.map(answer).find(([status]) => status !== 200);
    expect([JSON.stringify([409, 'OTP_IN_USE']), JSON.stringify([410, 'RESET_USED'])]).toContain(JSON.stringify(other));
    expect(countOf(await typesIn(accountStream(me.id)), 'AccountPasswordSet')).toBe(passwordsBefore + 1);
    const types = await typesIn(stream);
    expect([countOf(types, 'PasswordResetAccepted'), countOf(types, 'PasswordResetCompleted')]).toEqual([1, 1]);
  });
});

describe('sign-up email code under parallel tries', () => {
  const atEmailStep = async () => {
    const body = kit.details();
    const { response, cookie } = await kit.start(body);
    expect(response.statusCode, response.body).toBe(200);
    await kit.verifyPhone(body, cookie);
    expect((await kit.post('/auth/sign-up/otp', { channel: 'email' }, cookie)).statusCode).toBe(200);
    const code = await kit.codeSentTo(body.email);
    const verify = (c: string) => kit.post('/auth/sign-up/verify', { channel: 'email', code: c }, cookie);
    const signUpId = (await t.platform.eventStore.readAll({ after: 0, limit: 100_000, types: ['SignUpStarted'] })).find(
      (e) => (e.data as { email?: string }).email === body.email,
    )?.stream;
    if (!signUpId) throw new Error('no sign-up stream for this email');
    return { body, code, verify, stream: signUpId };
  };

  it('20 parallel wrong codes: at most 5 compared and counted, then even the right code is refused and no account exists', async () => {
    const { body, code, verify, stream } = await atEmailStep();
    const answers = (await Promise.all(wrongCodes(code, 20).map(verify))).map(answer);
    expectFiveCounted(answers, 'OTP_INCORRECT', 'SIGN_UP_LOCKED');
    expect(countOf(await typesIn(stream), 'SignUpCodeRejected')).toBe(OTP_RULES.maxWrongTries);
    expect(answer(await verify(code))).toEqual([410, 'SIGN_UP_LOCKED']);
    expect(await findAccountIdByEmail(t.platform.eventStore, body.email)).toBeNull();
  });

  it('two requests with the right code at once: one registers the account, the other is refused', async () => {
    const { body, code, verify, stream } = await atEmailStep();
    const answers = await Promise.all([verify(code), verify(code)]);
    expect(answers.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    const other = answers.map(answer).find(([status]) => status !== 200);
    expect([JSON.stringify([409, 'OTP_IN_USE']), JSON.stringify([410, 'SIGN_UP_USED'])]).toContain(JSON.stringify(other));
    const accountId = await findAccountIdByEmail(t.platform.eventStore, body.email);
    expect(stream).toBe(signUpStream(accountId ?? 'none'));
    const types = await typesIn(stream);
    expect([countOf(types, 'SignUpEmailCodeAccepted'), countOf(types, 'SignUpEmailVerified')]).toEqual([1, 1]);
  });
});
