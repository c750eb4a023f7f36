import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { sqliteFile } from '../src/composition/embedded.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import { allProjections } from '../src/composition/modules.ts';
import { startTestApp } from './harness.ts';
import { waitFor } from './wait-for.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Every read-model document, byte for byte, in a stable order. */
const snapshot = (dataDir: string) => {
  const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: dataDir })));
  try {
    return db.prepare('SELECT collection, id, body FROM documents ORDER BY collection, id').all() as { collection: string; id: string; body: string }[];
  } finally {
    db.close();
  }
};

describe('npm run replay -- --all', () => {
  it('rebuilds every read model from position 0 and leaves each document as it was', async () => {
    const t = await startTestApp({ DEV_OUTBOX: 'false' });
    const dataDir = t.dataDir;
    const stored = 25;
    for (let i = 0; i < stored; i += 1) {
      const response = await fetch(`${t.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-location': JSON.stringify({ latitude: 34.05, longitude: -118.24 }) },
        body: JSON.stringify({ data_id: `d${i}`, page_name: i % 2 ? 'home' : 'faq', button_name: `b${i % 3}`, user_id: null }),
      });
      expect(response.status).toBe(200);
    }
    const token = await t.signInAs('Super Admin');
    await waitFor(async () => {
      const r = await fetch(`${t.url}/api/v1/admin/user-interactions`, { headers: { authorization: `Bearer ${token}` } });
      return ((await r.json()) as { data: { total: number } }).data.total === stored;
    }, { what: 'interactions projected' });
    await t.stop(); // the data folder stays for the replay
    const before = snapshot(dataDir);

    const collections = new Set(before.map((d) => d.collection));
    for (const projection of allProjections()) expect(collections, projection.name).toContain(projection.collection);

    const { stdout } = await run(process.execPath, ['services/src/cli/replay.ts', '--all'], {
      cwd: root,
      env: { ...process.env, MODE: 'embedded', DATA_DIR: dataDir },
    }).catch((error: unknown) => {
      throw new Error(`replay failed: ${String((error as { stderr?: string }).stderr ?? error)}`);
    });
    expect(stdout).toMatch(/events\/s/);
    expect(snapshot(dataDir)).toEqual(before);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
