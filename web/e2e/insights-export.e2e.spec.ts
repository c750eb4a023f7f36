import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { SEEDED_ADMIN, startE2eApp } from './support/app.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { completeSignIn, explained } from './support/sign-in.ts';

const store = async (app: TestApp, page_name: string, button_name: string) => {
  const res = await fetch(`${app.url}/api/v1/user-interaction/store`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page_name, button_name }),
  });
  expect(res.status).toBe(200);
};

const secondPage = (url: URL) => isExportPage(url.href, 2);

const isExportPage = (url: string, page: number) => {
  const u = new URL(url);
  return u.pathname === '/api/v1/admin/user-interactions' && u.searchParams.get('page_size') === '100' && u.searchParams.get('page') === String(page);
};

/** Interactions recorded while an export pages through the list must not shift its pages. */
describe('exports while interactions keep arriving', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageName = `/export-live-${Date.now()}`;
  const SEEDED = 105;

  beforeAll(async () => {
    app = await startE2eApp();
    for (let k = 0; k < SEEDED; k++) await store(app, pageName, `row ${String(k).padStart(3, '0')}`);
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, app.url));
    await page.goto('/authentication/sign-in');
    await completeSignIn(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  const openFiltered = async () => {
    await page.goto('/user-interaction');
    await page.getByLabel('Page', { exact: true }).fill(pageName);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await explained(page, () => page.getByText(/Page 1 of 1[01] · \d+ in all/).waitFor({ timeout: 15_000 }));
  };

  it('writes each row once, as the list stood when the export started', async () => {
    await openFiltered();
    const asked: string[] = [];
    // Five new matching rows land between the export's first and second page.
    await page.route(secondPage, async (route: Route) => {
      for (let k = 0; k < 5; k++) await store(app, pageName, `late ${k}`);
      await route.continue();
    });
    page.on('request', (r) => {
      if (isExportPage(r.url(), 1) || isExportPage(r.url(), 2)) asked.push(r.url());
    });
    await page.getByRole('button', { name: 'Export' }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    const lines = readFileSync(await file.path()).toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1);
    const buttons = lines.map((l) => l.match(/(row \d{3}|late \d)/)?.[1]);
    expect(lines).toHaveLength(SEEDED);
    expect(new Set(buttons).size).toBe(SEEDED);
    expect(buttons.some((b) => b?.startsWith('late'))).toBe(false);
    expect(asked.length).toBe(2);
    expect(asked.every((u) => new URL(u).searchParams.get('to'))).toBe(true);
    await page.unroute(secondPage);
  }, 60_000);

  it('stops reading pages when the user leaves the screen', async () => {
    await openFiltered();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const failed: string[] = [];
    page.on('requestfailed', (r) => {
      if (isExportPage(r.url(), 2)) failed.push(r.url());
    });
    let secondAsked = false;
    await page.route(secondPage, async (route: Route) => {
      secondAsked = true;
      await held;
      await route.continue().catch(() => {}); // the browser may have dropped it already
    });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    await waitFor(() => secondAsked, { what: 'the export to ask for its second page' });
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await waitFor(() => failed.length > 0, { timeoutMs: 10_000, what: 'the export request to be aborted' });
    release();
    expect(await page.locator('.fui-Toast').filter({ hasText: 'Exported' }).count()).toBe(0);
    await page.unroute(secondPage);
  }, 60_000);
});
