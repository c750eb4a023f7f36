import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2e, SEEDED_ADMIN } from './support/app.ts';
import { newPage, settled } from './support/browser.ts';
import { fitsWidth, seriousViolations } from './support/axe.ts';
import { newCustomer } from './support/customer.ts';
import { providerWithAdmin } from './support/provider.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { placeOrder } from '../../services/test/nhd.ts';
import { startMembershipFor } from '../../services/test/reimbursement.ts';
import { recordProviderMember } from '../../services/test/providers.ts';
import { waitFor } from '../../services/test/wait-for.ts';

/** The count a status link of the NHD orders tile shows ("Placed: 3"), or null while the tiles load. */
const placedCount = async (page: Page): Promise<number | null> => {
  const link = page.getByRole('link', { name: /^Placed: \d+ orders?$/ });
  if ((await link.count()) === 0) return null;
  const m = /(\d+)/.exec(await link.innerText());
  return m ? Number(m[1]) : null;
};

/** The number a tile shows (its card, by its h2). */
const tileNumber = async (page: Page, title: string): Promise<string | null> => {
  const card = page.locator(`[data-tile="${title}"]`);
  if ((await card.count()) === 0) return null;
  return (await card.locator('[data-tile-value]').innerText()).trim();
};

describe('the dashboard of every module', () => {
  const e2e = useE2e();

  it('an admin sees the tiles, a new order raises the orders tile live, and a tile opens its filtered list', async () => {
    const { app, page } = e2e();
    const member = await newCustomer(app, 'Dana Dashboard');
    await startMembershipFor(app, member.accountId, 0);
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    await settled(page, 'Dashboard');
    await explained(page, () => page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 }));
    // The membership started today shows in its tiles.
    await waitFor(async () => ((await tileNumber(page, 'New memberships')) === '1' ? true : undefined), { what: 'the new memberships tile', timeoutMs: 15_000 });
    expect(await tileNumber(page, 'Active members')).toBe('1');
    const before = await waitFor(() => placedCount(page).then((n) => n ?? undefined), { what: 'the orders tile' });
    for (const width of [375, 900, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
      expect(await fitsWidth(page), `fits ${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // A new order: the tile rises without a reload.
    const order = await placeOrder(app, member.accountId);
    await explained(page, () => waitFor(async () => ((await placedCount(page)) === before + 1 ? true : undefined), { what: 'the placed orders tile to rise live', timeoutMs: 15_000 }));

    // The range is in the URL; 7 days shows the trend.
    await page.getByRole('tab', { name: '7 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === '7d');
    await page.getByRole('figure', { name: /^By day:/ }).waitFor({ timeout: 15_000 });

    // The tile opens its list, filtered as the tile counts.
    await page.getByRole('link', { name: `Placed: ${before + 1} order${before + 1 === 1 ? '' : 's'}` }).click();
    await page.waitForURL((url) => url.pathname === '/admin-nhd-order-list' && url.searchParams.get('status') === 'placed');
    await settled(page, 'NHD Order List');
    await explained(page, () => page.getByRole('main').getByText(order.number ?? order.order_id.slice(0, 8), { exact: false }).first().waitFor({ timeout: 15_000 }));

    // Back on the dashboard, the active members tile opens the memberships list filtered to active ones.
    await page.goBack();
    await page.goBack();
    await settled(page, 'Dashboard');
    await page.getByRole('link', { name: 'View active memberships' }).click();
    await page.waitForURL((url) => url.pathname === '/admin-memberships' && url.searchParams.get('status') === 'active');
    await settled(page, 'Memberships');
  }, 120_000);

  it('a Provider Admin opens its provider’s dashboard first in its menu: its users’ things only, axe clean at 375, 900 and 1440 px', async () => {
    const { app, browser } = e2e();
    const { admin, providerId } = await providerWithAdmin(app, 'Dashboard Homes');
    const { context, page } = await newPage(browser, app.url);
    try {
      await signInThroughPages(page, app, admin.email, admin.password);
      const menu = page.getByRole('navigation', { name: 'Side menu' });
      await menu.getByRole('link').first().waitFor({ timeout: 20_000 });
      expect(await menu.getByRole('link').first().innerText()).toBe('Dashboard');
      await menu.getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL('**/provider-dashboard');
      await settled(page, 'Dashboard');
      // Another provider's member's order (the admin's test above) is not its: nothing to count.
      await page.getByText(/^Nothing to count yet/).waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-tile="Code deliveries failing"]').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Placed: 0 orders' }).getAttribute('href')).toBe('/nhd-order-list?status=placed');
      for (const width of [375, 900, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await seriousViolations(page), `axe at ${width} px`).toEqual([]);
        expect(await fitsWidth(page), `fits ${width} px`).toBe(true);
      }
      // One of its users orders: its orders tile rises live (pushed to provider:<id>).
      const user = `acct-dash-${Date.now()}`;
      await recordProviderMember(app, providerId, user);
      await waitFor(async () => ((await app.platform.documents.find('insights_provider_members', { account_id: user })).length > 0 ? true : undefined), { what: 'the user in insights’ copy' });
      await placeOrder(app, user);
      await explained(page, () => page.getByRole('link', { name: 'Placed: 1 order' }).waitFor({ timeout: 15_000 }));
    } finally {
      await context.close();
    }
  }, 120_000);
});
