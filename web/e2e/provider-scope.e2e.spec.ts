import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { orderReaches, placeAndPayOrder, placeOrder } from '../../services/test/nhd.ts';
import { joinProviderThroughInvitation, providerAdminToken } from '../../services/test/providers.ts';
import { fileClaim } from '../../services/test/reimbursement.ts';
import { useE2e } from './support/app.ts';
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
  const e2e = useE2e();

  it('lists a member’s NHD orders and claims by name, and a new one appears live', async () => {
    const { app, page } = e2e();
    const { providerId, admin } = await providerWithAdmin(app, 'Harbor Homes');
    const member = await newMember(app, 'Mia Member');
    // The member joins the provider as a person does: invited, then accepting with the emailed code.
    const inviter = await providerAdminToken(app, providerId, `padmin-${randomUUID()}`);
    await joinProviderThroughInvitation(app, inviter, member.accountId, 'Mia Member', { email: member.email });
    const stranger = await newMember(app, 'Stan Stranger');
    await placeOrder(app, member.accountId);
    await placeOrder(app, stranger.accountId);
    await fileClaim(app, member.accountId);
    // A member's order delivered: its report links are out, which its owner may withdraw and a Provider Admin may not.
    const { order: delivered } = await placeAndPayOrder(app, member.accountId);
    await orderReaches(app, member.accountId, delivered.order_id, 'delivered', 60_000);

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
    // The admin's own order is pushed to its account's room, not its provider's: the list follows both, so it arrives too.
    const own = await placeOrder(app, admin.accountId);
    await explained(page, () => orders.getByRole('row').filter({ hasText: own.number ?? own.order_id.slice(0, 8).toUpperCase() }).first().waitFor({ timeout: 20_000 }));

    // The member's delivered order opens read only: the link statuses show, no Withdraw button the server would refuse.
    await page.goto(`/nhd-order-list/${delivered.order_id}`);
    await settled(page, /^NHD order /);
    await explained(page, () => page.getByText(/^Emailed .*; not confirmed yet$/).first().waitFor({ timeout: 20_000 }));
    // Whose order it is shows by name.
    await page.getByRole('definition').filter({ hasText: 'Mia Member' }).first().waitFor({ timeout: 10_000 });
    for (const name of ['Withdraw link', 'Withdraw every link', 'Cancel order', 'Close order']) {
      if ((await page.getByRole('button', { name }).count()) > 0) throw new Error(`a Provider Admin is offered "${name}" on its user's order`);
    }
    await checkWidths(page, 'provider-admin-order');
    await page.goBack();

    await page.getByRole('navigation').getByRole('link', { name: 'Property Reimbursement' }).click();
    await settled(page, 'Property Reimbursement');
    const claims = page.getByRole('table', { name: 'Reimbursement claims' });
    await explained(page, () => claims.getByRole('row').filter({ hasText: 'Mia Member' }).first().waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'provider-admin-claims');
    const claimsBefore = await claims.getByRole('row').filter({ hasText: 'Mia Member' }).count();
    await fileClaim(app, member.accountId, { amount_cents: 12_500, description: 'Emergency plumbing repair' });
    await explained(page, () => claims.getByRole('row').filter({ hasText: 'Mia Member' }).nth(claimsBefore).waitFor({ timeout: 20_000 }));
  }, 240_000);
});
