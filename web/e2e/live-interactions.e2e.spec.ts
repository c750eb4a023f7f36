import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/** "Page 1 of 3 · 27 in all" → 27 */
const shownTotal = async (page: Page): Promise<number> => {
  const text = await page.getByRole('navigation', { name: 'Interaction pages' }).innerText();
  const m = text.match(/(\d+) in all/);
  if (!m) throw new Error(`no total in "${text}"`);
  return Number(m[1]);
};

describe('user interactions arrive live on /user-interaction', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
  });

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  const apiTotal = async (): Promise<number> => {
    const token = await app.signInAs('Super Admin');
    const res = await fetch(`${app.url}/api/v1/admin/user-interactions?page=1&page_size=10`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: { total: number } };
    return body.data.total;
  };

  it('shows an interaction recorded elsewhere as a new row, and the new total, without reloading', async () => {
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'User Interactions' }).click();
    await page.waitForURL('**/user-interaction');
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();
    const grid = page.getByRole('table', { name: 'User interactions' });
    await explained(page, async () => {
      await grid.waitFor();
      await page.getByText('Live', { exact: true }).waitFor(); // the socket is connected
    });

    // The admin's own clicks are recorded too; wait until the page shows every interaction recorded so far.
    await waitFor(async () => (await shownTotal(page)) === (await apiTotal()), { what: 'the shown total to catch up' });
    const before = await shownTotal(page);
    let documents = 0;
    page.on('framenavigated', () => documents++);
    await page.evaluate(() => Object.assign(window, { e2eMarker: 'same document' }));

    const buttonName = `e2e live ${Date.now().toString(36)}`;
    const stored = await fetch(`${app.url}/api/v1/user-interaction/store`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ page_name: 'e2e-landing', button_name: buttonName, interaction_type: 'click', data_id: 'e2e-1' }),
    });
    expect(stored.status).toBe(200);

    const cell = grid.getByRole('cell', { name: buttonName, exact: true });
    await explained(page, () => cell.waitFor({ timeout: 15_000 }));
    const row = grid.getByRole('row').filter({ has: page.getByRole('cell', { name: buttonName, exact: true }) });
    expect(await row.getByRole('cell', { name: 'e2e-landing', exact: true }).isVisible()).toBe(true);
    // Newest first: the new row is the first row of the body.
    expect(await grid.getByRole('row').nth(1).innerText()).toContain(buttonName);

    await waitFor(async () => (await shownTotal(page)) >= before + 1 && (await shownTotal(page)) === (await apiTotal()), {
      what: 'the total to include the new interaction',
    });
    // The summary line follows (it refetches shortly after live rows arrive).
    const total = await apiTotal();
    await page.getByText(`${total} interactions match these filters`, { exact: true }).waitFor({ timeout: 15_000 });

    expect(documents).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('same document');
  });

  it('does not add a live row that the active filters exclude', async () => {
    const filters = page.getByRole('form', { name: 'Filter interactions' });
    await filters.getByLabel('Page', { exact: true }).fill('e2e-landing');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const grid = page.getByRole('table', { name: 'User interactions' });
    await waitFor(async () => (await shownTotal(page)) === 1, { what: 'the filtered list' });

    const other = `e2e other page ${Date.now().toString(36)}`;
    const kept = `e2e kept ${Date.now().toString(36)}`;
    for (const [page_name, button_name] of [['elsewhere', other], ['e2e-landing', kept]] as const) {
      const res = await fetch(`${app.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ page_name, button_name }),
      });
      expect(res.status).toBe(200);
    }
    // Pushed in order: once the matching one shows, the other one has been seen and left out.
    await grid.getByRole('cell', { name: kept, exact: true }).waitFor({ timeout: 15_000 });
    expect(await grid.getByRole('cell', { name: other, exact: true }).count()).toBe(0);
    expect(await shownTotal(page)).toBe(2);
  });
});
