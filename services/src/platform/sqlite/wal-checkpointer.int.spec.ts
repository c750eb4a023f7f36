import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './open.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

const autoCheckpoint = (db: DatabaseSync) => Number((db.prepare('PRAGMA wal_autocheckpoint').get() as { wal_autocheckpoint: number }).wal_autocheckpoint);

/** About 4 MB of WAL: 1,000 commits of one 4 KB row each. */
const writeMany = async (db: DatabaseSync) => {
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  for (let i = 0; i < 1000; i += 1) {
    insert.run('x'.repeat(4000));
    if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 5)); // give the thread its turns
  }
};

describe('WAL checkpoints in a thread of their own', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());
  const open = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpointer-'));
    const file = join(dir, 'db.sqlite');
    const db = openSqlite(file);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    cleanup = () => {
      if (db.isOpen) db.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { db, file };
  };

  it('copies committed pages into the database file while the connection no longer checkpoints on commit', async () => {
    const { db, file } = open();
    const checkpointer = startWalCheckpointer(db, file, { everyMs: 10 });
    expect(autoCheckpoint(db)).toBe(0);
    const before = statSync(file).size;
    await writeMany(db);
    await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before + 3_000_000);
    await checkpointer.stop();
    expect(autoCheckpoint(db)).toBe(1000); // checkpoints are the connection's again
    expect((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(1000);
  });

  /** Frames in the WAL, as a second connection sees them (a passive checkpoint that reports and copies). */
  const walFrames = (file: string): number => {
    const other = openSqlite(file);
    try {
      return Number((other.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }).log);
    } finally {
      other.close();
    }
  };

  it('starts the WAL over at the first write after it has copied everything, so the WAL stays small', async () => {
    const { db, file } = open();
    const checkpointer = startWalCheckpointer(db, file, { everyMs: 10 });
    await writeMany(db);
    await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(4_000_000);
    db.prepare('INSERT INTO t (body) VALUES (?)').run('one more');
    expect(walFrames(file)).toBeLessThan(10);
    await checkpointer.stop();
  });

  it('(for comparison) a connection that does not checkpoint on commit, with no thread doing it, keeps every frame', async () => {
    const { db, file } = open();
    db.exec('PRAGMA wal_autocheckpoint = 0');
    await writeMany(db);
    db.prepare('INSERT INTO t (body) VALUES (?)').run('one more');
    expect(walFrames(file)).toBeGreaterThan(1000);
  });

  it('gives checkpoints back to the connection when the thread fails', async () => {
    const { db, file } = open();
    const errors: unknown[] = [];
    const checkpointer = startWalCheckpointer(db, join(file, 'not-a-directory', 'db.sqlite'), { onError: (error) => errors.push(error) });
    await expect.poll(() => errors.length, { timeout: 5000 }).toBe(1);
    expect(autoCheckpoint(db)).toBe(1000);
    await checkpointer.stop();
  });
});
