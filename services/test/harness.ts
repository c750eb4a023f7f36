import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import { loadConfig } from '../src/platform/config/load.ts';
import type { Platform } from '../src/platform/module.ts';
import { startApplication } from '../src/composition/start.ts';
import { currentSessionVersion } from '../src/modules/identity/module.ts';

export const SEEDED_ADMIN = { email: 'admin@example.test', password: 'correct horse battery staple 7' } as const;

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  url: string;
  dataDir: string;
  /** An access token for a synthetic user with this role (route-guard tests). */
  signInAs(role: Role, userId?: string): Promise<string>;
  /** Stops the app and keeps the data folder (to inspect or restart on it). */
  stop(): Promise<void>;
  /** Stops the app and removes the data folder (and its keys folder). */
  close(): Promise<void>;
}

/**
 * The whole application on the embedded profile (ROLE=all) in a temporary data folder, listening on a free port,
 * with the dev outbox on and a seeded Super Admin.
 */
export const startTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  // The data folder and, beside it, the keys folder (`<DATA_DIR>-keys`) in one temporary folder removed on close.
  const root = mkdtempSync(join(tmpdir(), 'acpg-test-'));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEV_OUTBOX: 'true',
    SEED_ADMIN_EMAIL: SEEDED_ADMIN.email,
    SEED_ADMIN_PASSWORD: SEEDED_ADMIN.password,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    ...env,
  });
  const running = await startApplication(config, pino({ level: config.LOG_LEVEL }));
  if (!running.app || !running.url) throw new Error('the test app must serve HTTP (ROLE=all)');
  const { app, platform, url } = running;
  return {
    app,
    platform,
    url,
    dataDir,
    // As a fresh sign-in would: at the account's current session version (a token of an ended session is refused).
    signInAs: async (role, userId = `test-${role.toLowerCase().replaceAll(' ', '-')}`) => {
      return platform.tokens.issueAccessToken({ userId, roles: [role], sessionVersion: await currentSessionVersion(platform.eventStore, userId) });
    },
    stop: () => running.stop(),
    close: async () => {
      await running.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
};

/**
 * The suite's app: `startTestApp(env)` before its tests (up to 60 s), closed after them. Call it where the suite's
 * tests are declared (at the top of the file or in a `describe`); the answer reads through to the started app.
 */
export const useTestApp = (env: Record<string, string> = {}): TestApp => {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(env);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  const current = (): TestApp => {
    if (!started) throw new Error('the test app is used before its beforeAll started it');
    return started;
  };
  return {
    get app() {
      return current().app;
    },
    get platform() {
      return current().platform;
    },
    get url() {
      return current().url;
    },
    get dataDir() {
      return current().dataDir;
    },
    signInAs: (role, userId) => current().signInAs(role, userId),
    stop: () => current().stop(),
    close: () => current().close(),
  };
};

/** A throwaway web build (an index.html titled "ACPG test shell" and one asset) for the app's static serving. */
export const fakeWebBuild = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'acpg-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>ACPG test shell</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
  return dir;
};

/** `useTestApp` serving a throwaway web build (`fakeWebBuild`, folder `web`), removed after the suite. */
export const useTestAppWithWebBuild = (env: Record<string, string> = {}): { t: TestApp; web: string } => {
  const web = fakeWebBuild();
  afterAll(() => rmSync(web, { recursive: true, force: true }));
  return { t: useTestApp({ WEB_DIST_DIR: web, ...env }), web };
};
