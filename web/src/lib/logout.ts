import { http, pendingRefresh, withRefreshLock } from './http.ts';
import { navigateTo } from './navigation.ts';
import { clearPersisted } from './persist.ts';
import { resetSession } from './session.ts';
import { resetAllStores } from './store-reset.ts';

export const SIGN_IN_PATH = '/authentication/sign-in';

/**
 * Logout (spec section 4): clears the persisted store, removes 'userData' and 'user', resets the login state and
 * the registered state groups (property reimbursement, report type, subscription plans, address, property list),
 * tells the server (revokes the refresh cookie) and goes to sign-in.
 */
export async function logout(): Promise<void> {
  const inFlight = pendingRefresh();
  // Bumps the session generation: a refresh still in flight can no longer sign the user back in.
  resetSession();
  resetAllStores();
  // After the resets, so their writes cannot bring the persisted keys back.
  clearPersisted();
  navigateTo(SIGN_IN_PATH);
  // Sign out with the newest refresh cookie: after this tab's refresh in flight, and under the cross-tab refresh lock
  // so no other tab is rotating the cookie meanwhile (the server would see reuse, or revoke the old one only).
  await inFlight?.catch(() => false);
  await withRefreshLock(() => http.post('/auth/sign-out')).catch((err: unknown) => console.warn('sign-out call failed', err));
}
