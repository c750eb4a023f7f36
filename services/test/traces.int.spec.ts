import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApplication } from '../src/composition/start.ts';
import { loadConfig } from '../src/platform/config/load.ts';
import { CORRELATION_ATTRIBUTE } from '../src/platform/observability/tracing.ts';
import { SEEDED_ADMIN } from './harness.ts';
import { signInWithOutboxCode } from './sign-in.ts';
import { waitFor } from './wait-for.ts';

const exporter = new InMemorySpanExporter();
const root = mkdtempSync(join(tmpdir(), 'acpg-traces-'));
let running: RunningApplication;

beforeAll(async () => {
  const dataDir = join(root, 'data');
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEV_OUTBOX: 'true',
    SEED_ADMIN_EMAIL: SEEDED_ADMIN.email,
    SEED_ADMIN_PASSWORD: SEEDED_ADMIN.password,
    WEB_DIST_DIR: join(root, 'no-web-build'),
  });
  running = await startApplication(config, pino({ level: 'silent' }), { spanExporter: exporter });
}, 60_000);
afterAll(async () => {
  await running?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('traces follow one request through its event, projection, push and job', () => {
  it('a password change: the request, the append, the read model applying it, its push and the notice job share the correlation id and the trace', async () => {
    const { url } = running;
    if (!url) throw new Error('ROLE=all serves HTTP');
    const { token } = await signInWithOutboxCode({ url });
    const requestId = `traced-${randomUUID()}`;

    const changed = await fetch(`${url}/api/v1/auth/change-password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId, 'content-type': 'application/json' },
      body: JSON.stringify({ current_password: SEEDED_ADMIN.password, new_password: 'a fresh traced passphrase 9' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('x-request-id')).toBe(requestId);

    const correlated = (span: ReadableSpan) => span.attributes[CORRELATION_ATTRIBUTE] === requestId;
    const named = (spans: ReadableSpan[], pattern: RegExp) => spans.find((span) => pattern.test(span.name));
    const spans = await waitFor(
      () => {
        const mine = exporter.getFinishedSpans().filter(correlated);
        return named(mine, /^job notifications$/) && named(mine, /^push sessions-changed$/) ? mine : undefined;
      },
      { timeoutMs: 20_000, what: 'the notice job and the push of the password change' },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; spans: ${exporter.getFinishedSpans().filter((span) => correlated(span) || span.name.startsWith('job')).map((span) => `${span.name} ${String(span.attributes[CORRELATION_ATTRIBUTE])}`).join(', ')}`);
    });

    const request = named(spans, /^POST \/api\/v1\/auth\/change-password$/);
    const append = spans.find((span) => span.name === 'append identity' && (span.attributes['acpg.event_types'] as string[]).includes('AccountSessionsEnded'));
    const projection = named(spans, /^projection:identity\.session_versions AccountSessionsEnded$/);
    const push = named(spans, /^push sessions-changed$/);
    const reaction = named(spans, /^reaction:identity\.account-security-notice AccountSessionsEnded$/);
    const job = named(spans, /^job notifications$/);
    expect(request?.kind).toBe(SpanKind.SERVER);
    expect(request?.attributes['http.route']).toBe('/api/v1/auth/change-password');
    expect(append?.attributes['acpg.stream']).toMatch(/^identity-account-/);
    for (const span of [request, append, projection, push, reaction, job]) expect(span?.spanContext().traceId).toBe(request?.spanContext().traceId);
    // Each a child of what caused it: request → append → projection → push, append → reaction → job.
    const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;
    expect(parentOf(append)).toBe(request?.spanContext().spanId);
    expect(parentOf(projection)).toBe(append?.spanContext().spanId);
    expect(parentOf(push)).toBe(projection?.spanContext().spanId);
    expect(parentOf(reaction)).toBe(append?.spanContext().spanId);
    expect(parentOf(job)).toBe(reaction?.spanContext().spanId);
    expect(job?.attributes['acpg.job.queue']).toBe('notifications');
  }, 30_000);
});
