import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './open.ts';

// Another process holds the file's exclusive lock for a moment, as a second process of STORE=sqlite does while it
// switches a new file to WAL. Opening must wait for it (busy_timeout), not fail with "database is locked".
const HOLDER = `
  const { DatabaseSync } = require('node:sqlite');
  const db = new DatabaseSync(process.argv[1]);
  db.exec('CREATE TABLE IF NOT EXISTS t (x INTEGER); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);');
  process.stdout.write('locked\\n');
  setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);
`;

describe('openSqlite', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('waits for another process that holds the file locked instead of failing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'acpg-open-'));
    const file = join(dir, 'acpg.sqlite');
    const holder = spawn(process.execPath, ['-e', HOLDER, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      holder.once('exit', (code) => reject(new Error(`the lock holder exited first (${code})`)));
    });
    const db = openSqlite(file);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    db.close();
    await exited;
  });
});
