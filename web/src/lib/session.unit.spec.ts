import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio/vanilla';
import type { SignInResult } from '@acpg/contracts/identity';
import { memoryStorage, useKvStorage } from './kv.ts';
import { applySignIn, expireSession, resetSession, session, takeReturnPath } from './session.ts';
import { logout } from './logout.ts';
import { setNavigator } from './navigation.ts';
import { registerReset } from './store-reset.ts';
import { persistStore, type PersistStorage } from './persist.ts';

const result = (role: string[], id = 'u-1'): SignInResult =>
  ({ AccessToken: 'tok', role, user: { id, full_name: 'Jane Doe', email: 'jane@example.com', user_type: [{ type: role[0] ?? '' }], profile_img: null } }) as SignInResult;

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  useKvStorage(storage);
  resetSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('session store: login storage rules (spec section 6)', () => {
  it("writes 'user' and 'userData', keeps the token in memory only and lands per role", () => {
    const outcome = applySignIn(result(['Super Admin']));
    expect(outcome).toEqual({ ok: true, landing: '/admin-dashboard' });
    expect(JSON.parse(storage.dump().user!)).toEqual({ role: ['Super Admin'], full_name: 'Jane Doe', profile_img: null });
    expect(JSON.parse(storage.dump().userData!).id).toBe('u-1');
    expect(session.accessToken).toBe('tok');
    expect(session.authorised).toBe(true);
    expect(JSON.stringify(storage.dump())).not.toContain('tok');
  });
  it('sets the Professional popup flags, clears the professional cookie, keeps the token and no role string', () => {
    const cookies: string[] = [];
    vi.stubGlobal('document', {
      set cookie(value: string) {
        cookies.push(value);
      },
    });
    expect(applySignIn(result(['Professional']))).toEqual({ ok: true, landing: '/subscriptions' });
    expect(session.paymentPopup).toBe(0);
    expect(session.standUpPopupCount).toBe(1);
    expect(cookies).toEqual(['professional=; Max-Age=0; path=/']);
    expect(session.accessToken).toBe('tok');
    expect(session.authorised).toBe(true);
    expect(session.role).toBeNull();
    expect(JSON.stringify(storage.dump())).not.toContain('tok');
  });
  it('keeps the token and authorised flag for admin and sub-admin (Super Admin, Admin), who land on the dashboard', () => {
    for (const role of ['Super Admin', 'Admin']) {
      expect(applySignIn(result([role])), role).toEqual({ ok: true, landing: '/admin-dashboard' });
      expect(session.authorised, role).toBe(true);
      expect(session.role, role).toBeNull();
      expect(session.paymentPopup, role).toBeNull();
    }
  });
  it('keeps other roles as a role string, without the Professional popup flags', () => {
    for (const role of ['Agent', 'Service Provider', 'Sub User', 'Provider Admin']) {
      applySignIn(result(['Professional']));
      applySignIn(result([role], 'u-2'));
      expect(session.role, role).toBe(role);
      expect(session.paymentPopup, role).toBeNull();
      expect(session.standUpPopupCount, role).toBeNull();
    }
  });
  it('refuses a user with no role list', () => {
    expect(applySignIn(result([]))).toEqual({ ok: false, reason: 'no-role' });
    expect(session.user).toBeNull();
    expect(storage.dump().user).toBeUndefined();
  });
});

describe('session expiry (spec section 8)', () => {
  it('drops the token, saves path and user id, and returns there only for the same user', () => {
    applySignIn(result(['Super Admin']));
    expireSession('/user-interaction?page=2');
    expect(session.accessToken).toBeNull();
    expect(session.authorised).toBe(false);
    expect(takeReturnPath('someone-else')).toBeNull();
    expireSession('/user-interaction?page=2');
    expect(takeReturnPath('u-1')).toBe('/user-interaction?page=2');
    expect(takeReturnPath('u-1')).toBeNull();
  });
  it('does not save /login as the return path', () => {
    applySignIn(result(['Super Admin']));
    expireSession('/login');
    expect(session.previousPath).toBeNull();
  });
});

describe('logout (spec section 4)', () => {
  it('clears storage and state groups, calls sign-out and goes to sign-in', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const paths: string[] = [];
    setNavigator((p) => paths.push(p));
    const reportType = proxy({ value: 3 });
    registerReset('nhd-report-type', () => (reportType.value = 0));

    applySignIn(result(['Super Admin']));
    await logout();

    expect(storage.dump().user).toBeUndefined();
    expect(storage.dump().userData).toBeUndefined();
    expect(session.user).toBeNull();
    expect(session.accessToken).toBeNull();
    expect(session.roles).toEqual([]);
    expect(reportType.value).toBe(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/sign-out', expect.objectContaining({ method: 'POST' }));
    expect(paths).toEqual(['/authentication/sign-in']);
    setNavigator(null);
  });
});

describe('persisted store', () => {
  it('rehydrates stored fields and writes changes back', async () => {
    const store = memoryStorage();
    store.setItem('persist:t1', JSON.stringify({ count: 4, secret: 'x' }));
    const state = proxy({ count: 0, secret: 'memory' });
    await expect(persistStore('t1', state, { fields: ['count'], storage: store })).resolves.toBe(true);
    expect(state).toEqual({ count: 4, secret: 'memory' });
    state.count = 5;
    await Promise.resolve();
    expect(JSON.parse(store.dump()['persist:t1']!)).toEqual({ count: 5 });
  });
  it('gives up after 5000 ms and keeps the initial state', async () => {
    vi.useFakeTimers();
    const slow: PersistStorage = { getItem: () => new Promise((r) => setTimeout(() => r('{"count":9}'), 10_000)), setItem: () => {}, removeItem: () => {} };
    const state = proxy({ count: 1 });
    const done = persistStore('t2', state, { fields: ['count'], storage: slow });
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(6000);
    expect(state.count).toBe(1);
    vi.useRealTimers();
  });
});
