import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { startApplication, type RunningApplication } from '../src/composition/start.ts';
import { loadConfig } from '../src/platform/config/load.ts';

/**
 * The whole app logging everything (trace) into memory, in a data folder of its own, for the enclosing `describe`:
 * to read what requests leave in the log (card and bank numbers, secret tokens must never appear). `env` adds settings
 * (`DEV_OUTBOX`, say). `running()` is the app once started.
 */
export const useTracedApp = (name: string, env: Record<string, string> = {}) => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), `acpg-${name}-log-`));
  let app: RunningApplication | undefined;
  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'trace', WEB_DIST_DIR: join(dataDir, 'no-web-build'), ...env });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await startApplication(config, pino({ level: 'trace' }, sink));
  });
  afterAll(async () => {
    await app?.stop();
    for (const dir of [dataDir, `${dataDir}-keys`]) rmSync(dir, { recursive: true, force: true });
  });
  const running = (): RunningApplication => {
    if (!app) throw new Error('the traced app has not started');
    return app;
  };
  return { lines, running };
};
