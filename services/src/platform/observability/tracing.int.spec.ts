import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, type RunningApplication } from '../../composition/start.ts';
import { loadConfig } from '../config/load.ts';
import { systemMeta } from '../commands/metadata.ts';
import { identityContext } from '../../modules/identity/context.ts';
import { registerAccount } from '../../modules/identity/accounts.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { CORRELATION_ATTRIBUTE } from './tracing.ts';

const exporter = new InMemorySpanExporter();
const root = mkdtempSync(join(tmpdir(), 'acpg-traces-'));
let running: RunningApplication;

beforeAll(async () => {
  const dataDir = join(root, 'data');
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEV_OUTBOX: 'true', WEB_DIST_DIR: join(root, 'no-web-build') });
  running = await startApplication(config, pino({ level: 'silent' }), { spanExporter: exporter });
}, 60_000);
afterAll(async () => {
  await running?.stop();
  rmSync(root, { recursive: true, force: true });
});

const PASSWORD = 'tracing tests passphrase';

describe('traces follow one request through its event, projection, push and job', () => {
  it('a password change: the request, the append, the read model applying it, its push and the notice job share the correlation id and the trace', async () => {
    const { platform, app } = running;
    if (!app) throw new Error('ROLE=all serves HTTP');
    const ctx = await identityContext(platform);
    const email = `traced-${Date.now()}@example.test`;
    const { accountId } = await registerAccount(ctx, { email, fullName: 'Tracy Trace', roles: ['Customer'], password: PASSWORD, phone: null }, systemMeta(platform, { actor: 'test' }));
    const token = await platform.tokens.issueAccessToken({ userId: accountId, roles: ['Customer'] });
    const requestId = `traced-${randomUUID()}`;

    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
      payload: { current_password: PASSWORD, new_password: 'a fresh traced passphrase 9' },
    });
    expect(changed.statusCode).toBe(200);

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
    expect(append?.attributes['acpg.stream']).toBe(`identity-account-${accountId}`);
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
