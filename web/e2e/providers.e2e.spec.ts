import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { settled } from './support/browser.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openSignedIn } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { newCustomer } from './support/customer.ts';
import { explained } from './support/sign-in.ts';
import { waitFor } from '../../services/test/wait-for.ts';

const GLENDALE = { typed: '8357 Santa R', line: '8357 Santa Rosa Avenue' };
const SHOTS = resolve(import.meta.dirname, '../../test-results/providers');
mkdirSync(SHOTS, { recursive: true });

describe('Super Admin: /acpg-provider creates a provider and appoints its Provider Admin', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: Page;

  beforeAll(async () => {
    ({ app, browser, page: admin } = await openSignedIn('admin'));
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  /** The toast saying `text` covers none of the list's filter buttons; a screenshot shows it; a click closes it. */
  const toastClearOfFilters = async (text: string, width: number) => {
    const toast = admin.locator('.fui-Toast').filter({ hasText: text });
    await toast.waitFor({ timeout: 10_000 });
    // Hold the toast's timer (as a pointer resting on it does): what is checked is where it sits, not when it leaves.
    await toast.evaluate((el) => {
      const container = el.closest('.fui-ToastContainer') ?? el;
      for (const timer of container.querySelectorAll('[data-timer-status]')) for (const a of timer.getAnimations()) a.pause();
    });
    await toast.hover();
    await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
    const toastBox = await toast.boundingBox();
    for (const button of await admin.locator('main form[data-filter-form]').getByRole('button').all()) {
      const b = await button.boundingBox();
      const covers = !!toastBox && !!b && toastBox.x < b.x + b.width && b.x < toastBox.x + toastBox.width && toastBox.y < b.y + b.height && b.y < toastBox.y + toastBox.height;
      expect(covers, `the toast covers "${await button.innerText()}" at ${width} px`).toBe(false);
    }
    await admin.screenshot({ path: `${SHOTS}/providers-toast-${width}.png` });
    await toast.click();
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
  };

  it('adds a provider (refusing an empty form), lists it live, and appoints an account as its Provider Admin', async () => {
    const future = await newCustomer(app, 'Quinn Builder');
    await admin.goto('/acpg-provider');
    await settled(admin, 'Providers');
    await admin.getByText('No providers yet.', { exact: false }).waitFor();
    await checkWidths(admin, 'providers-empty');

    await admin.getByRole('button', { name: 'Add provider' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a provider' });
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await dialog.getByText('Enter the provider name.').waitFor();
    await dialog.getByText('Pick the kind of provider.').waitFor();
    await checkWidths(admin, 'provider-dialog-errors');

    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Sunrise Homes');
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption('Homebuilder');
    await dialog.getByLabel('Contact name').fill('Pat Lee');
    await dialog.getByLabel('Contact email').fill('pat@sunrise.example');
    await dialog.getByLabel('Contact phone').fill('(415) 555-0123');
    const address = dialog.getByRole('combobox', { name: 'Find the office address (optional)' });
    await address.click();
    await address.pressSequentially(GLENDALE.typed, { delay: 30 });
    await explained(admin, () => admin.getByRole('option', { name: new RegExp(GLENDALE.line) }).waitFor({ timeout: 15_000 }));
    await address.press('ArrowDown');
    await address.press('Enter');
    expect(await dialog.getByLabel('Street address').inputValue()).toBe(GLENDALE.line);
    expect(await dialog.getByRole('textbox', { name: 'City', exact: true }).inputValue()).toBe('Glendale');
    // Escape in the address finder closes its suggestions only: the dialog and what was typed stay.
    await address.press('ArrowDown');
    await address.press('Escape');
    await address.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Sunrise Homes');
    // The contact fields of one row are as tall as each other's inputs (a hint under one does not stretch the others).
    const heights = await Promise.all(['Contact name', 'Contact email', 'Contact phone'].map(async (label) => (await dialog.getByLabel(label).boundingBox())?.height));
    expect(new Set(heights).size, `contact inputs ${heights.join(', ')} px high`).toBe(1);
    await checkWidths(admin, 'provider-dialog-filled', { shot: (width) => admin.screenshot({ path: `${SHOTS}/provider-dialog-filled-${width}.png` }) });

    const created = admin.waitForResponse((r) => r.url().endsWith('/api/v1/admin/providers') && r.request().method() === 'POST', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    expect((await created).status()).toBe(200);
    await explained(admin, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    await toastClearOfFilters('was created', 1440);
    const row = admin.getByRole('table', { name: 'Providers' }).getByRole('row').filter({ hasText: 'Sunrise Homes' });
    await explained(admin, () => row.waitFor({ timeout: 20_000 }));
    expect(await row.textContent()).toMatch(/Homebuilder.*Pat Lee.*0.*Active/);
    await checkWidths(admin, 'providers-list');

    await row.getByRole('button', { name: 'Open Sunrise Homes' }).click();
    const detail = admin.getByRole('dialog', { name: 'Sunrise Homes' });
    await detail.getByText('No Provider Admins yet.', { exact: false }).waitFor({ timeout: 20_000 });
    await detail.getByText('0 Provider Admins').waitFor();
    await checkWidths(admin, 'provider-detail');

    const email = detail.getByLabel('Email of an existing account');
    await email.fill('nobody@example.test');
    await detail.getByRole('button', { name: 'Appoint' }).click();
    await detail.getByText('No account uses this email.', { exact: false }).waitFor({ timeout: 20_000 });

    await email.fill(future.email);
    const appointed = admin.waitForResponse((r) => r.url().includes('/admins') && r.request().method() === 'POST', { timeout: 20_000 });
    await detail.getByRole('button', { name: 'Appoint' }).click();
    expect((await appointed).status()).toBe(200);
    await explained(admin, () => detail.getByText('Quinn Builder').waitFor({ timeout: 20_000 }));
    await detail.getByText('1 Provider Admin', { exact: true }).waitFor();
    await checkWidths(admin, 'provider-detail-with-admin', { shot: (width) => admin.screenshot({ path: `${SHOTS}/provider-detail-${width}.png` }) });
    // The title row's Close (Fluent's DialogTitle action) closes it.
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });
    // The list took the change live (the row's count of Provider Admins).
    await explained(admin, () => row.filter({ hasText: /Pat Lee.*1.*Active/ }).waitFor({ timeout: 20_000 }));

    // Identity gave the account the role and the provider.
    const roles = async () => (await app.platform.eventStore.readStream(`identity-account-${future.accountId}`)).filter((e) => e.type === 'AccountRolesChanged').map((e) => (e.data as { roles: string[] }).roles);
    expect(await waitFor(async () => ((await roles()).length > 0 ? roles() : undefined), { what: 'the Provider Admin role given', timeoutMs: 15_000 })).toEqual([['Provider Admin', 'Customer']]);

    // Deactivate asks first; Keep active changes nothing.
    await row.getByRole('button', { name: 'Deactivate Sunrise Homes' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Deactivate Sunrise Homes?' });
    await checkWidths(admin, 'provider-deactivate-confirm');
    const deactivated = admin.waitForResponse((r) => r.url().endsWith('/deactivate'), { timeout: 20_000 });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    expect((await deactivated).status()).toBe(200);
    await explained(admin, () => row.filter({ hasText: 'Deactivated' }).waitFor({ timeout: 20_000 }));

    // A deactivated provider offers no appointment, only how to make one possible again.
    await row.getByRole('button', { name: 'Open Sunrise Homes' }).click();
    await detail.getByText('This provider is deactivated', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await detail.getByRole('button', { name: 'Appoint' }).count()).toBe(0);
    await detail.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // Searching keeps the focus on the search box (the filter form is not drawn anew), at every width; toasts cover no filter button.
    for (const width of [1440, 900, 375]) {
      await admin.setViewportSize({ width, height: 900 });
      const search = admin.getByRole('searchbox', { name: 'Search' });
      // On a phone the filters fold behind "Show filters".
      const show = admin.getByRole('button', { name: /^Show filters/ });
      if (width === 375) await show.click();
      const typed = width === 900 ? 'Sunrise' : width === 375 ? 'Sunri' : 'Sun';
      await search.fill(typed);
      // Enter in the search box keeps the focus there; the Apply button, used at 900 px, keeps it on Apply.
      if (width === 900) await admin.getByRole('button', { name: 'Apply filters' }).click();
      else await search.press('Enter');
      await admin.waitForURL(new RegExp(`[?&]q=${typed}(&|$)`), { timeout: 20_000 });
      await row.waitFor({ timeout: 20_000 });
      const focused = await admin.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent, type: document.activeElement?.getAttribute('type') }));
      expect(focused, 'the focus stays on the control used').toEqual(width === 900 ? expect.objectContaining({ tag: 'BUTTON', text: 'Apply filters' }) : expect.objectContaining({ tag: 'INPUT', type: 'search' }));
      await admin.screenshot({ path: `${SHOTS}/providers-searched-${width}.png` });
      // A toast (the provider reactivated or deactivated from its row) covers no filter button at this width.
      const reactivate = row.getByRole('button', { name: 'Reactivate Sunrise Homes' });
      if (await reactivate.isVisible()) {
        await reactivate.click();
        const again = admin.getByRole('alertdialog');
        if (await again.isVisible()) await again.getByRole('button', { name: 'Reactivate' }).click();
        await toastClearOfFilters('reactivated', width);
      } else {
        await row.getByRole('button', { name: 'Deactivate Sunrise Homes' }).click();
        await admin.getByRole('alertdialog', { name: 'Deactivate Sunrise Homes?' }).getByRole('button', { name: 'Deactivate' }).click();
        await toastClearOfFilters('deactivated', width);
      }
    }
    await admin.setViewportSize({ width: 1440, height: 900 });

    // A page change by keyboard keeps the focus on the pager's button (a second provider, one per page).
    const token = await app.signInAs('Super Admin', 'providers-e2e');
    const second = await app.app.inject({
      method: 'POST',
      url: '/api/v1/admin/providers',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Zenith Realty', kind: 'Brokerage', contact: { name: 'Zed', email: 'zed@zenith.example', phone: null }, address: { line1: '2 Main St', city: 'Fresno', state: 'CA', zip: '93721' } },
    });
    expect(second.statusCode, second.body).toBe(200);
    await admin.goto('/acpg-provider?page_size=1');
    await settled(admin, 'Providers');
    const next = admin.getByRole('navigation', { name: 'Provider pages' }).getByRole('button', { name: 'Next' });
    await next.focus();
    await admin.keyboard.press('Enter');
    await admin.waitForURL(/[?&]page=2/, { timeout: 20_000 });
    await admin.getByRole('table', { name: 'Providers' }).getByText('Zenith Realty').waitFor({ timeout: 20_000 });
    expect(await next.evaluate((el) => el === document.activeElement), 'the focus stays on Next').toBe(true);
  }, 240_000);
});
