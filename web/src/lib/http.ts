import { subscribeKey } from 'valtio/vanilla/utils';
import { session, applySignIn, expireSession, sessionGeneration } from './session.ts';
import { notify } from './notify.ts';
import { navigateTo, currentPath } from './navigation.ts';

export const API_BASE = '/api/v1';
export const EXPIRED_MESSAGE = 'Your token is expired or invalid. Please Login again.';

/** What a failed GET gives (spec section 8): success false, a message, and the server data or the message. */
export interface Failure {
  success: false;
  message: string;
  data: unknown;
  status?: number;
}
export interface Envelope<T> {
  success: true;
  data: T;
  message?: string;
}
export type Result<T> = Envelope<T> | Failure;

/** Non-GET failures are passed on as this error. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) return body.message;
  return fallback;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** One answer, with the access token the request carried (to tell a stale token from an ended session). */
interface Sent {
  res: Response;
  body: unknown;
  token: string | null;
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Sent> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A FormData body (a file upload) goes as multipart/form-data, its boundary set by the browser; a Blob goes as it is,
  // with its own type (a CSV file as text/csv).
  const form = options.body instanceof FormData || options.body instanceof Blob;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const token = session.accessToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(API_BASE + path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(options.body !== undefined ? { body: form ? (options.body as FormData | Blob) : JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { res, body: await readBody(res), token };
}

/** Web Locks name shared by every tab of the app: the refresh cookie rotates and is shared by all of them. */
export const REFRESH_LOCK = 'acpg-refresh';
/** A refresh (waiting for the lock included) gives up after this long; the 401 flow handles the rest. */
export const REFRESH_TIMEOUT_MS = 8000;

interface LockManagerLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

function lockManager(): LockManagerLike | null {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/**
 * Runs `task` holding the cross-tab refresh lock, or straight away where the browser has no Web Locks. Two tabs
 * presenting the same rotating cookie at once would look like token reuse and end the whole session; the tab that
 * waits sends the cookie the first one just received.
 */
export function withRefreshLock<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const locks = lockManager();
  if (!locks) return task();
  return locks.request(REFRESH_LOCK, signal ? { signal } : {}, task);
}

let refreshing: Promise<boolean> | null = null;

/** How long, in all, a refresh waits out the server's "too many refreshes" (429) before it gives up. */
export const REFRESH_RATE_LIMIT_WAIT_MS = 60_000;

/** The wait a 429 asks for, in ms: `retry_after_seconds` of the body, else the Retry-After header, else 1 s. */
export function retryAfterMs(res: Response, body: unknown): number {
  const stated = (body as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
  const seconds = typeof stated === 'number' ? stated : Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) * 1000 : 1000;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One refresh under the lock: signed in again (true), the session lost (false), or come back after `retryInMs`. */
type RefreshAttempt = boolean | { retryInMs: number };

/**
 * One refresh at a time in this tab (callers share it) and across tabs (the lock). Its result is applied only if no
 * logout or reset happened meanwhile (the session generation): a refresh must never sign a logged-out user back in.
 * A 429 is not a lost session: the refresh waits what the server asks (outside the lock, so other tabs go on) and
 * tries again, for up to REFRESH_RATE_LIMIT_WAIT_MS.
 */
export function refreshAccessToken(options: { timeoutMs?: number } = {}): Promise<boolean> {
  refreshing ??= (async () => {
    const startedIn = sessionGeneration();
    const waitUntil = Date.now() + REFRESH_RATE_LIMIT_WAIT_MS;
    const attempt = async (): Promise<RefreshAttempt> => {
      const signal = AbortSignal.timeout(options.timeoutMs ?? REFRESH_TIMEOUT_MS);
      try {
        return await withRefreshLock(async () => {
          if (sessionGeneration() !== startedIn) return false;
          const { res, body } = await send('POST', '/auth/refresh', { signal });
          if (res.status === 429) return { retryInMs: retryAfterMs(res, body) };
          if (!res.ok) return false;
          const data = (body as { data?: Parameters<typeof applySignIn>[0] } | null)?.data;
          if (!data?.AccessToken) return false;
          if (sessionGeneration() !== startedIn) return false;
          return applySignIn(data).ok;
        }, signal);
      } catch {
        return false; // network error, time-out, or the wait for the lock was cut short
      }
    };
    try {
      for (;;) {
        const result = await attempt();
        if (typeof result === 'boolean') return result;
        if (Date.now() + result.retryInMs > waitUntil) return false;
        await sleep(result.retryInMs);
      }
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** The refresh in flight in this tab, if any (logout waits for it before signing out). */
export function pendingRefresh(): Promise<boolean> | null {
  return refreshing;
}

// Several GETs of one screen fail together when the session is lost: the user is told once. Holding a token again
// (signed in, or restored) or reaching /login arms the notice for the next loss (Back from /login to a protected page).
let expiryHandled = false;
subscribeKey(session, 'accessToken', (token) => {
  if (token) expiryHandled = false;
});

const onLoginPage = () => typeof location !== 'undefined' && location.pathname.startsWith('/login');

/** /login is showing: the next loss of the session is handled again. */
export function rearmSessionExpiry(): void {
  expiryHandled = false;
}

/**
 * Spec section 8, without the navigation: drop the token, save `path` for after the next sign-in, tell the user once.
 * False when this loss was already handled (the caller that handled it is taking the user to /login).
 */
export function announceSessionExpiry(path: string): boolean {
  if (expiryHandled) return false;
  expiryHandled = true;
  expireSession(path);
  notify.warning(EXPIRED_MESSAGE);
  const native = (globalThis as { ReactNativeWebView?: { postMessage(message: string): void } }).ReactNativeWebView;
  native?.postMessage('logout');
  return true;
}

/** Spec section 8: the 401 on a GET. */
function handleExpiredSession(): void {
  // Already at /login (a late answer of the page just left): the page says the session expired; only drop the token.
  if (onLoginPage()) {
    expireSession('/login');
    return;
  }
  if (announceSessionExpiry(currentPath())) navigateTo('/login');
}

/** A 401: retry once with a token that arrived since the request left, else once after a refresh. */
async function retryAfter401(sent: Sent, again: () => Promise<Sent>, mayRefresh: boolean): Promise<Sent> {
  if (sent.res.status !== 401) return sent;
  if (session.accessToken && session.accessToken !== sent.token) return again();
  if (mayRefresh && (await refreshAccessToken())) return again();
  return sent;
}

async function get<T>(path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<Result<T>> {
  const url = withQuery(path, options.query);
  try {
    const attempt = () => send('GET', url, options.signal ? { signal: options.signal } : {});
    const { res, body } = await retryAfter401(await attempt(), attempt, true);
    if (res.status === 401) {
      handleExpiredSession();
      return { success: false, message: EXPIRED_MESSAGE, data: body, status: 401 };
    }
    if (!res.ok) {
      const message = messageOf(body, res.statusText || `Request failed (${res.status})`);
      return { success: false, message, data: body ?? message, status: res.status };
    }
    return body as Result<T>;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    const message = err instanceof Error ? err.message : 'Network error';
    return { success: false, message, data: message };
  }
}

async function mutate<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const attempt = () => send(method, path, { body, ...(headers ? { headers } : {}) });
  const first = await attempt();
  // The /auth/ calls answer 401 for their own reasons (wrong password, ended session): never retried.
  const { res, body: answer } = path.startsWith('/auth/') ? first : await retryAfter401(first, attempt, first.token != null);
  if (!res.ok) throw new HttpError(res.status, messageOf(answer, res.statusText || `Request failed (${res.status})`), answer);
  return answer as T;
}

/** Shared HTTP client: base /api/v1, answers the body, Bearer from the session store. */
export const http = {
  get,
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => mutate<T>('POST', path, body, headers),
  put: <T>(path: string, body?: unknown) => mutate<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => mutate<T>('PATCH', path, body),
  delete: <T>(path: string) => mutate<T>('DELETE', path),
};

export function isFailure<T>(r: Result<T>): r is Failure {
  return r.success === false;
}

