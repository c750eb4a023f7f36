import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApplication } from '../../composition/start.ts';
import { loadConfig } from '../../platform/config/load.ts';

/** The store route is the hot path: its successful requests stay out of the info log, other routes keep theirs. */
describe('request logging of the interaction store', () => {
  const lines: { msg?: string; req?: { url?: string }; reqId?: string }[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-log-'));
  let running: RunningApplication;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST_DIR: join(dataDir, 'none') });
    const destination = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
    running = await startApplication(config, pino({ level: 'info' }, destination));
  });
  afterAll(async () => {
    await running.stop();
    for (const dir of [dataDir, `${dataDir}-keys`]) rmSync(dir, { recursive: true, force: true });
  });

  it('logs no request line for a stored interaction, and still logs other requests', async () => {
    const app = running.app;
    if (!app) throw new Error('expected an HTTP app');
    const stored = await app.inject({
      method: 'POST',
      url: '/api/v1/user-interaction/store',
      headers: { 'content-type': 'application/json', 'x-request-id': 'store-request' },
      payload: { data_id: 'd', page_name: 'home', interaction_type: 'click', button_name: 'Go', user_id: null },
    });
    expect(stored.statusCode).toBe(200);
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'health-request' } });
    expect(health.statusCode).toBe(200);
    expect(lines.filter((l) => l.reqId === 'health-request').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines.filter((l) => l.reqId === 'store-request')).toEqual([]);
  });
});
