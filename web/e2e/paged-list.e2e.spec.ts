import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/**
 * The server-paged list as a new user tries it on /user-interaction: headers sort by click and keyboard with an arrow
 * and aria-sort; page, sort and filters survive reload and Back; From after To is refused in the form and never sent;
 * an empty result shows an empty state, not an empty table or empty chart axes.
 */
describe('server-paged list on /user-interaction', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const tag = `pl-${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${app.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ page_name: `/${tag}`, button_name: `${String.fromCharCode(97 + i)} button` }),
      });
      expect(res.status).toBe(200);
    }
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  const table = () => page.getByRole('table', { name: 'User interactions' });
  const firstButtonCell = async () => (await table().getByRole('row').nth(1).getByRole('cell').nth(2).innerText()).trim();

  it('sorts by a header with the mouse and the keyboard, shows it, and keeps it through reload and Back', async () => {
    await page.goto(`/user-interaction?page_name=${encodeURIComponent(`/${tag}`)}`);
    await explained(page, () => table().waitFor({ timeout: 15_000 }));
    const header = table().getByRole('columnheader', { name: 'Button' });
    expect(await header.getAttribute('aria-sort')).toBe('none');
    expect(await table().getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');

    await header.getByRole('button').click();
    await waitFor(async () => (await header.getAttribute('aria-sort')) === 'ascending' && (await firstButtonCell()) === 'a button', { what: 'ascending by button' });
    expect(new URL(page.url()).searchParams.get('sort')).toBe('button_name');

    await header.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => (await header.getAttribute('aria-sort')) === 'descending' && (await firstButtonCell()) === 'l button', { what: 'descending by button' });

    await page.getByRole('navigation', { name: 'Interaction pages' }).getByRole('button', { name: 'Next' }).click();
    await waitFor(async () => (await firstButtonCell()) === 'b button', { what: 'page 2' });
    await page.reload();
    await waitFor(async () => (await firstButtonCell().catch(() => '')) === 'b button', { timeoutMs: 15_000, what: 'page 2 after reload' });
    expect(await table().getByRole('columnheader', { name: 'Button' }).getAttribute('aria-sort')).toBe('descending');
    expect(await page.getByRole('combobox', { name: 'Page' }).inputValue()).toBe(`/${tag}`);

    await page.goBack();
    await waitFor(async () => (await firstButtonCell().catch(() => '')) === 'l button', { timeoutMs: 15_000, what: 'page 1 after Back' });
  });

  it('refuses From after To in the form with one message and sends nothing', async () => {
    const form = page.getByRole('form', { name: 'Filter interactions' });
    // Every read of the list with a date range, from now on.
    const ranges: { from: string; to: string | null }[] = [];
    const record = (r: { url(): string }) => {
      const url = new URL(r.url());
      const from = url.searchParams.get('from');
      if (url.pathname.startsWith('/api/v1/admin/user-interactions') && from) ranges.push({ from, to: url.searchParams.get('to') });
    };
    page.on('request', record);
    await form.getByLabel('From', { exact: true }).fill('2026-11-20');
    await form.getByLabel('To', { exact: true }).fill('2026-11-01');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('From must be on or before To.', { exact: true }).waitFor();
    expect(await page.getByText('From must be on or before To.').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('from')).toBeNull();
    // Instead of waiting a while for nothing: a range that is right is sent next, and a read of the refused one would
    // have gone out before it (the same Apply, earlier). Once the right one is seen, none of the reads was refused.
    await form.getByLabel('From', { exact: true }).fill('2026-11-01');
    await form.getByLabel('To', { exact: true }).fill('2026-11-20');
    await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/admin/user-interactions' && new URL(r.url()).searchParams.get('from') !== null, { timeout: 15_000 }),
      form.getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    page.off('request', record);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.filter((r) => r.to === null || r.from > r.to), 'a read with From after To was sent').toEqual([]);
    expect(new URL(page.url()).searchParams.get('from')).toBe('2026-11-01');
  });

  it('shows an empty state instead of an empty table and empty charts', async () => {
    await page.goto('/user-interaction?page_name=%2Fnothing-recorded-here');
    await explained(page, () => page.getByText('No interactions match these filters.').waitFor({ timeout: 15_000 }));
    expect(await page.getByRole('table', { name: 'User interactions' }).count()).toBe(0);
    expect(await page.getByRole('figure').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await explained(page, () => table().waitFor({ timeout: 15_000 }));
  });
});
