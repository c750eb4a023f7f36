import { backup, DatabaseSync } from 'node:sqlite';
import { existsSync, renameSync, rmSync } from 'node:fs';

/**
 * Pages copied per step of SQLite's online backup: all of them. A stepped backup starts over whenever another
 * connection (the running app) writes between two of its steps, which under steady load never stops happening; in one
 * step the copy is a single read transaction, a consistent snapshot, and in WAL mode the app's writer keeps committing
 * beside it (readers never block the writer). The copy runs in Node's thread pool, off the event loop.
 */
const ALL_PAGES = 2_147_483_647;

/** Is another connection holding `file` open (the app running on it)? A WAL connection keeps a shared lock while open. */
export const sqliteInUse = (file: string): boolean => {
  if (!existsSync(file)) return false;
  const probe = new DatabaseSync(file);
  try {
    probe.exec('PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT');
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
};

/** `PRAGMA integrity_check` of a database file: 'ok', or SQLite's list of what is wrong. */
export const integrityCheck = (file: string): string => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('\n');
  } finally {
    db.close();
  }
};

/**
 * A consistent copy of the live database `source` at `target` (SQLite's online backup API, while the app keeps
 * writing), checked with `PRAGMA integrity_check`. Written beside `target` first and renamed once checked. Answers
 * the pages copied.
 */
export const backupSqlite = async (source: string, target: string): Promise<number> => {
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new DatabaseSync(source, { readOnly: true });
  let pages: number;
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    pages = await backup(db, partial, { rate: ALL_PAGES });
  } finally {
    db.close();
  }
  const check = integrityCheck(partial);
  if (check !== 'ok') throw new Error(`the copy of ${source} fails its integrity check:\n${check}`);
  for (const suffix of ['-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  renameSync(partial, target);
  return pages;
};
