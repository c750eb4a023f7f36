import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Counter, Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { startApplication } from '../../composition/start.ts';
import { loadConfig } from '../config/load.ts';
import { serveMetrics } from './metrics-server.ts';

describe('GET /metrics on a port of its own (ROLE=projector or worker with METRICS_PORT)', () => {
  const registry = new Registry();
  new Counter({ name: 'jobs_completed_total', help: 'runs', labelNames: ['queue'], registers: [registry] }).inc({ queue: 'q' }, 2);
  const started = serveMetrics(registry, { port: 0, host: '127.0.0.1', token: 'a-metrics-token-of-16+' });
  afterAll(async () => (await started).close());

  it('serves the registry to the token, and answers 404 to everything else', async () => {
    const { port } = await started;
    const url = `http://127.0.0.1:${port}`;
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer a-metrics-token-of-16+' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('jobs_completed_total{queue="q"} 2');
    for (const refused of [await fetch(`${url}/metrics`), await fetch(`${url}/other`, { headers: { authorization: 'Bearer a-metrics-token-of-16+' } })]) {
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('a projector serves its own /metrics on METRICS_PORT', () => {
  it('answers its series (projection lag, appends) to a direct request from this host', async () => {
    const root = mkdtempSync(join(tmpdir(), 'acpg-projector-metrics-'));
    const config = loadConfig({ ROLE: 'projector', METRICS_PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(root, 'data'), LOG_LEVEL: 'silent', WEB_DIST_DIR: join(root, 'none') });
    const running = await startApplication(config, pino({ level: 'silent' }));
    try {
      expect(running.url).toBeNull();
      if (!running.metricsUrl) throw new Error('a projector with METRICS_PORT serves /metrics');
      const answer = await fetch(running.metricsUrl);
      expect(answer.status).toBe(200);
      const text = await answer.text();
      expect(text).toMatch(/^projection_lag_events\{projection="identity\.accounts"\} \d+$/m);
      expect(text).not.toContain('http_request_duration_seconds_count');
      expect((await fetch(running.metricsUrl, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    } finally {
      await running.stop();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
