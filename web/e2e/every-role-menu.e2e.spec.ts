import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeE2e, startE2eApp } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { newCustomer, type AccountRole } from './support/customer.ts';
import { providerWithAdmin } from './support/provider.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import type { TestApp } from '../../services/test/harness.ts';

const DENIED = 'Not available for your role';

/**
 * Issue 21, every role real: a Sub User, a Professional, a Service Provider, a Provider Admin and an Admin sign in and open every entry of their side menu;
 * none answers "Not available for your role", and each screen passes axe and fits at 375, 900 and 1440 px.
 */
describe('every entry of the menu opens, for every role', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startE2eApp();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  /** A Provider Admin acts for a provider: appointed on a real one (its token carries the provider); the others are registered with the role. */
  const accountFor = async (role: AccountRole) => (role === 'Provider Admin' ? (await providerWithAdmin(app, 'Menu Homes')).admin : newCustomer(app, `${role} Tester`, role));

  const cases: { role: AccountRole; landing: string; entries: string[]; never: string[] }[] = [
    {
      role: 'Sub User',
      landing: '/subscriptions',
      entries: ['/subscriptions', '/equity-protect-list', '/property-reimbursement', '/nhd-order-list', '/my-properties'],
      never: ['/admin-dashboard'],
    },
    {
      role: 'Professional',
      landing: '/subscriptions',
      entries: ['/subscriptions', '/equity-protect-list', '/property-reimbursement', '/nhd-order-list', '/my-properties'],
      never: ['/admin-dashboard'],
    },
    {
      role: 'Service Provider',
      landing: '/subscriptions',
      entries: ['/subscriptions', '/equity-protect-list', '/property-reimbursement', '/nhd-order-list', '/my-properties'],
      never: ['/admin-dashboard', '/acpg-provider-users'],
    },
    {
      role: 'Provider Admin',
      landing: '/acpg-provider-users',
      entries: ['/provider-dashboard', '/acpg-provider-users', '/admin-equity-protect', '/property-reimbursement', '/nhd-order-list'],
      never: ['/admin-dashboard', '/acpg-provider', '/subscriptions'],
    },
    {
      role: 'Admin',
      landing: '/admin-dashboard',
      entries: ['/admin-dashboard', '/admin-equity-protect', '/admin-property-reimbursement', '/admin-nhd-order-list', '/admin-payments', '/user-interaction'],
      never: ['/plans', '/promocode', '/email-templates', '/subscriptions'],
    },
  ];

  for (const { role, landing, entries, never } of cases) {
    it(
      `${role}: lands on ${landing} and opens every menu entry`,
      async () => {
        const { context, page } = await newPage(browser, app.url);
        try {
          const account = await accountFor(role);
          await signInThroughPages(page, app, account.email, account.password);
          await page.waitForURL(`**${landing}`, { timeout: 20_000 });
          const menu = page.getByRole('navigation', { name: 'Side menu' });
          await menu.getByRole('link').first().waitFor({ state: 'visible', timeout: 20_000 });
          const paths = await menu.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
          expect(paths, `${role}'s menu`).toEqual(expect.arrayContaining(entries));
          for (const path of never) expect(paths, `${role}'s menu has no ${path}`).not.toContain(path);
          for (const path of paths) {
            await explained(page, async () => {
              // Help and Contact are public pages (the public layout, without the side menu): back to the landing first.
              if (!(await menu.isVisible())) await page.goto(landing);
              await menu.locator(`a[href="${path}"]`).click();
              await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
              await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 20_000 });
              await page.locator('main .fui-Skeleton, main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 20_000 });
            });
            expect(await page.getByRole('heading', { name: DENIED }).count(), `${role} on ${path}`).toBe(0);
            await checkWidths(page, `${role} on ${path}`);
          }
        } finally {
          await context.close();
        }
      },
      240_000,
    );
  }
});
