import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { placedOrder } from '../../services/test/account-administration.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openSignedIn } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { newCustomer } from './support/customer.ts';
import { explained } from './support/sign-in.ts';

describe('Super Admin: /account-administration finds an account, changes its roles and suspends it', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openSignedIn('admin'));
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('finds the account, opens it, appoints an Admin with a reason, suspends it, and the list shows it live', async () => {
    const member = await newCustomer(app, 'Quinn Target');
    await placedOrder(app, member.accountId);

    await page.goto('/account-administration');
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor({ timeout: 20_000 });
    const search = page.getByRole('search', { name: 'Find accounts' }).or(page.getByRole('form', { name: 'Find accounts' })).first();
    const showFilters = page.getByRole('button', { name: 'Show filters' });
    if (await showFilters.isVisible()) await showFilters.click();
    await search.getByLabel('Search').fill(member.email);
    const listed = page.waitForResponse((r) => r.url().includes('/api/v1/admin/accounts?') && r.url().includes('q='));
    await search.getByRole('button', { name: 'Apply filters' }).click();
    await listed;
    const table = page.getByRole('table', { name: 'Accounts' });
    const row = table.getByRole('row').filter({ hasText: member.email });
    await explained(page, () => row.waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'accounts list');

    await row.getByRole('link', { name: 'Quinn Target' }).click();
    await page.getByRole('heading', { name: 'Quinn Target', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('table', { name: 'NHD orders' }).getByText('NHD-100042').waitFor({ timeout: 20_000 });
    await checkWidths(page, 'account page');

    // Appoint an Admin: the dialog starts with the account's roles and Admin ticked, and asks why.
    await page.getByRole('button', { name: 'Appoint Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appoint Quinn Target as an Admin' });
    await explained(page, () => dialog.getByRole('checkbox', { name: 'Admin', exact: true }).waitFor({ timeout: 10_000 }));
    expect(await dialog.getByRole('checkbox', { name: 'Admin', exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Customer', exact: true }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Change roles' }).click();
    await dialog.getByText('Give a reason.').waitFor();
    // The refused form focuses its first invalid field: the reason.
    await waitFor(async () => (await dialog.getByLabel('Reason').evaluate((el) => el === document.activeElement)) || undefined, { what: 'focus on the reason' });
    await checkWidths(page, 'change roles dialog');
    await page.keyboard.type('Runs the support desk');
    const changed = page.waitForResponse((r) => r.url().endsWith('/roles') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Change roles' }).click();
    expect((await changed).status()).toBe(200);
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    const audit = page.getByRole('table', { name: 'Audit trail' });
    await explained(page, () => audit.getByText('Roles changed to Customer, Admin').waitFor({ timeout: 20_000 }));
    await audit.getByText('Runs the support desk').waitFor();

    // Suspend, with a reason; the page then offers Reactivate.
    await page.getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend Quinn Target?' });
    await suspend.getByLabel('Reason').fill('Reported stolen identity');
    await checkWidths(page, 'suspend dialog');
    await suspend.getByRole('button', { name: 'Suspend account' }).click();
    await suspend.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('button', { name: 'Reactivate' }).waitFor({ timeout: 20_000 });
    await audit.getByText('Reported stolen identity').waitFor();
    await checkWidths(page, 'suspended account page');

    // The account is told why it cannot sign in.
    const signIn = await fetch(`${app.url}/api/v1/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: member.email, password: member.password }) });
    expect(signIn.status).toBe(401);
    expect(((await signIn.json()) as { code: string }).code).toBe('ACCOUNT_SUSPENDED');

    // Back on the list (still searched), the row says Suspended.
    await page.goBack();
    await page.getByRole('heading', { name: 'Accounts', level: 1 }).waitFor({ timeout: 20_000 });
    await explained(page, () => table.getByRole('row').filter({ hasText: member.email }).getByText('Suspended').waitFor({ timeout: 20_000 }));
  }, 240_000);
});
