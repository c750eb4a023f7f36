import { subscribeKey } from 'valtio/vanilla/utils';
import { session, applySignIn, expireSession } from './session.ts';
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

async function send(method: string, path: string, options: RequestOptions = {}): Promise<{ res: Response; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (session.accessToken) headers.Authorization = `Bearer ${session.accessToken}`;
  const res = await fetch(API_BASE + path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { res, body: await readBody(res) };
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: the refresh cookie rotates, so parallel calls would trip reuse detection. */
export function refreshAccessToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const { res, body } = await send('POST', '/auth/refresh');
      if (!res.ok) return false;
      const data = (body as { data?: Parameters<typeof applySignIn>[0] } | null)?.data;
      if (!data?.AccessToken) return false;
      return applySignIn(data).ok;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// Several GETs of one screen fail together when the session is lost: the user is told once. Holding a token again
// (signed in, or restored) arms the notice for the next loss.
let expiryHandled = false;
subscribeKey(session, 'accessToken', (token) => {
  if (token) expiryHandled = false;
});

/** Spec section 8: the 401 on a GET. */
function handleExpiredSession(): void {
  if (expiryHandled) return;
  expiryHandled = true;
  const path = typeof location === 'undefined' ? '/' : location.pathname;
  expireSession(path.startsWith('/login') ? path : currentPath());
  notify.warning(EXPIRED_MESSAGE);
  const native = (globalThis as { ReactNativeWebView?: { postMessage(message: string): void } }).ReactNativeWebView;
  native?.postMessage('logout');
  if (!path.startsWith('/login')) navigateTo('/login');
}

async function get<T>(path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<Result<T>> {
  const url = withQuery(path, options.query);
  try {
    let { res, body } = await send('GET', url, options.signal ? { signal: options.signal } : {});
    if (res.status === 401 && (await refreshAccessToken())) ({ res, body } = await send('GET', url, options.signal ? { signal: options.signal } : {}));
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
  let { res, body: answer } = await send(method, path, { body, ...(headers ? { headers } : {}) });
  const isAuthCall = path.startsWith('/auth/');
  if (res.status === 401 && !isAuthCall && session.accessToken && (await refreshAccessToken())) {
    ({ res, body: answer } = await send(method, path, { body, ...(headers ? { headers } : {}) }));
  }
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

