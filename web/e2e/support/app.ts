import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../../../services/test/harness.ts';
import { launchBrowser, newPage } from './browser.ts';

export { SEEDED_ADMIN } from '../../../services/test/harness.ts';

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
