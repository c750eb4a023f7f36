import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config/load.ts';
import { createEmbeddedAdapters } from './embedded.ts';
import type { Adapters } from './adapters.ts';

describe('embedded adapters: where email and SMS go', () => {
  const opened: { adapters: Adapters; dir: string }[] = [];
  afterEach(async () => {
    for (const { adapters, dir } of opened.splice(0)) {
      await adapters.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
  const open = async (env: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'acpg-embedded-'));
    const adapters = await createEmbeddedAdapters(loadConfig({ DATA_DIR: dir, ...env }), pino({ level: 'silent' }));
    opened.push({ adapters, dir });
    return adapters;
  };

  it('with DEV_OUTBOX=true keeps every message in the outbox, even with providers configured (nothing goes out)', async () => {
    const adapters = await open({
      DEV_OUTBOX: 'true',
      SMTP_URL: 'smtp://127.0.0.1:1', // nothing listens there: a real send would fail
      SMS_API_URL: 'http://127.0.0.1:1/messages',
      SMS_API_TOKEN: 'token',
    });
    await adapters.mailer.send({ to: 'jane@example.com', subject: 'Code', text: 'Your code is 123456' });
    await adapters.sms.send({ to: '+15551234567', text: 'Your code is 654321' });
    expect(adapters.devOutbox?.list('jane@example.com').map((m) => m.text)).toEqual(['Your code is 123456']);
    expect(adapters.devOutbox?.list('+15551234567').map((m) => m.text)).toEqual(['Your code is 654321']);
  });

  it('without DEV_OUTBOX offers no outbox to read', async () => {
    const adapters = await open({});
    expect(adapters.devOutbox).toBeNull();
  });
});
