import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { SEEDED_ADMIN, startE2eApp } from './support/app.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/** What has focus: tag, accessible-ish name and aria-disabled. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      disabled: el?.getAttribute('aria-disabled') ?? null,
    };
  });

const focusIs = (page: Page, what: string, test: (f: Awaited<ReturnType<typeof focused>>) => boolean) =>
  explained(page, () => waitFor(async () => test(await focused(page)), { timeoutMs: 10_000, what }));

describe('keyboard focus on navigation and on controls that turn off', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await startE2eApp();
    for (let k = 0; k < 25; k++) {
      const res = await fetch(`${app.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page_name: 'e2e-focus', button_name: `seed ${k}` }),
      });
      expect(res.status).toBe(200);
    }
    browser = await launchBrowser();
    ({ page } = await newPage(browser, app.url));
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('moves focus to the new page heading after a side-menu navigation', async () => {
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'User Interactions' }).click();
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();
    await focusIs(page, 'the User Interactions heading to have focus', (f) => f.tag === 'h1' && f.text === 'User Interactions');
  });

  it('keeps focus on Next when the last page turns it off', async () => {
    const pager = page.getByRole('navigation', { name: 'Interaction pages' });
    await explained(page, () => pager.getByText(/Page 1 of \d+/).waitFor({ timeout: 15_000 }));
    const pages = Number((await pager.innerText()).match(/Page 1 of (\d+)/)![1]);
    expect(pages).toBeGreaterThan(1);
    await pager.getByRole('button', { name: 'Next' }).focus();
    for (let p = 2; p <= pages; p++) {
      await page.keyboard.press('Enter');
      await pager.getByText(`Page ${p} of ${pages}`).waitFor();
    }
    await focusIs(page, 'Next to keep focus, marked disabled', (f) => f.tag === 'button' && f.text === 'Next' && f.disabled === 'true');
    await page.keyboard.press('Enter'); // does nothing at the end
    expect(await pager.innerText()).toContain(`Page ${pages} of ${pages}`);
    await page.keyboard.press('Shift+Tab');
    await focusIs(page, 'Previous to take focus', (f) => f.text === 'Previous' && f.disabled !== 'true');
  });

  it('moves focus to the table after "show newest"', async () => {
    // Not on the newest page: a new interaction is counted, not shown.
    const res = await fetch(`${app.url}/api/v1/user-interaction/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page_name: 'e2e-focus', button_name: 'while away' }),
    });
    expect(res.status).toBe(200);
    const show = page.getByRole('button', { name: /new interactions: show newest/ });
    await explained(page, () => show.waitFor({ timeout: 15_000 }));
    await show.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Interaction pages' }).getByText(/Page 1 of/).waitFor();
    await focusIs(page, 'the table to have focus', (f) => f.text === 'User interactions table' || f.text === 'User Interactions');
    // The button goes once the newest rows have been read (the pager moves first).
    await show.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('keeps focus on Export while it runs, and the success toast has a Dismiss button reached by Tab', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const exportPages = (url: URL) => url.pathname === '/api/v1/admin/user-interactions' && url.searchParams.get('page_size') === '100';
    await page.route(exportPages, async (route: Route) => {
      await held;
      await route.continue();
    });
    // Toasts of earlier steps closed first (a click closes one): with several at the foot, Tab reaches the oldest one's
    // Dismiss first (the stack is one tab stop); what is checked here is that this toast's Dismiss is reached by Tab.
    for (const earlier of await page.locator('.fui-Toast').all()) await earlier.click().catch(() => undefined);
    await page.waitForFunction(() => document.querySelectorAll('.fui-Toast').length === 0, undefined, { timeout: 10_000 });
    const exportButton = page.getByRole('button', { name: /^Export/ });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'CSV' }).waitFor();
    await page.keyboard.press('ArrowDown'); // XLSX → CSV
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    await focusIs(page, 'the Export button to keep focus while exporting', (f) => f.tag === 'button' && f.text.startsWith('Exporting') && f.disabled === 'true');
    release();
    await download;
    await page.unroute(exportPages);
    const toast = page.locator('.fui-Toast').filter({ hasText: 'Exported' });
    await toast.waitFor({ timeout: 10_000 });

    // From the top of the document, Tab reaches the toast's Dismiss button.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let reached = false;
    for (let k = 0; k < 120 && !reached; k++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      reached = f.text === 'Dismiss' && (await toast.getByRole('button', { name: 'Dismiss' }).evaluate((el) => el === document.activeElement));
    }
    expect(reached, 'Tab reaches the Dismiss button of the toast').toBe(true);
    await page.keyboard.press('Enter');
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
  }, 60_000);

  it('moves focus to the new page heading after navigating from the mobile drawer, not back to "Open menu"', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.waitFor();
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Side menu' });
    await drawer.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await drawer.waitFor({ state: 'detached', timeout: 10_000 });
    await focusIs(page, 'the Dashboard heading to have focus', (f) => f.tag === 'h1' && f.text === 'Dashboard');
    // ... and it stays there once the drawer has gone.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Dashboard' });

    // Keyboard too: Enter on a drawer link.
    await open.click();
    await drawer.getByRole('link', { name: 'User Interactions' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();
    await drawer.waitFor({ state: 'detached', timeout: 10_000 });
    await focusIs(page, 'the User Interactions heading to have focus', (f) => f.tag === 'h1' && f.text === 'User Interactions');
  }, 60_000);

  it('Escape closes the mobile drawer and gives focus back to "Open menu"', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Opened with the pointer (a programmatic focus right after the last navigation is taken back to its heading).
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Side menu' });
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached', timeout: 10_000 });
    await focusIs(page, '"Open menu" to have focus again', (f) => f.tag === 'button' && f.text === 'Open menu');
  }, 60_000);

  it('a control reached by Tab after "Skip to main content" is not left under the sticky top bar', async () => {
    // A short window, so the page scrolls; the first control of the page sits in the heading's row.
    await page.setViewportSize({ width: 1440, height: 500 });
    await page.goto('/admin-equity-protect');
    await page.getByRole('button', { name: 'Pricing' }).waitFor({ timeout: 15_000 });
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await skip.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => ({
      top: document.activeElement?.getBoundingClientRect().top ?? 0,
      bar: document.querySelector('[data-top-bar]')?.getBoundingClientRect().bottom ?? 0,
    }));
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Pricing' });
    expect(where.bar).toBeGreaterThan(0);
    expect(where.top).toBeGreaterThanOrEqual(where.bar);
  }, 60_000);
});
