import { randomUUID } from 'node:crypto';
import type { Counters } from './port.ts';

/** How often lapsed windows and slots are dropped, so keys seen once do not stay for good. */
const SWEEP_MS = 60_000;
/** Open windows kept at most: a flood of new keys (addresses) drops lapsed windows, then the oldest, never grows memory. */
export const MAX_MEMORY_WINDOWS = 100_000;

/** The embedded profile's counters, in this process's memory (see port.ts). `now` and `maxWindows` are test seams. */
export const createMemoryCounters = (now: () => number = Date.now, maxWindows = MAX_MEMORY_WINDOWS): Counters => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const slots = new Map<string, Map<string, number>>();
  const held = (key: string, at: number) => {
    const mine = slots.get(key);
    if (!mine) return undefined;
    for (const [id, expiresAt] of mine) if (expiresAt <= at) mine.delete(id);
    if (mine.size === 0) slots.delete(key);
    return mine.size === 0 ? undefined : mine;
  };
  const sweep = setInterval(() => {
    const at = now();
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    for (const key of [...slots.keys()]) held(key, at);
  }, SWEEP_MS);
  sweep.unref();
  return {
    hit: async (key, windowMs) => {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.delete(key); // a new window goes to the end of the insertion order
        if (windows.size >= maxWindows) {
          for (const [old, lapsed] of windows) if (lapsed.endsAt <= at) windows.delete(old);
          // Still full: the oldest windows go first (what the plugin's own in-memory store does, with 5,000 per route).
          for (const old of windows.keys()) {
            if (windows.size < maxWindows) break;
            windows.delete(old);
          }
        }
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, ttlMs: window.endsAt - at };
    },
    take: async (key, limit, leaseMs) => {
      const at = now();
      const mine = held(key, at) ?? new Map<string, number>();
      if (mine.size >= limit) return null;
      const id = randomUUID();
      mine.set(id, at + leaseMs);
      slots.set(key, mine);
      return async () => {
        const current = slots.get(key);
        current?.delete(id);
        if (current?.size === 0) slots.delete(key);
      };
    },
    close: async () => {
      clearInterval(sweep);
      windows.clear();
      slots.clear();
    },
  };
};
