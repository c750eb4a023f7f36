// Where a sign-in leads: back to the page a signed-out visitor asked for, carried through the sign-in screens in the URL.

/** Query parameter of /authentication/sign-in naming the page to return to after signing in. */
export const RETURN_PARAM = 'next';
const SIGN_IN_START = '/authentication/sign-in';

const isSignInScreen = (pathname: string) => pathname.startsWith('/authentication/') || pathname === '/login';

/**
 * `raw` as a path of this origin (path, query and hash), or null: another origin (`//evil.example`, `https:...`,
 * `/\evil.example`), anything not starting with '/', or a sign-in screen (returning there would loop).
 */
export function safeReturnPath(raw: string | null | undefined, origin: string): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || isSignInScreen(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in screen that returns to `path` (path and query of a protected page) afterwards. */
export function signInPathFor(path: string): string {
  return `${SIGN_IN_START}?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

/** The return path named in a sign-in screen's query string, if it is a safe one. */
export function returnPathOf(search: string, origin: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM), origin);
}

export type SignInPageAccess = 'restoring' | 'signed-in' | 'signed-out';

/**
 * Who opens a sign-in screen: a user with a role and a live token is signed in and is sent on; while the session is
 * restored on load nothing is shown yet; anyone else (signed out, or a session a 401 ended) gets the form.
 */
export function signInPageAccess(s: { user: { role: readonly string[] } | null; restoring: boolean; accessToken: string | null }): SignInPageAccess {
  if (!s.user || s.user.role.length === 0) return 'signed-out';
  if (s.restoring) return 'restoring';
  return s.accessToken ? 'signed-in' : 'signed-out';
}

/** Where the sign-up wizard leads when it ends, when it was opened from a page that wants the new user back (`?next=`). */
const SIGN_UP_RETURN_KEY = 'acpg:sign-up-return';

/** Keeps `?next=` of the wizard's first screen (a safe path of this origin only) for the end of the sign-up. */
export function rememberSignUpReturn(search: string, origin: string): void {
  const path = returnPathOf(search, origin);
  try {
    if (path) sessionStorage.setItem(SIGN_UP_RETURN_KEY, path);
  } catch {
    // storage disabled: the wizard ends on My Account as usual
  }
}

/** The page to return to after the sign-up (once: it is forgotten when read), or null. */
export function takeSignUpReturn(origin: string): string | null {
  try {
    const path = safeReturnPath(sessionStorage.getItem(SIGN_UP_RETURN_KEY), origin);
    sessionStorage.removeItem(SIGN_UP_RETURN_KEY);
    return path;
  } catch {
    return null;
  }
}

/** The page the sign-up will return to, left in place (the plan step reads it to offer what the visitor came for). */
export function peekSignUpReturn(origin: string): string | null {
  try {
    return safeReturnPath(sessionStorage.getItem(SIGN_UP_RETURN_KEY), origin);
  } catch {
    return null;
  }
}

/** The wizard's first screen, which returns to `path` once the sign-up is complete. */
export function signUpPathFor(path: string): string {
  return `/authentication/sign-up?${new URLSearchParams({ [RETURN_PARAM]: path }).toString()}`;
}

