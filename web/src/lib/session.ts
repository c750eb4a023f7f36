import { proxy } from 'valtio/vanilla';
import type { SessionUser, SignInResult } from '@acpg/contracts/identity';
import { readJson, writeJson, removeKey } from './kv.ts';
import { persistStore } from './persist.ts';
import { myAccountPath, PROFESSIONAL, TOKEN_KEEPING_ROLES } from './roles.ts';

/** Browser storage 'user' entry (spec section 3). */
export interface StoredUser {
  role: string[];
  full_name: string;
  profile_img: string | null;
}

export const USER_KEY = 'user';
export const USER_DATA_KEY = 'userData';
export const PROFESSIONAL_COOKIE = 'professional';

interface SessionState {
  /** Mirror of the 'user' entry; signed in means it exists (spec section 4). */
  user: StoredUser | null;
  /** Mirror of the 'userData' entry. */
  userData: SessionUser | null;
  /** Access token: memory only, never persisted (DECISIONS.md); restored through the refresh cookie on load. */
  accessToken: string | null;
  authorised: boolean;
  /** Persisted fields. */
  roles: string[];
  role: string | null;
  userId: string | null;
  previousPath: string | null;
  previousUserId: string | null;
  paymentPopup: number | null;
  standUpPopupCount: number | null;
  /** True while the persisted store rehydrates and the access token is restored. */
  restoring: boolean;
  /** A 401 dropped the token (spec section 8); cleared when a token arrives. Memory only. */
  expired: boolean;
}

const PERSISTED = ['roles', 'role', 'userId', 'previousPath', 'previousUserId', 'paymentPopup', 'standUpPopupCount'] as const;

function initialState(): SessionState {
  return {
    user: readJson<StoredUser>(USER_KEY),
    userData: readJson<SessionUser>(USER_DATA_KEY),
    accessToken: null,
    authorised: false,
    roles: [],
    role: null,
    userId: null,
    previousPath: null,
    previousUserId: null,
    paymentPopup: null,
    standUpPopupCount: null,
    restoring: true,
    expired: false,
  };
}

export const session = proxy<SessionState>(initialState());

/** Rehydrates the persisted fields (5000 ms time-out). */
export function rehydrateSession(): Promise<boolean> {
  return persistStore('session', session, { fields: PERSISTED });
}

/** Re-reads 'user'/'userData' (another tab signed in or out, or a test changed storage). */
export function reloadStoredUser(): void {
  session.user = readJson<StoredUser>(USER_KEY);
  session.userData = readJson<SessionUser>(USER_DATA_KEY);
}

export function isSignedIn(): boolean {
  return session.user != null;
}

export function setAccessToken(token: string | null): void {
  session.accessToken = token;
  session.authorised = token != null;
  if (token != null) session.expired = false;
}

// Bumped by every reset (logout here or in another tab): work started under an older generation (a refresh in
// flight) must not write its result into the session that replaced it.
let generation = 0;

export function sessionGeneration(): number {
  return generation;
}

function clearProfessionalCookie(): void {
  if (typeof document !== 'undefined') document.cookie = `${PROFESSIONAL_COOKIE}=; Max-Age=0; path=/`;
}

export type SignInOutcome = { ok: true; landing: string } | { ok: false; reason: 'no-role' };

/**
 * Login storage rules (spec section 6), within our auth (the token in memory only, DECISIONS.md): admin (Super Admin),
 * sub-admin (Admin) and Professional keep the token and the authorised flag and no role string; a Professional also
 * gets the payment popup flag 0 and the stand-up popup count 1, and its professional cookie is cleared; every other
 * role is kept as a role string. A user with no role list is not signed in.
 */
export function applySignIn(result: SignInResult): SignInOutcome {
  const roles = [...(result.role ?? [])];
  if (roles.length === 0) {
    resetSession();
    return { ok: false, reason: 'no-role' };
  }
  const first = roles[0]!;
  // The spec keeps the token only for admin, sub-admin and Professional; every role needs it for the API now,
  // so it is held in memory for all and the role string is kept for the others as the spec says.
  setAccessToken(result.AccessToken);
  session.roles = roles;
  session.role = TOKEN_KEEPING_ROLES.includes(first) ? null : first;
  session.userId = result.user.id;
  if (first === PROFESSIONAL) {
    session.paymentPopup = 0;
    session.standUpPopupCount = 1;
    clearProfessionalCookie();
  } else {
    // The popup flags are the Professional's: another sign-in in this browser (after a session expired, without a
    // logout) must not inherit them.
    session.paymentPopup = null;
    session.standUpPopupCount = null;
  }
  const stored: StoredUser = { role: roles, full_name: result.user.full_name, profile_img: result.user.profile_img };
  writeJson(USER_KEY, stored);
  writeJson(USER_DATA_KEY, result.user);
  session.user = stored;
  session.userData = result.user;
  return { ok: true, landing: myAccountPath(roles) };
}

/** A 401 on a GET: drop the token and authorised flag, remember where the user was (unless on /login). */
export function expireSession(path: string): void {
  setAccessToken(null);
  session.expired = true;
  if (path.startsWith('/login')) return;
  session.previousPath = path;
  session.previousUserId = session.userId;
}

/** The saved path, once, if it belongs to the user who just signed in. */
export function takeReturnPath(userId: string): string | null {
  const path = session.previousPath;
  const owner = session.previousUserId;
  session.previousPath = null;
  session.previousUserId = null;
  if (!path || (owner && owner !== userId)) return null;
  return path;
}

/** Logout part of the session group: removes 'user' and 'userData' and resets every field. */
export function resetSession(): void {
  generation += 1;
  removeKey(USER_KEY);
  removeKey(USER_DATA_KEY);
  Object.assign(session, initialState(), { user: null, userData: null, restoring: false });
}

/** The signed-in user's name, email or photo changed (profile): 'user' and 'userData' follow, so the top bar does. */
export function updateSignedInUser(changes: { full_name: string; email: string; profile_img: string | null }): void {
  if (!session.user) return;
  const stored: StoredUser = { ...session.user, full_name: changes.full_name, profile_img: changes.profile_img };
  writeJson(USER_KEY, stored);
  session.user = stored;
  if (session.userData) {
    const userData: SessionUser = { ...session.userData, full_name: changes.full_name, email: changes.email, profile_img: changes.profile_img };
    writeJson(USER_DATA_KEY, userData);
    session.userData = userData;
  }
}
