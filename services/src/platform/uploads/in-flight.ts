import { RetryLaterError } from '../http/errors.ts';

/** Uploads one account may have in flight at once, and the whole process (DECISIONS.md: uploads cannot exhaust memory). */
export const UPLOADS_PER_ACCOUNT = 2;
export const UPLOADS_GLOBAL = 16;
const RETRY_AFTER_SECONDS = 5;

export interface UploadSlots {
  /** Takes a slot for `key` (an account id), or throws 429 UPLOADS_IN_FLIGHT with Retry-After; the answer frees it. */
  take(key: string): () => void;
  inFlight(key?: string): number;
}

/**
 * Bounds the uploads being read at once, per account and overall: a third parallel upload from one account (or one past
 * the global bound) is answered 429 with Retry-After before a byte of its body is read.
 */
export const uploadSlots = (perKey = UPLOADS_PER_ACCOUNT, global = UPLOADS_GLOBAL): UploadSlots => {
  const byKey = new Map<string, number>();
  let total = 0;
  return {
    take(key) {
      const mine = byKey.get(key) ?? 0;
      if (mine >= perKey) {
        throw new RetryLaterError('UPLOADS_IN_FLIGHT', `You have ${perKey} uploads in progress. Wait for one to finish, then try again.`, RETRY_AFTER_SECONDS);
      }
      if (total >= global) throw new RetryLaterError('UPLOADS_BUSY', 'Many uploads are in progress right now. Try again in a few seconds.', RETRY_AFTER_SECONDS);
      byKey.set(key, mine + 1);
      total += 1;
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        total -= 1;
        const left = (byKey.get(key) ?? 1) - 1;
        if (left <= 0) byKey.delete(key);
        else byKey.set(key, left);
      };
    },
    inFlight: (key) => (key === undefined ? total : (byKey.get(key) ?? 0)),
  };
};

/** The process's one bound, shared by every upload route (claim documents, ownership documents, recorder-feed files). */
export const UPLOAD_SLOTS = uploadSlots();
