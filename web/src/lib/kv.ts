import { browserStorage, type PersistStorage } from './persist.ts';

type SyncStorage = Omit<PersistStorage, 'getItem'> & { getItem(key: string): string | null };

// The browser's localStorage, or a stand-in set by unit tests (they run in Node without a DOM).
let storage: SyncStorage | null = browserStorage() as SyncStorage | null;

export function useKvStorage(next: SyncStorage | null): void {
  storage = next;
}

export function memoryStorage(): SyncStorage & { dump(): Record<string, string> } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  };
}

export function readJson<T>(key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch (err) {
    console.warn('storage: could not write', key, err);
  }
}

export function removeKey(key: string): void {
  storage?.removeItem(key);
}

export function kvStorage(): SyncStorage | null {
  return storage;
}
