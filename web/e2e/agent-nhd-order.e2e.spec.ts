import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { startE2eApp } from './support/app.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { agreeToTerms } from './support/checkout.ts';
import { explained } from './support/sign-in.ts';
import { checkAtWidths, newApplicant, onScreen, signUpThroughCodes } from './support/sign-up.ts';

const step = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 20_000 });

/** The homeowner steps an agent ordering for a client must never be sent to. */
const HOMEOWNER_STEPS = ['/sign-up/property', '/sign-up/face-signature', '/sign-up/mailing-address', '/sign-up/plan', '/sign-up/beneficiaries', '/sign-up/pin'];

/**
 * Issue 19, item 1: an agent who starts at /nhd-order and creates an account verifies only the email and the phone
 * (and names the brokerage), then pays for the client's report; no ownership, face or signature step ever shows, and
 * My Account does not loop back to one. The brokerage shows on the order and on My Account, where it can be changed.
 */
describe('an agent orders an NHD report for a client from /nhd-order, signing up on the way', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startE2eApp();
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('signs up with the email and phone codes only, pays for the report, and never sees an ownership, face or signature step', async () => {
    const { context, page } = await newPage(browser, app.url);
    const who = { ...newApplicant('Alex Agent'), role: 'Agent' as const, brokerage: 'Bay Realty' };
    const client = `cleo.client.${Date.now()}@example.test`;
    // Every page the tab shows, history changes included.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    try {
      await explained(page, async () => {
        await page.goto('/nhd-order');
        await step(page, 'Property');
        await page.getByRole('combobox', { name: /Property address/ }).fill('6718 Mission');
        await page.getByRole('option', { name: /6718 Mission Way/ }).click();
        await page.getByRole('button', { name: 'Next' }).click();
        await step(page, 'Report type');
        await page.getByRole('radio', { name: /Standard NHD report: \$49\.00/ }).waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        await step(page, 'Recipients');
        const add = page.getByRole('form', { name: 'Add a recipient' });
        await add.getByLabel('Name').fill('Cleo Client');
        await add.getByLabel('Email').fill(client);
        await add.getByRole('button', { name: 'Add recipient' }).click();
        await page.getByRole('list', { name: 'Recipients' }).getByText(client, { exact: false }).waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        await step(page, 'Escrow');
        await page.getByRole('button', { name: 'Review the order' }).click();
        await step(page, 'Review');
        await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();

        // The sign-up carries the intent of the page it came from: an NHD order, three screens in all.
        await onScreen(page, '/authentication/sign-up', 'Create your account');
        const form = page.getByRole('form', { name: 'Create your account' });
        expect(await form.getByRole('radio', { name: 'Order an NHD report for a property' }).isChecked()).toBe(true);
        await page.getByText('Step 1 of 3: Account details').waitFor();
        await form.getByText('Only your email and phone are confirmed: no property of your own, no face photo or signature.').waitFor();
        // The roles in plain words.
        const roles = form.getByRole('list', { name: 'What each role means' });
        for (const role of ['Customer', 'Owner', 'Agent', 'Broker']) await roles.getByText(`${role}:`).waitFor();
        // No consent, no brokerage: the form says so and sends nothing.
        await form.getByRole('radio', { name: 'Agent', exact: true }).check();
        await form.getByRole('button', { name: 'Create account' }).click();
        await form.getByText('Enter the name of your brokerage').waitFor();
        await form.getByText('Accept the Terms of Service to create your account').waitFor();
        await checkAtWidths(page, '/authentication/sign-up for an agent, with its messages');
        expect(new URL(page.url()).pathname).toBe('/authentication/sign-up');

        await signUpThroughCodes(page, app, who);
        // Straight back to the order, signed in, with the order kept: no signed-in sign-up step at all.
        await page.waitForURL((url) => url.pathname === '/nhd-order', { timeout: 30_000 });
        await page.getByRole('region', { name: 'Notifications' }).getByText(`Your account is ready. Welcome to ACPG, ${who.fullName}.`).first().waitFor({ timeout: 20_000 });
        await step(page, 'Review');
        await page.getByText(client, { exact: false }).waitFor();

        await page.getByRole('button', { name: 'Place order and pay $49.00' }).click();
        await step(page, 'Payment');
        const pay = page.getByRole('form', { name: 'Payment' });
        await pay.waitFor({ timeout: 20_000 });
        await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
        await pay.getByLabel('Expiry date (MM/YY)').fill('12/34');
        await pay.getByLabel('Security code (CVC)').fill('123');
        await pay.getByLabel('Name on card').fill(who.fullName);
        await agreeToTerms(pay);
        await pay.getByRole('button', { name: 'Pay $49.00' }).click();
        await step(page, 'Done');
        await page.getByText('Order placed and paid').waitFor({ timeout: 30_000 });

        // My Account's pages open as they are: the finished sign-up check (GET /auth/me) sends nowhere else.
        const checked = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/me') && r.status() === 200, { timeout: 20_000 });
        await page.goto('/nhd-order-list');
        const me = (await (await checked).json()) as { data: { sign_up: { complete: boolean; current_step: string } } };
        expect(me.data.sign_up).toEqual({ complete: true, current_step: 'done' });
        await page.getByRole('heading', { name: 'NHD Order List', level: 1 }).waitFor({ timeout: 20_000 });
        await page.getByRole('row', { name: /6718 Mission Way/ }).waitFor({ timeout: 20_000 });
        expect(new URL(page.url()).pathname).toBe('/nhd-order-list');

        // The brokerage named at sign-up shows on the order the agent placed ...
        await page.getByRole('row', { name: /6718 Mission Way/ }).getByRole('link').first().click();
        const facts = page.getByRole('main').locator('dl');
        await facts.getByRole('term').filter({ hasText: /^Brokerage$/ }).waitFor({ timeout: 20_000 });
        await facts.getByRole('definition').filter({ hasText: /^Bay Realty$/ }).waitFor();
        // ... and on My Account, where an empty name is refused before anything is sent and a new one is saved.
        await page.goto('/user-update-profile');
        const brokerage = page.getByRole('form', { name: 'Brokerage' });
        const field = brokerage.getByLabel('Brokerage name');
        await field.waitFor({ timeout: 20_000 });
        expect(await field.inputValue()).toBe('Bay Realty');
        await field.fill('   ');
        await brokerage.getByRole('button', { name: 'Save brokerage' }).click();
        await brokerage.getByText('Enter the name of your brokerage').waitFor();
        await field.fill('Bay Realty West');
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/profile/brokerage') && r.request().method() === 'PUT', { timeout: 20_000 });
        await brokerage.getByRole('button', { name: 'Save brokerage' }).click();
        expect((await saved).status()).toBe(200);
        await page.getByRole('main').locator('dl').getByRole('definition').filter({ hasText: /^Bay Realty West$/ }).waitFor({ timeout: 20_000 });
      });
      expect(visited.filter((path) => HOMEOWNER_STEPS.includes(path)), visited.join(' → ')).toEqual([]);
      expect(visited).toContain('/authentication/email-verification');

      // Buying a membership later asks the steps a membership needs, then: from the property on, in the wizard.
      const startMembership = async () => {
        await page.goto('/subscriptions');
        await page.getByRole('heading', { name: 'Membership', level: 1 }).waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Start a membership' }).first().click();
        await page.getByRole('heading', { name: 'Before you buy a membership', level: 2 }).waitFor({ timeout: 20_000 });
      };
      await explained(page, async () => {
        await startMembership();
        for (const screen of ['Property:', 'Face and signature:', 'Plan and payment:', 'Beneficiaries:', 'Security PIN:']) await page.getByRole('main').getByText(screen).waitFor();
        // No card form until those are done.
        expect(await page.getByRole('form', { name: 'Payment' }).count()).toBe(0);
        await checkAtWidths(page, '/subscriptions, the steps a membership adds');
        // Only looking records nothing: My Account still opens as it is.
        const looked = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/me') && r.status() === 200, { timeout: 20_000 });
        await page.goto('/nhd-order-list');
        expect(((await (await looked).json()) as { data: { sign_up: unknown } }).data.sign_up).toEqual({ complete: true, current_step: 'done' });
        await startMembership();
        await page.getByRole('button', { name: 'Continue with property' }).click();
        await onScreen(page, '/sign-up/property', 'Find and verify your property');
        await page.getByText('Step 4 of 9: Property').waitFor();
        await page.getByText(/A membership or Equity Protect covers a home you own/).waitFor();
      });
    } finally {
      await context.close();
    }
  }, 300_000);
});
