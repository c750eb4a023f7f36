import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Opens the embedded profile's SQLite file. WAL with synchronous=NORMAL survives a process kill
 * (SIGKILL) without losing a committed transaction; only a power cut can lose the last ones.
 * One connection is shared by the embedded adapters, so a projection's documents and checkpoint
 * commit in one transaction.
 */
export const openSqlite = (file: string): DatabaseSync => {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA busy_timeout = 5000;
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
