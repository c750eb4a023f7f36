import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { placeOrder } from '../../services/test/nhd.ts';
import { joinProviderThroughInvitation, providerAdminToken } from '../../services/test/providers.ts';
import { fileClaim } from '../../services/test/reimbursement.ts';
import { closeE2e, openE2e } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { settled } from './support/browser.ts';
import { newMember } from './support/customer.ts';
import { providerWithAdmin, signInToProviderUsers } from './support/provider.ts';
import { explained } from './support/sign-in.ts';

/**
 * Issue 21 item 5 in the browser: a Provider Admin's NHD Order List and Property Reimbursement show its provider's
 * users' orders and claims with the member's name, and take a new one live, without a reload.
 */
describe('Provider Admin: its provider’s users’ orders and claims, live', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('lists a member’s NHD orders and claims by name, and a new one appears live', async () => {
    const { providerId, admin } = await providerWithAdmin(app, 'Harbor Homes');
    const member = await newMember(app, 'Mia Member');
    // The member joins the provider as a person does: invited, then accepting with the emailed code.
    const inviter = await providerAdminToken(app, providerId, `padmin-${randomUUID()}`);
    await joinProviderThroughInvitation(app, inviter, member.accountId, 'Mia Member', { email: member.email });
    const stranger = await newMember(app, 'Stan Stranger');
    await placeOrder(app, member.accountId);
    await placeOrder(app, stranger.accountId);
    await fileClaim(app, member.accountId);

    await signInToProviderUsers(page, app, admin, 'Harbor Homes');

    await page.getByRole('navigation').getByRole('link', { name: 'NHD Order List' }).click();
    await settled(page, 'NHD Order List');
    const orders = page.getByRole('table', { name: 'NHD orders' });
    await explained(page, () => orders.getByRole('row').filter({ hasText: 'Mia Member' }).first().waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'provider-admin-orders');
    if ((await orders.getByRole('row').filter({ hasText: 'Stan Stranger' }).count()) > 0) throw new Error("another provider's customer's order is listed");
    // A new order by the member arrives live.
    const before = await orders.getByRole('row').filter({ hasText: 'Mia Member' }).count();
    await placeOrder(app, member.accountId);
    await explained(page, () => orders.getByRole('row').filter({ hasText: 'Mia Member' }).nth(before).waitFor({ timeout: 20_000 }));

    await page.getByRole('navigation').getByRole('link', { name: 'Property Reimbursement' }).click();
    await settled(page, 'Property Reimbursement');
    const claims = page.getByRole('table', { name: 'Reimbursement claims' });
    await explained(page, () => claims.getByRole('row').filter({ hasText: 'Mia Member' }).first().waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'provider-admin-claims');
    const claimsBefore = await claims.getByRole('row').filter({ hasText: 'Mia Member' }).count();
    await fileClaim(app, member.accountId, { amount_cents: 12_500, description: 'Emergency plumbing repair' });
    await explained(page, () => claims.getByRole('row').filter({ hasText: 'Mia Member' }).nth(claimsBefore).waitFor({ timeout: 20_000 }));
  }, 180_000);
});
