import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignInResult } from '@acpg/contracts/identity';
import { memoryStorage, useKvStorage } from './kv.ts';
import { applySignIn, resetSession, session } from './session.ts';
import { EXPIRED_MESSAGE, http, rearmSessionExpiry, refreshAccessToken } from './http.ts';
import { logout } from './logout.ts';
import { setNavigator } from './navigation.ts';
import { setToastSink, type ToastRequest } from './notify.ts';

const signIn = (token: string, id = 'u-1'): SignInResult =>
  ({ AccessToken: token, role: ['Super Admin'], user: { id, full_name: 'Jane Doe', email: 'jane@example.com', user_type: [{ type: 'Super Admin' }], profile_img: null } }) as SignInResult;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const urlOf = (input: unknown) => String(input);
const bearer = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.Authorization ?? null;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server's refresh-token rotation as the identity module does it: each refresh cookie works once; a rotated one
 * coming back is reuse and ends the whole session. The cookie jar is shared, as between the tabs of one browser.
 */
function rotatingServer() {
  const state = { jar: 'c0', valid: new Set(['c0']), issued: 0, ended: false, refreshes: 0 };
  const fetch = vi.fn(async (input: unknown) => {
    if (!urlOf(input).endsWith('/auth/refresh')) return json(404, {});
    state.refreshes += 1;
    const presented = state.jar; // the browser attaches the cookie it holds when the request leaves
    await delay(20);
    if (state.ended || !state.valid.has(presented)) {
      state.ended = true;
      return json(401, { success: false, code: 'SESSION_REUSED', message: 'Session ended' });
    }
    state.valid.delete(presented);
    state.issued += 1;
    state.jar = `c${state.issued}`;
    state.valid.add(state.jar);
    return json(200, { success: true, data: signIn(`tok-${state.issued}`) });
  });
  return { state, fetch };
}

/** A second tab: its own copy of the modules (own session store, own in-tab refresh promise), same globals. */
async function otherTab() {
  vi.resetModules();
  const kv = await import('./kv.ts');
  kv.useKvStorage(kv.memoryStorage());
  const tabHttp = await import('./http.ts');
  const tabSession = await import('./session.ts');
  return { refresh: tabHttp.refreshAccessToken, session: tabSession.session };
}

let toasts: ToastRequest[];
let paths: string[];
beforeEach(() => {
  useKvStorage(memoryStorage());
  resetSession();
  toasts = [];
  setToastSink((t) => toasts.push(t));
  paths = [];
  setNavigator((p) => paths.push(p));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
  setToastSink(null);
});

describe('token refresh across tabs (the refresh cookie rotates and is shared)', () => {
  it('with Web Locks, two tabs refreshing at once both get a token and the session survives', async () => {
    expect(typeof navigator.locks?.request).toBe('function'); // Node 24 has the Web Locks API, like browsers
    const server = rotatingServer();
    vi.stubGlobal('fetch', server.fetch);
    const a = await otherTab();
    const b = await otherTab();
    const [okA, okB] = await Promise.all([a.refresh(), b.refresh()]);
    expect([okA, okB]).toEqual([true, true]);
    expect(server.state.ended).toBe(false);
    expect(new Set([a.session.accessToken, b.session.accessToken])).toEqual(new Set(['tok-1', 'tok-2']));
  });

  it('without the lock (the old per-tab serialisation) the second tab presents a rotated cookie and ends the session', async () => {
    const server = rotatingServer();
    vi.stubGlobal('fetch', server.fetch);
    vi.stubGlobal('navigator', {}); // a browser without navigator.locks: behaves as before the fix
    const a = await otherTab();
    const b = await otherTab();
    const results = await Promise.all([a.refresh(), b.refresh()]);
    expect(results.sort()).toEqual([false, true]);
    expect(server.state.ended).toBe(true);
  });

  it('callers in one tab share one refresh', async () => {
    const server = rotatingServer();
    vi.stubGlobal('fetch', server.fetch);
    applySignIn(signIn('tok-0'));
    await Promise.all([refreshAccessToken(), refreshAccessToken(), refreshAccessToken()]);
    expect(server.state.refreshes).toBe(1);
    expect(session.accessToken).toBe('tok-1');
  });
});

describe('a refresh answered 429 (too many refreshes)', () => {
  it('waits what the server asks and tries again, instead of signing the user out', async () => {
    applySignIn(signIn('expired'));
    const refreshes: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown, init?: RequestInit) => {
        if (urlOf(input).endsWith('/auth/refresh')) {
          refreshes.push(Date.now());
          if (refreshes.length === 1) {
            return new Response(JSON.stringify({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests.', retry_after_seconds: 1 }), {
              status: 429,
              headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
            });
          }
          return json(200, { success: true, data: signIn('fresh') });
        }
        return bearer(init) === 'Bearer fresh' ? json(200, { success: true, data: { n: 1 } }) : json(401, { success: false, message: 'expired' });
      }),
    );
    await expect(http.get('/things')).resolves.toEqual({ success: true, data: { n: 1 } });
    expect(refreshes).toHaveLength(2);
    expect((refreshes[1] ?? 0) - (refreshes[0] ?? 0)).toBeGreaterThanOrEqual(950);
    expect(session.accessToken).toBe('fresh');
    expect(paths).toEqual([]); // never sent to /login
    expect(toasts).toEqual([]);
  });

  it('gives up (the session is treated as lost) only when the server asks for longer than a minute', async () => {
    applySignIn(signIn('expired'));
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many requests.', retry_after_seconds: 3600 }), { status: 429 })));
    await expect(refreshAccessToken()).resolves.toBe(false);
  });
});

describe('a 401 after the token changed', () => {
  it('retries with the new token instead of refreshing again', async () => {
    applySignIn(signIn('old'));
    const calls: { url: string; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown, init?: RequestInit) => {
        calls.push({ url: urlOf(input), auth: bearer(init) });
        if (bearer(init) === 'Bearer old') {
          session.accessToken = 'new'; // another caller's refresh finished while this request was out
          return json(401, { success: false, message: 'expired' });
        }
        return json(200, { success: true, data: { n: 1 } });
      }),
    );
    await expect(http.get('/things')).resolves.toEqual({ success: true, data: { n: 1 } });
    await expect(http.post('/things', { a: 1 }).then(() => 'ok')).resolves.toBe('ok');
    expect(calls.map((c) => c.url).filter((u) => u.endsWith('/auth/refresh'))).toEqual([]);
    expect(calls.at(-1)?.auth).toBe('Bearer new');
  });
});

describe('logout while a refresh is in flight', () => {
  it('does not sign the user back in, and signs out only after the refresh (with the newest cookie)', async () => {
    applySignIn(signIn('tok-0'));
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: unknown) => {
        const url = urlOf(input);
        order.push(`start ${url}`);
        if (url.endsWith('/auth/refresh')) {
          await gate;
          order.push('refresh answered');
          return json(200, { success: true, data: signIn('tok-1') });
        }
        return json(200, { success: true, data: null });
      }),
    );
    const refreshed = refreshAccessToken();
    await vi.waitFor(() => expect(order).toEqual(['start /api/v1/auth/refresh'])); // the refresh request is out
    const loggedOut = logout();
    // Ten turns of the event loop (not a time: the same on a busy machine), in which a sign-out that did not wait
    // would have left: the mocked fetch answers within one.
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['start /api/v1/auth/refresh']); // sign-out waits for the refresh
    release();
    await loggedOut;
    await expect(refreshed).resolves.toBe(false);
    // Sign-out waited for the refresh: it left only after the refresh's answer.
    expect(order).toEqual(['start /api/v1/auth/refresh', 'refresh answered', 'start /api/v1/auth/sign-out']);
    expect(session.user).toBeNull();
    expect(session.userData).toBeNull();
    expect(session.accessToken).toBeNull();
  });
});

describe('the 401 flow on GETs (spec section 8)', () => {
  const expiring = () =>
    vi.fn(async (input: unknown) => (urlOf(input).endsWith('/auth/refresh') ? json(401, { success: false }) : json(401, { success: false, message: 'expired' })));

  it('tells the user once per loss, and again after /login was reached and Back led to a protected page', async () => {
    vi.stubGlobal('fetch', expiring());
    vi.stubGlobal('location', { pathname: '/user-interaction', search: '', hash: '' });
    applySignIn(signIn('tok-0'));
    const [first, second] = await Promise.all([http.get('/a'), http.get('/b')]);
    expect(first).toMatchObject({ success: false, message: EXPIRED_MESSAGE, status: 401 });
    expect(second).toMatchObject({ status: 401 });
    expect(toasts.map((t) => t.message)).toEqual([EXPIRED_MESSAGE]);
    expect(paths).toEqual(['/login']);
    expect(session.previousPath).toBe('/user-interaction');
    expect(session.expired).toBe(true);

    // /login showed (it re-arms the flow); a late answer of the page left behind changes nothing.
    vi.stubGlobal('location', { pathname: '/login', search: '', hash: '' });
    rearmSessionExpiry();
    await http.get('/late');
    expect(toasts).toHaveLength(1);
    expect(paths).toEqual(['/login']);

    // Back: the protected page again; its GETs fail and the flow runs again instead of doing nothing.
    vi.stubGlobal('location', { pathname: '/user-interaction', search: '?page=2', hash: '' });
    await http.get('/a');
    expect(toasts).toHaveLength(2);
    expect(paths).toEqual(['/login', '/login']);
    expect(session.previousPath).toBe('/user-interaction?page=2');
  });

  it('without reaching /login the notice is not repeated', async () => {
    vi.stubGlobal('fetch', expiring());
    vi.stubGlobal('location', { pathname: '/user-interaction', search: '', hash: '' });
    applySignIn(signIn('tok-0'));
    await http.get('/a');
    await http.get('/b');
    expect(toasts).toHaveLength(1);
  });
});

describe('refresh time-out', () => {
  it('gives up on a hanging /auth/refresh', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
      ),
    );
    const started = Date.now();
    await expect(refreshAccessToken({ timeoutMs: 50 })).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('a FormData body (a file upload)', () => {
  it('goes as it is, multipart with the boundary the browser sets, never as JSON', async () => {
    applySignIn(signIn('token'));
    let sent: RequestInit | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: unknown, init?: RequestInit) => {
        sent = init;
        return json(201, { success: true, data: { ok: true } });
      }),
    );
    const form = new FormData();
    form.append('kind', 'deed');
    form.append('file', new Blob(['%PDF-1.4']), 'deed.pdf');
    await expect(http.post('/properties/p/verifications/documents', form)).resolves.toEqual({ success: true, data: { ok: true } });
    expect(sent?.body).toBe(form);
    expect(Object.keys((sent?.headers ?? {}) as Record<string, string>).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(bearer(sent)).toBe('Bearer token');
  });
});
