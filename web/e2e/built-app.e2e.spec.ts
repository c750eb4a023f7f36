import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e } from './support/app.ts';

describe('the built web app served by the backend', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('answers GET /api/health with 200', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
  });

  it('opens at / and shows the home page heading the API serves', async () => {
    const response = await fetch(`${app.url}/api/v1/cms/content/home`);
    expect(response.status).toBe(200);
    const home = (await response.json()) as { success: boolean; data: { body: { hero: { heading: string; subheading: string } } } };
    expect(home.success).toBe(true);
    const title = home.data.body.hero.heading;

    const answer = await page.goto('/');
    expect(answer?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    // The API's content, not the error fallback (which also shows the fallback title).
    expect(await page.getByText('This page could not be loaded').count()).toBe(0);
    if (home.data.body.hero.subheading) expect(await page.getByText(home.data.body.hero.subheading, { exact: false }).first().isVisible()).toBe(true);
    expect(await page.title()).not.toBe('');
    expect(pageErrors).toEqual([]);
  });

  it('serves the app shell for a deep link (client-side route)', async () => {
    const answer = await page.goto('/faq');
    expect(answer?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/faq');
  });
});
