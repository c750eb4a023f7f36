import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { EXPIRED_MESSAGE, SIGN_IN_PATH, browserStorage, completeSignIn, explained, latestCode, pathOf } from './support/sign-in.ts';

/** The second sign-in of this file takes its code by SMS (one code per destination per 60 s). */
const ADMIN_PHONE = '+14155550124';

/** What has focus: its tag, and its accessible text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName.toLowerCase() ?? null, text: el?.textContent?.trim() ?? '', label: el?.getAttribute('autocomplete') ?? null };
  });

describe('the session across Back/Forward and tabs', () => {
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

  it('sign-in: each step takes focus, and Back/Forward keeps the code already sent', async () => {
    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/auth/sign-in/otp') && r.method() === 'POST') sends.push(r.url());
    });
    await page.goto(SIGN_IN_PATH);
    await explained(page, async () => {
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email').waitFor();
      await waitFor(async () => ((await focused(page)).label === 'username' ? true : undefined), { timeoutMs: 5000, what: 'focus on Email' });
      await form.getByLabel('Email').fill(SEEDED_ADMIN.email);
      await form.getByLabel('Password').fill(SEEDED_ADMIN.password);
      await form.getByRole('button', { name: 'Sign In' }).click();

      await page.waitForURL('**/authentication/auth-mode');
      await waitFor(async () => ((await focused(page)).text === 'Where should we send your code?' ? true : undefined), { timeoutMs: 5000, what: 'focus on the channel heading' });
      const channels = page.getByRole('form', { name: 'Choose how to get your code' });
      await channels.getByRole('radio', { name: /^Email:/ }).check();
      const sentAfter = Date.now() - 1000;
      await channels.getByRole('button', { name: 'Send code' }).click();

      await page.waitForURL('**/authentication/login-email-otp-verification');
      await waitFor(async () => ((await focused(page)).label === 'one-time-code' ? true : undefined), { timeoutMs: 5000, what: 'focus on the code field' });
      expect(sends).toHaveLength(1);
      const code = await latestCode(app, SEEDED_ADMIN.email, sentAfter);

      // Back to the channel page, then Forward: the code step comes back, nothing is sent again.
      await page.goBack();
      await page.waitForURL('**/authentication/auth-mode');
      await page.goForward();
      await page.waitForURL('**/authentication/login-email-otp-verification');
      await page.getByRole('heading', { name: 'Enter the code sent to your email' }).waitFor();

      // Back again, and the same channel chosen again (within 60 s): straight to the code step, no 429.
      await page.goBack();
      await page.waitForURL('**/authentication/auth-mode');
      await channels.getByRole('radio', { name: /^Email:/ }).check();
      await channels.getByRole('button', { name: 'Send code' }).click();
      await page.waitForURL('**/authentication/login-email-otp-verification');
      expect(sends).toHaveLength(1);
      expect(await page.getByRole('alert').count()).toBe(0);

      // The first code still signs in.
      const verify = page.getByRole('form', { name: 'Verify code' });
      await verify.getByLabel('6-digit code').fill(code);
      await verify.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL('**/admin-dashboard');
    });
  });

  it('after a 401 sent the user to /login, Back to the protected page goes to /login again', async () => {
    await page.goto('/user-interaction');
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();
    expect((await context.request.post('/api/v1/auth/sign-out')).status()).toBe(200);
    await page.reload();
    await explained(page, async () => {
      await page.waitForURL('**/login');
      await page.getByText(EXPIRED_MESSAGE, { exact: true }).first().waitFor();
    });
    // Let the first notice go, so a second one can be seen.
    await page.getByText(EXPIRED_MESSAGE, { exact: true }).first().click();
    await waitFor(async () => ((await page.getByText(EXPIRED_MESSAGE, { exact: true }).count()) === 0 ? true : undefined), { timeoutMs: 10_000, what: 'the first notice closed' });

    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/admin/')) calls.push(r.url());
    });
    await page.goBack();
    await explained(page, async () => {
      await waitFor(async () => (pathOf(page) === '/login' && (await page.getByText(EXPIRED_MESSAGE, { exact: true }).count()) === 1 ? true : undefined), {
        timeoutMs: 10_000,
        what: 'back at /login with the notice',
      });
      await page.getByRole('heading', { name: 'Sign in again', exact: true }).waitFor();
    });
    expect(calls).toEqual([]); // the guard sent the user on before the page's calls
    expect(JSON.parse((await browserStorage(page)).local['persist:session'] ?? '{}')).toMatchObject({ previousPath: '/user-interaction' });

    await completeSignIn(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password, { channel: 'phone', phone: ADMIN_PHONE });
    await page.waitForURL('**/user-interaction');
  });

  it('two tabs restoring at once keep the session; logout in one signs the other out', async () => {
    const other = await context.newPage();
    await other.goto('/admin-dashboard');
    await other.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // Both tabs restore their token through the same rotating refresh cookie at the same moment.
    const refreshes: number[] = [];
    for (const p of [page, other]) p.on('response', (r) => void (r.url().endsWith('/api/v1/auth/refresh') && refreshes.push(r.status())));
    await Promise.all([page.reload(), other.reload()]);
    await explained(page, () => page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor());
    await explained(other, () => other.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor());
    await waitFor(async () => (refreshes.length >= 2 ? true : undefined), { timeoutMs: 10_000, what: 'both refreshes' });
    expect(refreshes).toEqual([200, 200]);
    expect(pathOf(page)).toBe('/user-interaction');
    expect(pathOf(other)).toBe('/admin-dashboard');

    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`**${SIGN_IN_PATH}`);
    await explained(other, () => other.waitForURL(`**${SIGN_IN_PATH}`, { timeout: 10_000 }));
    expect(Object.keys((await browserStorage(other)).local).filter((k) => k === 'user' || k.startsWith('persist:'))).toEqual([]);
    await other.close();
  });
});
