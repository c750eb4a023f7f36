import { describe, expect, it } from 'vitest';
import { loadAccount } from '../../services/src/modules/identity/accounts.ts';
import { useE2e } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { settled } from './support/browser.ts';
import { newCustomer } from './support/customer.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/**
 * DECISIONS.md "Time": the account keeps the browser's zone from sign-in (what the server writes for the person is
 * dated in it), and the profile shows it and lets the person choose another.
 */
describe('the account’s time zone in the browser', () => {
  const e2e = useE2e();

  it('sign-in keeps the browser’s zone; the profile shows it and saves another picked from the list', async () => {
    const { app, browser } = e2e();
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1440, height: 900 }, timezoneId: 'America/Chicago' });
    try {
      const page = await context.newPage();
      const customer = await newCustomer(app, 'Zoe Zone');
      await signInThroughPages(page, app, customer.email, customer.password);
      expect((await loadAccount(app.platform.eventStore, customer.accountId))?.timeZone).toBe('America/Chicago');

      await page.goto('/user-update-profile');
      await explained(page, () => settled(page, 'Profile'));
      const form = page.getByRole('form', { name: 'Time zone' });
      const zone = form.getByRole('combobox', { name: 'Time zone' });
      await expect.poll(() => zone.inputValue(), { timeout: 10_000 }).toBe('America/Chicago');

      await zone.fill('');
      await zone.pressSequentially('New_York'); // typing opens the list of matching zones
      await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/profile/time-zone') && r.request().method() === 'PUT', { timeout: 20_000 });
      await form.getByRole('button', { name: 'Save time zone' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Your time zone was saved.').first().waitFor({ timeout: 10_000 });
      expect((await loadAccount(app.platform.eventStore, customer.accountId))?.timeZone).toBe('America/New_York');
      await expect.poll(() => zone.inputValue(), { timeout: 10_000 }).toBe('America/New_York');
      await checkWidths(page, '/user-update-profile, time zone');
    } finally {
      await context.close();
    }
  }, 120_000);
});
