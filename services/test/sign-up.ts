import { ROLES_WITH_BROKERAGE, TERMS_OF_SERVICE_VERSION, type SignUpIntent } from '@acpg/contracts/sign-up';
import { solveCaptcha } from './captcha.ts';
import { outboxOf } from './sign-in.ts';
import type { TestApp } from './harness.ts';
import { waitFor } from './wait-for.ts';

/** The sign-up cookie (identity's `acpg_signup`), scoped to the sign-up routes. */
const SIGN_UP_COOKIE = 'acpg_signup';

const send = async (t: Pick<TestApp, 'url'>, method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) => {
  const response = await fetch(`${t.url}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `${SIGN_UP_COOKIE}=${cookie}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
};

const newCode = (t: Pick<TestApp, 'url'>, to: string) =>
  waitFor(async () => (await outboxOf(t, to)).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean), { timeoutMs: 15_000, what: `a sign-up code for ${to}` });

/**
 * A stranger's sign-up over HTTP, as the wizard makes it: the human check solved, details with consent to the Terms of
 * Service (an Agent or a Broker names a brokerage), the phone code and the email code read from the dev outbox (start
 * the app with CAPTCHA_COST=1 to keep it quick). `intent` is a membership unless given. Answers the access token.
 */
export const signUpWithOutboxCodes = async (
  t: Pick<TestApp, 'url'>,
  details: { full_name: string; email: string; phone: string; password: string; role: string; intent?: SignUpIntent; brokerage_name?: string },
  /** The browser's IANA zone, sent with the email code as the web does (absent: none sent, the default zone). */
  timeZone?: string,
) => {
  const challenge = (await (await send(t, 'GET', '/auth/sign-up/challenge')).json()) as { data: unknown };
  const brokerage = (ROLES_WITH_BROKERAGE as readonly string[]).includes(details.role) ? { brokerage_name: details.brokerage_name ?? `${details.full_name} Realty` } : {};
  const body = { intent: 'membership', ...brokerage, ...details, accept_terms: true, terms_version: TERMS_OF_SERVICE_VERSION, captcha: await solveCaptcha(challenge.data) };
  const started = await send(t, 'POST', '/auth/sign-up', body);
  const cookie = /acpg_signup=([^;]+)/.exec(started.headers.getSetCookie().join('\n'))?.[1] ?? '';
  await send(t, 'POST', '/auth/sign-up/otp', { channel: 'phone' }, cookie);
  await send(t, 'POST', '/auth/sign-up/verify', { channel: 'phone', code: await newCode(t, details.phone) }, cookie);
  await send(t, 'POST', '/auth/sign-up/otp', { channel: 'email' }, cookie);
  const verified = await send(t, 'POST', '/auth/sign-up/verify', { channel: 'email', code: await newCode(t, details.email), ...(timeZone ? { time_zone: timeZone } : {}) }, cookie);
  return ((await verified.json()) as { data: { AccessToken: string; user: { id: string } } }).data;
};
