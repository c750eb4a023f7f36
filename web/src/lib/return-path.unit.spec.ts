import { describe, expect, it } from 'vitest';
import { rememberSignUpReturn, returnPathOf, safeReturnPath, signInPageAccess, signInPathFor, signUpPathFor, takeSignUpReturn } from './return-path.ts';

const ORIGIN = 'https://app.example.test';

describe('return path after sign-in', () => {
  it('keeps a path of this origin with its query and hash', () => {
    expect(safeReturnPath('/user-interaction?page=2&sort=page_name', ORIGIN)).toBe('/user-interaction?page=2&sort=page_name');
    expect(safeReturnPath('/admin-dashboard#tiles', ORIGIN)).toBe('/admin-dashboard#tiles');
  });

  it('refuses other origins, schemes, relative paths and the sign-in screens', () => {
    for (const raw of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'admin-dashboard', '/\t/evil.example', '', null, undefined]) {
      expect(safeReturnPath(raw, ORIGIN), String(raw)).toBeNull();
    }
    expect(safeReturnPath('/authentication/sign-in?next=/x', ORIGIN)).toBeNull();
    expect(safeReturnPath('/login', ORIGIN)).toBeNull();
  });

  it('round-trips through the sign-in URL', () => {
    const url = new URL(signInPathFor('/user-interaction?page=2&from=2026-01-01'), ORIGIN);
    expect(url.pathname).toBe('/authentication/sign-in');
    expect(returnPathOf(url.search, ORIGIN)).toBe('/user-interaction?page=2&from=2026-01-01');
  });
});

describe('who may see a sign-in screen', () => {
  const base = { user: { role: ['Super Admin'] }, restoring: false, accessToken: 'tok' };
  it('sends a signed-in user on, waits for the restore, and shows the form to everyone else', () => {
    expect(signInPageAccess(base)).toBe('signed-in');
    expect(signInPageAccess({ ...base, restoring: true })).toBe('restoring');
    expect(signInPageAccess({ ...base, accessToken: null })).toBe('signed-out'); // a 401 ended it: /login shows the form
    expect(signInPageAccess({ ...base, user: null })).toBe('signed-out');
    expect(signInPageAccess({ ...base, user: { role: [] } })).toBe('signed-out');
  });
});

describe('the return after a sign-up', () => {
  const store = new Map<string, string>();
  const fake = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
  (globalThis as { sessionStorage?: unknown }).sessionStorage = fake;

  it('keeps a safe ?next= of the first screen and gives it back once', () => {
    rememberSignUpReturn(new URL(signUpPathFor('/nhd-order'), ORIGIN).search, ORIGIN);
    expect(takeSignUpReturn(ORIGIN)).toBe('/nhd-order');
    expect(takeSignUpReturn(ORIGIN)).toBeNull();
  });

  it('ignores another origin or a sign-in screen', () => {
    rememberSignUpReturn('?next=https%3A%2F%2Fevil.example%2F', ORIGIN);
    rememberSignUpReturn('?next=%2Fauthentication%2Fsign-in', ORIGIN);
    expect(takeSignUpReturn(ORIGIN)).toBeNull();
  });
});
