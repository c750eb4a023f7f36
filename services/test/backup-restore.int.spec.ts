import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { USER_INTERACTION_RECORDED } from '@acpg/contracts/insights';
import { sqliteFile } from '../src/composition/embedded.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { BackupManifest } from '../src/cli/backup-manifest.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { orderBody } from './nhd.ts';
import { waitFor } from './wait-for.ts';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

const cli = (script: 'backup' | 'restore', dataDir: string, args: string[]) =>
  run(process.execPath, [`services/src/cli/${script}.ts`, ...args], { cwd: root, env: { ...process.env, MODE: 'embedded', DATA_DIR: dataDir } });

/** Runs the backup; `onCopying` is called when it says it begins to copy (every write acknowledged before is in the copy). */
const backupWhile = (dataDir: string, out: string, onCopying: () => void) =>
  new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, ['services/src/cli/backup.ts', '--out', out], { cwd: root, env: { ...process.env, MODE: 'embedded', DATA_DIR: dataDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (!stdout.includes('copying') && (stdout + chunk.toString()).includes('copying')) onCopying();
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done(stdout) : fail(new Error(`backup exited ${String(code)}: ${stderr}`))));
  });

const refusal = (script: 'backup' | 'restore', dataDir: string, args: string[]) =>
  cli(script, dataDir, args).then(
    () => ({ code: 0, stderr: '' }),
    (error: unknown) => error as { code: number; stderr: string },
  );

/** Acknowledged writes, in the order their answers came. */
interface Acked {
  interactions: string[];
  orders: string[];
}

/** Writers that keep writing through HTTP until stopped: interactions (anonymous) and NHD orders (two customers). */
const load = (t: TestApp, acked: Acked) => {
  let running = true;
  let failures = 0;
  const interactions = async (writer: number) => {
    for (let i = 0; running; i += 1) {
      const dataId = `w${writer}-${i}`;
      const response = await fetch(`${t.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data_id: dataId, page_name: 'home', button_name: 'b', user_id: null }),
      });
      if (response.status === 200) acked.interactions.push(dataId);
      else failures += 1;
    }
  };
  const orders = async (customer: string) => {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${await t.signInAs('Customer', customer)}` };
    while (running) {
      const body = orderBody();
      const response = await fetch(`${t.url}/api/v1/nhd/orders`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (response.status === 201) acked.orders.push(body.order_id);
      else failures += 1;
    }
  };
  const writers = [0, 1, 2, 3].map(interactions).concat(['backup-customer-1', 'backup-customer-2'].map(orders));
  return {
    stop: async () => {
      running = false;
      await Promise.all(writers);
      return failures;
    },
  };
};

/** Streams whose versions are not exactly 1..n. */
const streamGaps = (file: string) => {
  const db = openSqlite(file);
  try {
    return db.prepare('SELECT stream, COUNT(*) AS n, MIN(version) AS first, MAX(version) AS last FROM events GROUP BY stream HAVING first <> 1 OR last <> n').all();
  } finally {
    db.close();
  }
};

describe('npm run backup / npm run restore', () => {
  it('backs up under load, and the restored store holds every write acknowledged before the backup began', async () => {
    const t = await startTestApp({ INTERACTION_RATE_LIMIT_PER_MINUTE: '0' });
    const work = mkdtempSync(join(tmpdir(), 'acpg-backup-'));
    const out = join(work, 'backup');
    const restoredDir = join(work, 'restored', 'data');
    let restored: TestApp | null = null;
    try {
      const adminToken = await t.signInAs('Super Admin');
      const acked: Acked = { interactions: [], orders: [] };
      const writers = load(t, acked);
      await waitFor(() => (acked.interactions.length >= 50 && acked.orders.length >= 3 ? true : undefined), { what: 'writes acknowledged', timeoutMs: 20_000 });

      let before: Acked | null = null;
      let countAtStart = 0;
      const stdout = await backupWhile(t.dataDir, out, () => {
        before = { interactions: [...acked.interactions], orders: [...acked.orders] };
        countAtStart = acked.interactions.length + acked.orders.length;
      });
      if (!before) throw new Error('the backup never said it began to copy');
      const { interactions: interactionsBefore, orders: ordersBefore } = before as Acked;
      const duringBackup = acked.interactions.length + acked.orders.length - countAtStart;
      expect(duringBackup, 'writes answered while the backup ran').toBeGreaterThan(0);
      await waitFor(() => (acked.interactions.length + acked.orders.length > countAtStart + duringBackup + 5 ? true : undefined), { what: 'writes after the backup' });
      expect(await writers.stop()).toBe(0);
      expect(stdout).toMatch(/acpg\.sqlite: \d+ pages copied, integrity_check ok/);

      const manifest = BackupManifest.parse(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')));
      expect(manifest.files.map((f) => f.name)).toEqual(['acpg.sqlite']);
      expect(manifest.keys?.files.map((k) => k.name).sort()).toEqual(['encryption.key', 'jwt-ed25519.pem']);
      expect(manifest.event_log_head).toBeGreaterThan(0);
      const liveHead = await t.platform.eventStore.headPosition();
      expect(manifest.event_log_head).toBeLessThan(liveHead); // the writes went on after the copy
      await t.stop();

      // Restore refuses a folder that is not empty (and, below, one an app has open).
      const notEmpty = await refusal('restore', t.dataDir, ['--from', out]);
      expect(notEmpty.code).toBe(1);
      expect(notEmpty.stderr).toMatch(/is not empty/);
      await cli('restore', restoredDir, ['--from', out]);

      restored = await startTestApp({ DATA_DIR: restoredDir, INTERACTION_RATE_LIMIT_PER_MINUTE: '0' });
      const r = restored;
      const busy = await refusal('restore', restoredDir, ['--from', out, '--force']);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/open in another process: stop the app/);

      // Every acknowledged write of before the backup: its event, and its read model's row.
      const events = await r.platform.eventStore.readAll({ after: 0, limit: 1_000_000, types: [USER_INTERACTION_RECORDED] });
      const stored = new Set(events.map((e) => (e.data as { data_id: string }).data_id));
      expect(interactionsBefore.filter((id) => !stored.has(id))).toEqual([]);
      for (const orderId of ordersBefore) expect((await r.platform.eventStore.readStream(`nhd-order-${orderId}`)).length, orderId).toBeGreaterThan(0);
      await waitFor(
        async () => {
          const rows = await r.platform.documents.find('interactions', {});
          const projected = new Set(rows.map((row) => String(row.data_id)));
          return interactionsBefore.every((id) => projected.has(id)) ? true : undefined;
        },
        { what: 'every interaction of before the backup in the read model', timeoutMs: 20_000 },
      );
      for (const orderId of ordersBefore) {
        await waitFor(async () => (await r.platform.documents.get('nhd_orders', orderId)) ?? undefined, { what: `order ${orderId} in the read model` });
      }
      expect(streamGaps(sqliteFile(loadConfig({ DATA_DIR: restoredDir })))).toEqual([]);

      // The keys came back with the data: a token the old app signed is accepted, and new writes are.
      const list = await fetch(`${r.url}/api/v1/admin/user-interactions`, { headers: { authorization: `Bearer ${adminToken}` } });
      expect(list.status).toBe(200);
      const after = await fetch(`${r.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data_id: 'after-restore', page_name: 'home', button_name: 'b', user_id: null }),
      });
      expect(after.status).toBe(200);
      const order = orderBody();
      const placed = await fetch(`${r.url}/api/v1/nhd/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await r.signInAs('Customer', 'backup-customer-1')}` },
        body: JSON.stringify(order),
      });
      expect(placed.status).toBe(201);
      await waitFor(async () => (await r.platform.documents.get('nhd_orders', order.order_id)) ?? undefined, { what: 'the new order projected' });
    } finally {
      await restored?.close(); // its own empty temporary folder; the restored one goes with `work`
      await t.close();
      rmSync(work, { recursive: true, force: true });
    }
  }, 90_000);
});
