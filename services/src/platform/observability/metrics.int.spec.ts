import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait-for.ts';

const TOKEN = 'metrics-test-token-0123456789';
const t = useTestApp({ METRICS_TOKEN: TOKEN });

const scrape = async (authorization?: string) => fetch(`${t.url}/metrics`, authorization ? { headers: { authorization } } : {});

/** The value of one series (`name{labels}`) in Prometheus text, or undefined when absent. */
const valueOf = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

const interaction = { data_id: 'metrics', page_name: 'home', interaction_type: 'click', button_name: 'Sign In', user_id: null };

describe('GET /metrics', () => {
  it('is refused (404, as an unknown path) without the token or with another one, and is not in the OpenAPI document', async () => {
    for (const answer of [await scrape(), await scrape('Bearer not-the-token-at-all'), await scrape(TOKEN)]) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const openApi = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(openApi.paths)).not.toContain('/metrics');
  });

  it('serves the series in Prometheus text: request durations by route template, appends by module, job outcomes by queue, projection lag, sockets', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/v1/no-such-thing-${Date.now()}`)).status).toBe(404);
    for (let i = 0; i < 2; i++) {
      const stored = await fetch(`${t.url}/api/v1/user-interaction/store`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(interaction) });
      expect(stored.status).toBe(200);
    }
    const stamp = Date.now();
    // identity's sign-in notice, as its reaction makes it.
    const message = { channel: 'email', to: `metrics-${stamp}@example.test`, template: 'identity.sign-in-notice', variables: { full_name: 'Metric Reader', signed_in_at: 'Monday, November 23, 2026 at 8:35 AM PST' } };
    await t.platform.jobs.enqueue('notifications', 'send', message, { id: `metrics-ok-${stamp}` });
    // Data its worker cannot parse: dead-lettered at once (PermanentJobError).
    await t.platform.jobs.enqueue('notifications', 'send', { nonsense: true }, { id: `metrics-dead-${stamp}` });

    const text = await waitFor(
      async () => {
        const answer = await scrape(`Bearer ${TOKEN}`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        const body = await answer.text();
        return (valueOf(body, 'jobs_completed_total{queue="notifications"}') ?? 0) >= 1 && (valueOf(body, 'jobs_dead_total{queue="notifications"}') ?? 0) >= 1 ? body : undefined;
      },
      { timeoutMs: 20_000, what: 'both jobs run' },
    );

    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_class="2xx"}')).toBeGreaterThanOrEqual(3);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="POST",route="/api/v1/user-interaction/store",status_class="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="(unmatched)",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-thing'); // a raw URL is never a label
    const healthSeconds = valueOf(text, 'http_request_duration_seconds_sum{method="GET",route="/api/health",status_class="2xx"}') ?? -1;
    expect(healthSeconds).toBeGreaterThan(0);
    expect(healthSeconds).toBeLessThan(30);
    expect(valueOf(text, 'events_appended_total{module="insights"}')).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'jobs_failed_total{queue="notifications"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'jobs_dead_total{queue="notifications"}')).toBe(1);
    const lags = [...text.matchAll(/^projection_lag_events\{projection="([^"]+)"\} (\d+)$/gm)];
    expect(lags.map((m) => m[1])).toContain('identity.accounts');
    for (const [, , lag] of lags) expect(Number(lag)).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'socket_connections')).toBe(0);
    expect(valueOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  }, 40_000);
});
