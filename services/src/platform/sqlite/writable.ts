import type { DatabaseSync } from 'node:sqlite';

/** A readiness check: the SQLite file is open and takes a write (one row of its own, rewritten each time). */
export const sqliteWritable = (db: DatabaseSync) => {
  let prepared = false;
  return async (): Promise<void> => {
    if (!db.isOpen) throw new Error('the SQLite database is closed');
    if (!prepared) {
      db.exec('CREATE TABLE IF NOT EXISTS readiness_probe (id INTEGER PRIMARY KEY, checked_at INTEGER NOT NULL)');
      prepared = true;
    }
    db.prepare('INSERT OR REPLACE INTO readiness_probe (id, checked_at) VALUES (1, ?)').run(Date.now());
  };
};
