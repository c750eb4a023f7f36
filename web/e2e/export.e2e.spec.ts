import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { SEEDED_ADMIN, startE2eApp } from './support/app.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { completeSignIn } from './support/sign-in.ts';
import { unzip } from './support/zip.ts';
import { waitFor } from '../../services/test/wait-for.ts';

/** Exports of the filtered interactions list: XLSX by default (DECISIONS.md), CSV as the alternative. */
describe('exporting the user interactions list', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const exportPage = `/export-check-${Date.now()}`;

  beforeAll(async () => {
    app = await startE2eApp();
    for (const [pageName, button] of [[exportPage, 'Alpha'], [exportPage, 'Beta, "quoted"'], [exportPage, 'Gamma'], ['/elsewhere', 'Delta']]) {
      const response = await fetch(`${app.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-location': JSON.stringify({ latitude: 37.5, longitude: -122.25 }) },
        body: JSON.stringify({ page_name: pageName, button_name: button, data_id: 'export' }),
      });
      expect(response.status).toBe(200);
    }
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, app.url));
    await page.goto('/authentication/sign-in');
    await completeSignIn(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.goto('/user-interaction');
    await page.getByLabel('Page', { exact: true }).fill(exportPage);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    // the header row and the three matching rows
    await waitFor(async () => (await page.getByRole('row').count()) === 4, { timeoutMs: 15_000, what: 'the filtered rows' });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  const download = async (item: 'Spreadsheet (XLSX)' | 'CSV') => {
    await page.getByRole('button', { name: 'Export' }).click();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
    const path = await file.path();
    return { name: file.suggestedFilename(), content: readFileSync(path) };
  };

  it('writes the filtered rows to CSV, quoting what needs quoting', async () => {
    const { name, content } = await download('CSV');
    expect(name).toMatch(/^user-interactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = content.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Page,Button,Type,User ID,Data ID,Latitude,Longitude');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).every((l) => l.includes(exportPage))).toBe(true);
    expect(lines.some((l) => l.includes('"Beta, ""quoted"""'))).toBe(true);
    expect(lines.join('\n')).not.toContain('Delta');
    expect(lines.join('\n')).toContain('37.5');
  });

  it('writes the same rows to an XLSX workbook', async () => {
    const { name, content } = await download('Spreadsheet (XLSX)');
    expect(name).toMatch(/\.xlsx$/);
    const files = unzip(content);
    const text = [...files.entries()].filter(([n]) => n.startsWith('xl/')).map(([, v]) => v).join('\n');
    expect(text).toContain(exportPage);
    for (const button of ['Alpha', 'Gamma']) expect(text).toContain(button);
    expect(text).toMatch(/Beta, (&quot;|")quoted(&quot;|")/); // quotes may be escaped or not in XML text
    expect(text).not.toContain('Delta');
  });
});
