import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * How hard a commit is pushed to disk. NORMAL (WAL): a committed transaction survives a crash or kill of the
 * process (SIGKILL), but a power cut or OS crash can lose the last ones. FULL: each commit is also fsynced, so it
 * survives power loss too, at the price of the fsync on every (group) commit.
 */
export type SqliteSynchronous = 'NORMAL' | 'FULL';

/**
 * Opens the embedded profile's SQLite file in WAL mode. One connection is shared by the embedded adapters, so a
 * projection's documents and checkpoint commit in one transaction.
 */
export const openSqlite = (file: string, synchronous: SqliteSynchronous = 'NORMAL'): DatabaseSync => {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = ${synchronous};
    PRAGMA busy_timeout = 5000;
    PRAGMA foreign_keys = ON;
  `);
  return db;
};

/**
 * A write lock two connections of this process (threads) share, taken before SQLite's own. SQLite makes a writer that
 * finds the file locked sleep in growing steps (1, 2, 5, ... 100 ms), so a request thread that met the projection
 * thread's transaction could stall its event loop for tens of milliseconds; waiting on this word instead wakes it the
 * moment the other thread commits. Word `index` of `buffer`: 0 free, 1 held.
 */
export interface SharedWriteLock {
  buffer: SharedArrayBuffer;
  index: number;
}

const writeLocks = new WeakMap<DatabaseSync, Int32Array & { index: number }>();

/** From now on, `inTransaction` on `db` takes `lock` first (and releases it after the commit or rollback). */
export const shareWriteLock = (db: DatabaseSync, { buffer, index }: SharedWriteLock): void => {
  writeLocks.set(db, Object.assign(new Int32Array(buffer), { index }));
};

/**
 * Null when `db`'s shared write lock is free (or it has none); otherwise a promise that resolves when the other thread
 * releases it, for a caller that can wait without blocking its event loop.
 */
export const writeLockReleased = (db: DatabaseSync): Promise<unknown> | null => {
  const lock = writeLocks.get(db);
  if (!lock) return null;
  const waiting = Atomics.waitAsync(lock, lock.index, 1, 100);
  return waiting.async ? waiting.value : null;
};

const acquire = (lock: Int32Array & { index: number }): void => {
  while (Atomics.compareExchange(lock, lock.index, 0, 1) !== 0) Atomics.wait(lock, lock.index, 1, 50);
};

const release = (lock: Int32Array & { index: number }): void => {
  Atomics.store(lock, lock.index, 0);
  Atomics.notify(lock, lock.index);
};

/** Runs `work` inside a transaction (nested calls join the outer one). `work` must not await. */
export const inTransaction = <T>(db: DatabaseSync, work: () => T): T => {
  if (db.isTransaction) return work();
  const lock = writeLocks.get(db);
  if (lock) acquire(lock);
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  } finally {
    if (lock) release(lock);
  }
};
