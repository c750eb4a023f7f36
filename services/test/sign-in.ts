import type { OutboxMessage } from '@acpg/contracts/notifications';
import { REFRESH_COOKIE_NAME } from '../src/platform/auth/refresh-cookie.ts';
import { SEEDED_ADMIN, type TestApp } from './harness.ts';
import { waitFor } from './wait-for.ts';

/** The messages the dev outbox holds for an address, newest first. */
export const outboxOf = async (t: Pick<TestApp, 'url'>, to: string): Promise<OutboxMessage[]> => {
  const response = await fetch(`${t.url}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`dev outbox answered ${response.status}`);
  return ((await response.json()) as { data: { items: OutboxMessage[] } }).data.items;
};

const codeIn = (message: OutboxMessage | undefined) => (message ? /\b(\d{6})\b/.exec(message.text)?.[1] : undefined);

const post = async (t: Pick<TestApp, 'url'>, path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(`${t.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response;
};

export interface OutboxSignIn {
  /** Where the code goes; `destination` is the address the outbox is read for (the account's phone for 'phone'). */
  channel?: 'email' | 'phone';
  destination?: string;
  account?: { email: string; password: string };
  /** Headers of the verify request (a browser's User-Agent). */
  headers?: Record<string, string>;
  /** The browser's IANA zone, sent with the code as the web does (absent: none sent). */
  timeZone?: string;
  /** Runs between reading the code and sending it (a wrong code first, say). */
  beforeVerify?: (challengeId: string, code: string) => Promise<void>;
}

/**
 * A real sign-in over HTTP (the seeded Super Admin by default): password, a code by email or SMS read from the dev
 * outbox (a message newer than any there before, so an earlier sign-in's code is never reused), then the code.
 */
export const signInWithOutboxCode = async (t: Pick<TestApp, 'url'>, options: OutboxSignIn = {}): Promise<{ token: string; cookie: string }> => {
  const account = options.account ?? SEEDED_ADMIN;
  const channel = options.channel ?? 'email';
  const destination = options.destination ?? account.email;
  const before = (await outboxOf(t, destination)).length;
  const started = (await (await post(t, '/auth/sign-in', account)).json()) as { data: { challenge_id: string } };
  const challengeId = started.data.challenge_id;
  await post(t, '/auth/sign-in/otp', { challenge_id: challengeId, channel });
  const code = await waitFor(
    async () => {
      const messages = await outboxOf(t, destination);
      return messages.slice(0, messages.length - before).map(codeIn).find(Boolean);
    },
    { timeoutMs: 15_000, what: `a new code in the outbox of ${destination}` },
  );
  await options.beforeVerify?.(challengeId, code);
  const verified = await post(t, '/auth/sign-in/verify', { challenge_id: challengeId, code, ...(options.timeZone ? { time_zone: options.timeZone } : {}) }, options.headers);
  const token = ((await verified.json()) as { data: { AccessToken: string } }).data.AccessToken;
  const refresh = verified.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE_NAME}=`));
  return { token, cookie: refresh?.split(';')[0]?.slice(REFRESH_COOKIE_NAME.length + 1) ?? '' };
};
