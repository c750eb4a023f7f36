import { subscribe, snapshot } from 'valtio/vanilla';

/** Storage as the persisted store sees it; getItem may be async (the spec's store rehydrates with a time-out). */
export interface PersistStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Rehydration gives up after this long and keeps the initial state (spec section 9). */
export const PERSIST_TIMEOUT_MS = 5000;
export const PERSIST_PREFIX = 'persist:';

const persistedKeys = new Set<string>();

export function browserStorage(): PersistStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

export interface PersistOptions<T extends object> {
  /** Fields written to storage; the rest stays in memory only. */
  fields: readonly (keyof T)[];
  storage?: PersistStorage | null;
  timeoutMs?: number;
}

/**
 * Persists the listed fields of a valtio store under `persist:<name>` and rehydrates them.
 * Resolves true when stored values were applied, false on time-out, absence or unreadable data.
 */
export function persistStore<T extends object>(name: string, store: T, options: PersistOptions<T>): Promise<boolean> {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const key = PERSIST_PREFIX + name;
  persistedKeys.add(key);
  if (!storage) return Promise.resolve(false);

  let hydrated = false;
  let lastWritten: string | null = null;
  const write = () => {
    const snap = snapshot(store) as T;
    const picked: Partial<T> = {};
    for (const f of options.fields) picked[f] = snap[f];
    const json = JSON.stringify(picked);
    // Only when a persisted field changed: after a logout cleared storage, the reset state stays unwritten.
    if (json === lastWritten) return;
    lastWritten = json;
    try {
      storage.setItem(key, json);
    } catch (err) {
      console.warn('persist: could not write', key, err);
    }
  };
  // Writes start after rehydration, so the initial state never overwrites what is stored. They happen in sync with
  // the change, so "reset the state, then clear storage" (logout) leaves storage clear instead of a late write.
  const startWriting = () => {
    hydrated = true;
    subscribe(store, write, true);
  };

  const read = Promise.resolve().then(() => storage.getItem(key));
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), options.timeoutMs ?? PERSIST_TIMEOUT_MS));
  return Promise.race([read, timeout])
    .then((raw) => {
      if (raw === 'timeout' || raw == null) return false;
      const parsed = JSON.parse(raw) as Partial<T>;
      for (const f of options.fields) if (f in parsed) (store as Record<keyof T, unknown>)[f] = parsed[f];
      return true;
    })
    .catch((err: unknown) => {
      console.warn('persist: could not read', key, err);
      return false;
    })
    .finally(() => {
      if (!hydrated) startWriting();
    });
}

/** "Logout clears the persisted store": every persisted key, whether or not its feature is loaded. */
export function clearPersisted(storage: PersistStorage | null = browserStorage()): void {
  if (!storage) return;
  for (const key of persistedKeys) storage.removeItem(key);
  if (typeof localStorage !== 'undefined' && storage === localStorage) {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k?.startsWith(PERSIST_PREFIX)) localStorage.removeItem(k);
    }
  }
}
