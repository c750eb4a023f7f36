import { Counter, Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
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
