import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.ts';
import { freePort } from '../../test/engines.ts';
import { openSqlite } from '../src/platform/sqlite/open.ts';
import { sqliteFile } from '../src/composition/embedded.ts';
import { loadConfig } from '../src/platform/config/load.ts';

const root = resolve(import.meta.dirname, '../..');

const start = (env: Record<string, string>) => {
  // MODE=test comes from vitest's environment; the app's own MODE is set here.
  const child = spawn(process.execPath, ['services/src/main.ts'], { cwd: root, env: { ...process.env, MODE: 'embedded', LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, output: () => output };
};

describe('the app process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-process-'));
  // The failed starts get their own folders: nothing they leave may affect the other tests.
  const ownDir = () => mkdtempSync(join(dataDir, 'own-'));
  afterAll(() => {
    for (const dir of [dataDir, `${dataDir}-keys`]) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start on a bad variable, naming it', async () => {
    const app = start({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await app.exited).toBe(1);
    expect(app.output()).toMatch(/PORT/);
  }, 30_000);

  it('exits 1 at once when its port is taken, naming the address', async () => {
    const port = await freePort();
    const blocker = createServer();
    await new Promise<void>((listening) => blocker.listen(port, '127.0.0.1', listening));
    try {
      const app = start({ DATA_DIR: ownDir(), PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: join(dataDir, 'none') });
      const timedOut = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000).unref());
      const code = await Promise.race([app.exited, timedOut]);
      if (code === 'still running') app.child.kill('SIGKILL');
      expect(code).toBe(1);
      expect(app.output()).toMatch(new RegExp(`address 127\\.0\\.0\\.1:${port} is already in use`));
    } finally {
      await new Promise((closed) => blocker.close(closed));
    }
  }, 30_000);

  it('a failed start stops what it had started, so the process ends without being told to', async () => {
    const port = await freePort();
    const blocker = createServer();
    await new Promise<void>((listening) => blocker.listen(port, '127.0.0.1', listening));
    try {
      const child = spawn(process.execPath, ['services/test/fixtures/failed-start.ts'], {
        cwd: root,
        env: { ...process.env, MODE: 'embedded', DATA_DIR: ownDir(), PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: join(dataDir, 'none') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<'ended'>((done) => child.once('exit', () => done('ended')));
      const timedOut = new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000).unref());
      const outcome = await Promise.race([exited, timedOut]);
      if (outcome === 'still running') child.kill('SIGKILL');
      expect(output).toMatch(/start failed: .*EADDRINUSE/);
      expect(outcome).toBe('ended');
    } finally {
      await new Promise((closed) => blocker.close(closed));
    }
  }, 30_000);

  // Three rounds: whether a keep-alive connection turns idle before or after the close starts is a matter of timing,
  // and a connection left idle after it once held the close for Fastify's 72 s keep-alive time.
  it.each([1, 2, 3])('shuts down on SIGTERM within seconds (round %i): answers the requests in flight, stops consumers, exits 0', async () => {
    const roundDir = ownDir();
    const port = await freePort();
    const app = start({ DATA_DIR: roundDir, PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: join(roundDir, 'none') });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(() => fetch(`${base}/api/health`).then((r) => r.ok, () => false), { timeoutMs: 30_000, what: 'the app to start' });
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      fetch(`${base}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page_name: 'shutdown', button_name: `b${i}` }),
      }).then((r) => r.status),
    );
    await new Promise((r) => setImmediate(r));
    const signalled = Date.now();
    app.child.kill('SIGTERM');
    const statuses = await Promise.allSettled(inFlight);
    expect(await app.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(4000);
    const codes = statuses.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    // Requests taken before the signal are answered 200 and stored; later ones get 503 (closing), nothing else.
    for (const code of codes) expect([200, 503]).toContain(code);
    const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: roundDir })));
    try {
      const row = db.prepare("SELECT COUNT(*) AS n FROM events WHERE type = 'UserInteractionRecorded'").get() as { n: number };
      expect(row.n).toBe(codes.filter((c) => c === 200).length);
    } finally {
      db.close();
    }
    expect(app.output()).toMatch(/shutting down/);
    expect(app.output()).toMatch(/"msg":"stopped"/);
  }, 60_000);
});
