import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { createSqliteEventStore } from '../src/platform/event-store/sqlite.ts';
import { sqliteFile } from '../src/composition/embedded.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import { waitFor } from './wait-for.ts';
import { freePort } from '../../test/engines.ts';

const root = resolve(import.meta.dirname, '../..');

describe('durability of the interaction write path', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-crash-'));
  afterAll(() => {
    for (const dir of [dataDir, `${dataDir}-keys`]) rmSync(dir, { recursive: true, force: true });
  });

  it('loses no interaction that was answered with success when the process is killed with SIGKILL', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['services/src/main.ts'], {
      cwd: root,
      env: { ...process.env, MODE: 'embedded', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', INTERACTION_RATE_LIMIT_PER_MINUTE: '0', WEB_DIST_DIR: join(dataDir, 'none') },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(() => fetch(`${base}/api/health`).then((r) => r.ok, () => false), { timeoutMs: 30_000, what: 'the app to start' });

    const acknowledged = new Set<string>();
    let sent = 0;
    let killed = false;
    const post = async (dataId: string) => {
      const response = await fetch(`${base}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-location': 'null' },
        body: JSON.stringify({ data_id: dataId, page_name: 'crash-test', button_name: 'Go', interaction_type: 'click', user_id: null }),
      });
      const body = (await response.json()) as { success?: boolean };
      if (response.ok && body.success === true) acknowledged.add(dataId);
    };
    const sender = async () => {
      while (!killed || sent < 5) {
        const id = `i-${(sent += 1)}`;
        try {
          await post(id);
        } catch {
          if (killed) return; // connection refused or reset after the kill
        }
      }
    };
    const senders = Array.from({ length: 16 }, () => sender());
    await waitFor(() => acknowledged.size >= 400, { timeoutMs: 30_000, what: '400 acknowledged interactions' });
    child.kill('SIGKILL');
    killed = true;
    await new Promise((r) => child.once('exit', r));
    await Promise.all(senders);

    const config = loadConfig({ DATA_DIR: dataDir });
    const db = openSqlite(sqliteFile(config));
    try {
      const store = createSqliteEventStore(db);
      const stored = new Set<string>();
      for (let after = 0; ; ) {
        const batch = await store.readAll({ after, limit: 5000, types: ['UserInteractionRecorded'] });
        if (batch.length === 0) break;
        for (const event of batch) stored.add(String((event.data as { data_id: string }).data_id));
        after = batch.at(-1)?.position ?? after;
      }
      const lost = [...acknowledged].filter((id) => !stored.has(id));
      expect(acknowledged.size).toBeGreaterThanOrEqual(400);
      expect(lost).toEqual([]);
    } finally {
      db.close();
    }
  }, 90_000);
});
