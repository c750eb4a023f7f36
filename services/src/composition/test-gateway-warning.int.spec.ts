import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config/load.ts';
import { startApplication, TEST_GATEWAY_WARNING } from './start.ts';

/** Starts the whole app (ROLE=all) with `env` and answers the warnings it logged while starting. */
const warningsAtStart = async (env: Record<string, string>): Promise<{ msg: string; payments_gateway?: string }[]> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acpg-gateway-warning-'));
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: join(dataDir, 'no-web'), LOG_LEVEL: 'warn', ...env });
  const running = await startApplication(config, pino({ level: 'warn' }, sink));
  try {
    return lines.map((line) => JSON.parse(line) as { level: number; msg: string; payments_gateway?: string }).filter((entry) => entry.level === 40);
  } finally {
    await running.stop();
    for (const dir of [dataDir, `${dataDir}-keys`]) rmSync(dir, { recursive: true, force: true });
  }
};

describe('the test gateway announces itself at start', () => {
  it('logs a warning when payments run on the test gateway (the embedded default)', async () => {
    const warnings = await warningsAtStart({});
    expect(warnings).toContainEqual(expect.objectContaining({ msg: TEST_GATEWAY_WARNING, payments_gateway: 'test' }));
    expect(TEST_GATEWAY_WARNING).toMatch(/no real card is charged/);
  }, 60_000);

  it('logs no such warning on Stripe', async () => {
    const warnings = await warningsAtStart({
      PAYMENTS_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_warning',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_warning',
      STRIPE_WEBHOOK_SECRET: 'whsec_warning',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    expect(warnings.map((w) => w.msg)).not.toContain(TEST_GATEWAY_WARNING);
  }, 60_000);
});
