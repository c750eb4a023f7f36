import type { Counters } from '../counters/port.ts';
import { RetryLaterError } from '../http/errors.ts';

/** Uploads one account may have in flight at once, and one process (DECISIONS.md: uploads cannot exhaust memory). */
export const UPLOADS_PER_ACCOUNT = 2;
export const UPLOADS_GLOBAL = 16;
/** An account's slot lapses after this if never freed (its process died mid-upload); longer than any upload takes. */
export const UPLOAD_LEASE_MS = 10 * 60 * 1000;
const RETRY_AFTER_SECONDS = 5;

export interface UploadSlots {
  /**
   * Takes a slot for `key` (an account id), or throws 429 UPLOADS_IN_FLIGHT / UPLOADS_BUSY with Retry-After; the answer
   * frees it. The account's bound is counted in `counters`, shared by every api process.
   */
  take(key: string, counters: Counters): Promise<() => void>;
  /** Uploads this process holds, for `key` or overall. */
  inFlight(key?: string): number;
}

/**
 * Bounds the uploads being read at once: per account across every api process (the platform's counters: Redis when
 * distributed), and per process overall (the bytes sit in this process's memory). A third parallel upload from one
 * account, on any process, or one past this process's bound, is answered 429 with Retry-After before a byte of its body
 * is read.
 */
export const uploadSlots = (perKey = UPLOADS_PER_ACCOUNT, global = UPLOADS_GLOBAL, leaseMs = UPLOAD_LEASE_MS): UploadSlots => {
  const byKey = new Map<string, number>();
  let total = 0;
  return {
    async take(key, counters) {
      if (total >= global) throw new RetryLaterError('UPLOADS_BUSY', 'Many uploads are in progress right now. Try again in a few seconds.', RETRY_AFTER_SECONDS);
      total += 1; // held while the account's slot is asked for, so a burst cannot pass the bound meanwhile
      let freeShared: (() => Promise<void>) | null;
      try {
        freeShared = await counters.take(`uploads:${key}`, perKey, leaseMs);
      } catch (error) {
        total -= 1;
        throw error;
      }
      if (!freeShared) {
        total -= 1;
        throw new RetryLaterError('UPLOADS_IN_FLIGHT', `You have ${perKey} uploads in progress. Wait for one to finish, then try again.`, RETRY_AFTER_SECONDS);
      }
      const shared = freeShared;
      byKey.set(key, (byKey.get(key) ?? 0) + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        total -= 1;
        const left = (byKey.get(key) ?? 1) - 1;
        if (left <= 0) byKey.delete(key);
        else byKey.set(key, left);
        // Not awaited: the answer is already going out. A slot Redis did not free lapses with its lease.
        shared().catch(() => undefined);
      };
    },
    inFlight: (key) => (key === undefined ? total : (byKey.get(key) ?? 0)),
  };
};

/** The process's one bound, shared by every upload route (claim documents, ownership documents, recorder-feed files). */
export const UPLOAD_SLOTS = uploadSlots();
