import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startE2eApp } from './support/app.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import type { TestApp } from '../../services/test/harness.ts';

/** What a first visit to `/` downloads: only the public shell, never the admin screens or their libraries. */
describe('initial JavaScript of /', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startE2eApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('loads no admin chunk, and reports its gzipped size', async () => {
    const { context, page } = await newPage(browser, app.url);
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of scripts) expect(path).not.toMatch(/UserInteractions|AdminDashboard|InteractionCharts|SignedInLayout/);

    let gzipped = 0;
    for (const path of scripts) {
      // fetch() decodes; gzip the served bytes the way the build does to count what travels
      const body = Buffer.from(await (await fetch(`${app.url}${path}`)).arrayBuffer());
      gzipped += gzipSync(body, { level: 9 }).length;
    }
    console.log(`initial JavaScript for /: ${scripts.length} files, ${(gzipped / 1024).toFixed(1)} KiB gzipped`);
    expect(gzipped).toBeGreaterThan(0);
    await context.close();
  });
});
