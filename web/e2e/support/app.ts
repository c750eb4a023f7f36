import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SEEDED_ADMIN, startTestApp, type TestApp } from '../../../services/test/harness.ts';
import { launchBrowser, newPage } from './browser.ts';
import { newCustomer, type Customer } from './customer.ts';
import { signInThroughPages } from './sign-in.ts';

export { SEEDED_ADMIN };

const webDist = resolve(import.meta.dirname, '../../dist');

/** The whole app on the embedded profile serving the built web app (npm test builds it first). */
export const startE2eApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  if (!existsSync(resolve(webDist, 'index.html'))) {
    throw new Error(`no web build at ${webDist}: run "npm run build" first (npm test does)`);
  }
  return startTestApp({ WEB_DIST_DIR: webDist, ...env });
};

export interface E2eRun {
  app: TestApp;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** What most browser test files start before their tests: the app, Chromium, and one page on the app. */
export const openE2e = async (env: Record<string, string> = {}, width?: number, height?: number): Promise<E2eRun> => {
  const app = await startE2eApp(env);
  const browser = await launchBrowser();
  const { context, page } = await newPage(browser, app.url, width, height);
  return { app, browser, context, page };
};

/** Closes what openE2e started (closing the browser closes its pages); safe after a failed start. */
export const closeE2e = async ({ browser, app }: { browser?: Browser | undefined; app?: TestApp | undefined }): Promise<void> => {
  await browser?.close();
  await app?.close();
};

/**
 * The suite's app, Chromium and page (openE2e before its tests, closed after them), as `useTestApp` is for the
 * services' suites: call it in a `describe`, then `const { app, browser, page } = e2e()` inside a test.
 */
export const useE2e = (env: Record<string, string> = {}): (() => E2eRun) => {
  let run: E2eRun | undefined;
  beforeAll(async () => {
    run = await openE2e(env);
  }, 120_000);
  afterAll(async () => {
    await closeE2e(run ?? {});
  });
  return () => {
    if (!run) throw new Error('useE2e: the app is not started (call it in a describe, read it inside a test)');
    return run;
  };
};

/**
 * openE2e, then on its page the seeded Super Admin (`'admin'`) or a new Customer of this name signed in through the
 * pages (password, then the emailed code): the start of most browser tests of signed-in screens. A failed sign-in
 * closes what was opened (the file's afterAll never got it).
 */
export async function openSignedIn(who: 'admin', env?: Record<string, string>): Promise<E2eRun>;
export async function openSignedIn(who: { customer: string }, env?: Record<string, string>): Promise<E2eRun & { customer: Customer }>;
export async function openSignedIn(who: 'admin' | { customer: string }, env: Record<string, string> = {}): Promise<E2eRun & { customer?: Customer }> {
  const run = await openE2e(env);
  try {
    if (who === 'admin') {
      await signInThroughPages(run.page, run.app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
      return run;
    }
    const customer = await newCustomer(run.app, who.customer);
    await signInThroughPages(run.page, run.app, customer.email, customer.password);
    return { ...run, customer };
  } catch (error) {
    await closeE2e(run);
    throw error;
  }
}
