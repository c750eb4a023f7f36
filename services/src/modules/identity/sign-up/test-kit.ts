import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TERMS_OF_SERVICE_VERSION, type SignUpBody } from '@acpg/contracts/sign-up';
import type { TestApp } from '../../../../test/harness.ts';
import { solveCaptcha } from '../../../../test/captcha.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { REFRESH_COOKIE_NAME } from '../../../platform/auth/refresh-cookie.ts';
import { SIGN_UP_COOKIE_NAME } from './cookie.ts';

/** The sign-up routes as a browser would call them, for this folder's integration tests (not a spec file). */
export const signUpKit = (t: TestApp) => {
  let n = 0;
  // Each request from its own address: the per-address rate limits are not what these tests are about.
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, ...options });
  const post = (url: string, payload: unknown, signUpCookie?: string) =>
    inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as Record<string, unknown>, ...(signUpCookie ? { cookies: { [SIGN_UP_COOKIE_NAME]: signUpCookie } } : {}) });
  const withToken = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: unknown) =>
    inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  const captcha = async () => {
    const challenge = await inject({ method: 'GET', url: '/api/v1/auth/sign-up/challenge' });
    expect(challenge.statusCode).toBe(200);
    return solveCaptcha(challenge.json().data);
  };

  /** Fresh details: an email and a phone no other test of this app uses. */
  const details = (overrides: Partial<SignUpBody> = {}): Omit<SignUpBody, 'captcha'> => {
    n += 1;
    const tag = `${Date.now().toString(36)}${n}`;
    return {
      full_name: `Applicant ${n}`,
      email: `applicant-${tag}@example.test`,
      phone: `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      password: 'a long and uncommon passphrase',
      role: 'Customer',
      intent: 'membership',
      accept_terms: true,
      terms_version: TERMS_OF_SERVICE_VERSION,
      ...overrides,
    };
  };

  const cookieOf = (response: LightMyRequestResponse, name: string) => response.cookies.find((c) => c.name === name);

  const start = async (body: Omit<SignUpBody, 'captcha'>) => {
    const response = await post('/auth/sign-up', { ...body, captcha: await captcha() });
    return { response, cookie: cookieOf(response, SIGN_UP_COOKIE_NAME)?.value ?? '' };
  };

  /** The newest 6-digit code the outbox holds for `to`, other than `previous` (delivery runs in a worker). */
  const codeSentTo = (to: string, previous?: string) =>
    waitFor(
      async () => {
        const response = await inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` });
        const items = (response.json() as { data?: { items: { text: string }[] } }).data?.items ?? [];
        const code = items.map((item) => /\b(\d{6})\b/.exec(item.text)?.[1]).find(Boolean);
        return code !== undefined && code !== previous ? code : undefined;
      },
      { timeoutMs: 15_000, what: `a code in the outbox of ${to}` },
    );

  /** Phone code sent and verified; answers the email code step's starting point. */
  const verifyPhone = async (body: Omit<SignUpBody, 'captcha'>, cookie: string) => {
    expect((await post('/auth/sign-up/otp', { channel: 'phone' }, cookie)).statusCode).toBe(200);
    const verified = await post('/auth/sign-up/verify', { channel: 'phone', code: await codeSentTo(body.phone) }, cookie);
    expect(verified.json()).toMatchObject({ success: true, data: { channel: 'phone', verified: true } });
  };

  /** The whole pre-sign-in part: details, phone code, email code; answers the access token and the account id. */
  const signUp = async (body = details()) => {
    const { response, cookie } = await start(body);
    expect(response.statusCode).toBe(200);
    await verifyPhone(body, cookie);
    expect((await post('/auth/sign-up/otp', { channel: 'email' }, cookie)).statusCode).toBe(200);
    const verified = await post('/auth/sign-up/verify', { channel: 'email', code: await codeSentTo(body.email) }, cookie);
    expect(verified.statusCode).toBe(200);
    const data = verified.json().data as { AccessToken: string; user: { id: string } };
    return { body, token: data.AccessToken, accountId: data.user.id, refresh: cookieOf(verified, REFRESH_COOKIE_NAME) };
  };

  return { post, withToken, captcha, details, start, codeSentTo, verifyPhone, signUp, cookieOf };
};

export const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
