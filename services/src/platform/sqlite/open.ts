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
  // busy_timeout first: switching to WAL takes a lock, and processes sharing the file (STORE=sqlite) may open it at once.
  db.exec(`
    PRAGMA busy_timeout = 5000;
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = ${synchronous};
    PRAGMA foreign_keys = ON;
  `);
  return db;
};

/** Runs `work` inside a transaction (nested calls join the outer one). `work` must not await. */
export const inTransaction = <T>(db: DatabaseSync, work: () => T): T => {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
};
