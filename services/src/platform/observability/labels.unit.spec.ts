import { describe, expect, it } from 'vitest';
import { methodLabel, moduleLabeler, OTHER_MODULE, routeLabel, statusClassLabel, UNMATCHED_ROUTE } from './labels.ts';
import { createMetrics } from './metrics.ts';

describe('metric labels come from bounded sets', () => {
  it('methods: the usual ones as they are, anything else OTHER', () => {
    expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].map(methodLabel)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
    expect(['PROPFIND', 'get', 'X'.repeat(500)].map(methodLabel)).toEqual(['OTHER', 'OTHER', 'OTHER']);
  });

  it('statuses: their class, never the code', () => {
    expect([101, 200, 204, 302, 404, 429, 500, 503].map(statusClassLabel)).toEqual(['1xx', '2xx', '2xx', '3xx', '4xx', '4xx', '5xx', '5xx']);
    expect([0, 99, 600, 999].map(statusClassLabel)).toEqual(['5xx', '5xx', '5xx', '5xx']);
  });

  it('routes: the template Fastify matched, one label for every unmatched URL', () => {
    expect(routeLabel('/api/v1/orders/:order_id')).toBe('/api/v1/orders/:order_id');
    expect(routeLabel(undefined)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('')).toBe(UNMATCHED_ROUTE);
  });

  it('modules: a stream’s prefix when it names a module of the build, else other', () => {
    const moduleOf = moduleLabeler(['nhd', 'nhdx', 'identity']);
    expect(['nhd-order-1', 'nhdx-thing-2', 'identity-account-a-b', 'nhd'].map(moduleOf)).toEqual(['nhd', 'nhdx', 'identity', 'nhd']);
    expect(['nhdy-order-1', 'hacker-controlled-text', '', '-nhd', 'identity_account'].map(moduleOf)).toEqual(Array(5).fill(OTHER_MODULE));
  });

  it('a registry of its own: many raw URLs, methods and streams make a handful of series', async () => {
    const metrics = createMetrics({ moduleOf: moduleLabeler(['nhd']), defaultMetrics: false });
    const other = createMetrics({ moduleOf: moduleLabeler(['nhd']), defaultMetrics: false });
    for (let i = 0; i < 200; i++) {
      metrics.observeRequest(i % 2 ? 'GET' : `M${i}`, undefined, 404 + (i % 3), 0.001);
      metrics.observeRequest('GET', '/api/v1/nhd/orders/:order_id', 200, 0.002);
    }
    metrics.countAppended([{ stream: 'nhd-order-1' }, { stream: 'nobody-x-1' }, { stream: 'nhd-order-2' }] as never);
    const text = await metrics.registry.metrics();
    const counts = text.split('\n').filter((line) => line.startsWith('http_request_duration_seconds_count'));
    expect(counts.sort()).toEqual([
      'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_class="4xx"} 100',
      'http_request_duration_seconds_count{method="GET",route="/api/v1/nhd/orders/:order_id",status_class="2xx"} 200',
      'http_request_duration_seconds_count{method="OTHER",route="(unmatched)",status_class="4xx"} 100',
    ]);
    expect(text).toContain('events_appended_total{module="nhd"} 2');
    expect(text).toContain('events_appended_total{module="other"} 1');
    // The other app's registry saw none of it.
    expect(await other.registry.metrics()).not.toContain('route="/api/v1/nhd/orders/:order_id"');
  });
});
