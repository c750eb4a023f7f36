import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { EXPIRED_MESSAGE, SIGN_IN_PATH, browserStorage, completeSignIn, explained, pathOf, signInThroughPages } from './support/sign-in.ts';

/** The seeded admin gets a phone too, so the second sign-in of this file can take its code by SMS (see CodeChannel). */
const ADMIN_PHONE = '+14155550123';

const persisted = async (page: Page) => JSON.parse((await browserStorage(page)).local['persist:session'] ?? '{}') as Record<string, unknown>;

describe('the signed-in session: an expired session, then logout', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, context, page } = await openE2e({ SEED_ADMIN_PHONE: ADMIN_PHONE }));
  });

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('on a 401 tells the user once that the token expired, sends them to /login and back to where they were after signing in', async () => {
    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.waitForURL('**/admin-dashboard');
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'User Interactions' }).click();
    await page.waitForURL('**/user-interaction');
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();

    // The session is ended elsewhere (signed out with this browser's refresh cookie, as another tab would), and the
    // page is opened again: the access token cannot be restored, so the page's GETs answer 401.
    expect((await context.request.post('/api/v1/auth/sign-out')).status()).toBe(200);
    // A late answer to the page being left (sent with the still-valid token) may arrive first: wait for the 401.
    const rejected = page.waitForResponse(
      (r) => r.url().includes('/api/v1/admin/user-interactions') && r.request().method() === 'GET' && r.status() === 401,
      { timeout: 15_000 },
    );
    await page.reload();
    expect((await rejected).status()).toBe(401);

    await explained(page, async () => {
      await page.waitForURL('**/login');
      await page.getByText(EXPIRED_MESSAGE, { exact: true }).first().waitFor();
      await page.getByRole('heading', { name: 'Sign in again', exact: true }).waitFor();
    });
    // The list and the summary both failed; the user is told once.
    expect(await page.getByText(EXPIRED_MESSAGE, { exact: true }).count()).toBe(1);
    expect(await page.getByText('Your session has expired.').isVisible()).toBe(true);
    expect(await persisted(page)).toMatchObject({ previousPath: '/user-interaction' });

    await completeSignIn(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password, { channel: 'phone', phone: ADMIN_PHONE });
    await page.waitForURL('**/user-interaction');
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();
    expect(pathOf(page)).toBe('/user-interaction');
    expect(await persisted(page)).toMatchObject({ previousPath: null }); // the saved path is used once
  });

  it('logs out: clears the stored user and the persisted store, goes to sign-in and keeps protected routes closed', async () => {
    await page.goto('/admin-dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const before = await browserStorage(page);
    expect(Object.keys(before.local)).toEqual(expect.arrayContaining(['user', 'userData', 'persist:session']));

    await page.getByRole('button', { name: /^Account menu for / }).click();
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/sign-out'));
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`**${SIGN_IN_PATH}`);
    await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    expect((await signedOut).status()).toBe(200);

    const after = await browserStorage(page);
    const left = Object.keys(after.local).filter((k) => k === 'user' || k === 'userData' || k.startsWith('persist:'));
    expect(left).toEqual([]);
    // The server ended the session: the refresh cookie no longer gives an access token.
    expect((await context.request.post('/api/v1/auth/refresh')).status()).toBe(401);

    for (const path of ['/admin-dashboard', '/user-interaction']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === SIGN_IN_PATH); // with ?next= naming the page asked for
      await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    }
    expect((await browserStorage(page)).local.user).toBeUndefined();
  });
});
