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
    await checkWidths(admin, 'provider-dialog-filled');

    const created = admin.waitForResponse((r) => r.url().endsWith('/api/v1/admin/providers') && r.request().method() === 'POST', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    expect((await created).status()).toBe(200);
    await explained(admin, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
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
    await checkWidths(admin, 'provider-detail-with-admin');
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
  }, 240_000);
});
