import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from 'valtio/vanilla';
import type { SignInResult } from '@acpg/contracts/identity';
import { memoryStorage, useKvStorage } from '../lib/kv.ts';
import { applySignIn, resetSession, session, USER_DATA_KEY, USER_KEY } from '../lib/session.ts';
import { registerReset } from '../lib/store-reset.ts';
import { applyStorageChange, bootstrapSession } from './bootstrap.ts';
import { protectedAccess } from './routes/RequireUser.tsx';

const result = (id = 'u-1'): SignInResult =>
  ({ AccessToken: 'tok', role: ['Super Admin'], user: { id, full_name: 'Jane Doe', email: 'jane@example.com', user_type: [{ type: 'Super Admin' }], profile_img: null } }) as SignInResult;

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  useKvStorage(storage);
  resetSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('logout in another tab (storage event)', () => {
  it("drops this tab's token and resets every state group when 'user' disappears", () => {
    const reportType = proxy({ value: 3 });
    registerReset('bootstrap-spec-group', () => (reportType.value = 0));
    applySignIn(result());
    expect(session.accessToken).toBe('tok');

    storage.removeItem(USER_KEY); // the other tab's logout
    storage.removeItem(USER_DATA_KEY);
    applyStorageChange(USER_KEY);

    expect(session.user).toBeNull();
    expect(session.accessToken).toBeNull();
    expect(session.authorised).toBe(false);
    expect(session.roles).toEqual([]);
    expect(reportType.value).toBe(0);
  });

  it("picks up a sign-in of another tab and ignores unrelated keys", () => {
    applyStorageChange('something-else');
    expect(session.user).toBeNull();
    storage.setItem(USER_KEY, JSON.stringify({ role: ['Agent'], full_name: 'A', profile_img: null }));
    applyStorageChange(USER_KEY);
    expect(session.user?.role).toEqual(['Agent']);
  });
});

describe('session restore', () => {
  it('stops "Restoring your session" when /auth/refresh hangs', async () => {
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('localStorage', undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
      ),
    );
    storage.setItem(USER_KEY, JSON.stringify({ role: ['Super Admin'], full_name: 'Jane', profile_img: null }));
    applyStorageChange(USER_KEY);
    session.restoring = true;
    await bootstrapSession({ restoreTimeoutMs: 50 });
    expect(session.restoring).toBe(false);
    expect(session.accessToken).toBeNull();
  });
});

describe('protected-route guard', () => {
  const base = { user: { role: ['Super Admin'] }, restoring: false, accessToken: 'tok', expired: false };
  it('sends a user whose session a 401 ended (Back from /login) to /login, and waits for the restore', () => {
    expect(protectedAccess(base)).toBe('open');
    expect(protectedAccess({ ...base, user: null })).toBe('sign-in');
    expect(protectedAccess({ ...base, user: { role: [] } })).toBe('sign-in');
    expect(protectedAccess({ ...base, restoring: true })).toBe('restoring');
    expect(protectedAccess({ ...base, accessToken: null, expired: true })).toBe('expired');
    // Restore failed but no 401 yet: the page loads and its first 401 runs the flow (spec section 8).
    expect(protectedAccess({ ...base, accessToken: null })).toBe('open');
  });
});
