import { rehydrateSession, reloadStoredUser, session } from '../lib/session.ts';
import { refreshAccessToken } from '../lib/http.ts';
import { USER_KEY } from '../lib/session.ts';

/** Rehydrate the persisted store (5000 ms time-out), then restore the in-memory access token from the refresh cookie. */
export async function bootstrapSession(): Promise<void> {
  await rehydrateSession();
  if (session.user) await refreshAccessToken();
  session.restoring = false;
  // Sign-in or logout in another tab.
  window.addEventListener('storage', (e) => {
    if (e.key === USER_KEY || e.key === null) reloadStoredUser();
  });
}
