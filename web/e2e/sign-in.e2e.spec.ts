import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { SIGN_IN_PATH, browserStorage, completeSignIn, pathOf } from './support/sign-in.ts';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
/** A name distinct from the role, so the avatar menu's two lines can be told apart. */
const ADMIN_NAME = 'Ada Lovelace';

describe('signing in as the seeded Super Admin through the pages', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, context, page } = await openE2e({ SEED_ADMIN_NAME: ADMIN_NAME }));
  });

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it.each(['/admin-dashboard', '/user-interaction'])('sends a visitor with no stored user from %s to the sign-in page', async (path) => {
    const { context: fresh, page: visitor } = await newPage(browser, app.url);
    try {
      await visitor.goto(path);
      await visitor.waitForURL((url) => url.pathname === SIGN_IN_PATH);
      expect(new URL(visitor.url()).searchParams.get('next'), 'the page to return to after signing in').toBe(path);
      expect((await browserStorage(visitor)).local.user).toBeUndefined();
      await visitor.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
      expect(await visitor.getByRole('form', { name: 'Sign in' }).getByLabel('Password').isVisible()).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('signs in with the password and the emailed code and lands on the dashboard, keeping no token in storage', async () => {
    await page.goto(SIGN_IN_PATH);
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    const verified = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/sign-in/verify') && r.request().method() === 'POST');
    await completeSignIn(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    const answer = (await (await verified).json()) as { data: { AccessToken: string } };

    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    const { local, session } = await browserStorage(page);
    expect(JSON.parse(local.user ?? 'null')).toEqual({ role: ['Super Admin'], full_name: ADMIN_NAME, profile_img: null });
    // DECISIONS.md: no long-lived token readable by scripts; the access token lives in memory only.
    const stored = [...Object.entries(local), ...Object.entries(session)];
    expect(answer.data.AccessToken).toMatch(JWT);
    for (const [key, value] of stored) {
      expect(value, `storage entry ${key}`).not.toContain(answer.data.AccessToken);
      expect(value, `storage entry ${key}`).not.toMatch(JWT);
    }
    // The refresh token is an httpOnly cookie, out of reach of scripts.
    expect(await page.evaluate(() => document.cookie)).not.toMatch(JWT);
    const cookies = await context.cookies();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies.filter((c) => c.value.length > 20)) expect(c.httpOnly, `cookie ${c.name}`).toBe(true);
  });

  it('shows the Super Admin only the built screens in the side menu', async () => {
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
    const labels = (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(labels).toEqual([
      'Dashboard', 'Equity Protect', 'Promo Codes', 'Property Reimbursement', 'Ownership documents', 'NHD Order List', 'Plans', 'Memberships', 'Payments', 'Accounts',
      'Home Management', 'About Us Management', 'Service Management', 'FAQ', 'Contact us', 'Blog posts', 'Legal pages', 'Site and logo',
      'Providers', 'Provider Users', 'Email Templates', 'User Interactions', 'Events', 'Operations',
    ]);

    await menu.getByRole('link', { name: 'User Interactions' }).click();
    await page.waitForURL('**/user-interaction');
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });

  it('shows the full name and the first role in the avatar menu', async () => {
    await page.getByRole('button', { name: `Account menu for ${ADMIN_NAME}` }).click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.waitFor();
    const popover = page.locator('.fui-MenuPopover').filter({ has: logout });
    const texts = (await popover.locator('.fui-Text').allInnerTexts()).map((t) => t.trim());
    expect(texts).toEqual([ADMIN_NAME, 'Super Admin']); // full name, then the first role
    await page.keyboard.press('Escape');
    await logout.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/admin-dashboard');
  });
});
