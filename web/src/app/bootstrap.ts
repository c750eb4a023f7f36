import { rehydrateSession, reloadStoredUser, resetSession, session, USER_DATA_KEY, USER_KEY } from '../lib/session.ts';
import { refreshAccessToken } from '../lib/http.ts';
import { readJson } from '../lib/kv.ts';
import { clearPersisted } from '../lib/persist.ts';
import { resetAllStores } from '../lib/store-reset.ts';

/** The session-restore refresh gives up after this long; the page then loads and the 401 flow handles the rest. */
export const RESTORE_TIMEOUT_MS = 8000;

/**
 * A 'storage' event (another tab signed in or out). Logout elsewhere removed 'user': this tab drops its in-memory
 * token and every state group as its own logout would (the sign-out call was made by the other tab).
 */
export function applyStorageChange(key: string | null): void {
  if (key !== null && key !== USER_KEY && key !== USER_DATA_KEY) return;
  const hadUser = session.user != null;
  if (hadUser && readJson(USER_KEY) == null) {
    resetSession();
    resetAllStores();
    clearPersisted();
    return;
  }
  reloadStoredUser();
}

/** Rehydrate the persisted store (5000 ms time-out), then restore the in-memory access token from the refresh cookie. */
export async function bootstrapSession({ restoreTimeoutMs = RESTORE_TIMEOUT_MS } = {}): Promise<void> {
  window.addEventListener('storage', (e) => applyStorageChange(e.key));
  try {
    await rehydrateSession();
    if (session.user) await refreshAccessToken({ timeoutMs: restoreTimeoutMs });
  } finally {
    session.restoring = false;
  }
}
