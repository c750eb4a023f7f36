/**
 * Abuse counters that must hold across every api process: rate limits and per-account bounds. Embedded profile: one
 * process, so memory (`memory.ts`); distributed profile: Redis (`redis.ts`), so two api processes count together.
 * Counters kept in the event store (sign-in failure budget, code send budgets) do not need this; per-process bounds
 * of memory or CPU (hash lanes, uploads held in one process's memory) stay in that process.
 */
export interface Counters {
  /**
   * Counts one hit of `key` in a fixed window of `windowMs` that opens at the window's first hit: answers the hits of
   * the window so far, this one included, and the milliseconds left of it.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /**
   * Takes one of the `limit` slots of `key`: answers the function that frees it, or null when every slot is held. A slot
   * never freed (its process died) lapses after `leaseMs`.
   */
  take(key: string, limit: number, leaseMs: number): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}
