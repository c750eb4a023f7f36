import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import type { StandIn } from '../../services/src/modules/payments/gateway/stripe-stand-in/server.ts';
import { closeE2eOnStripe, fillStripeCard, openE2eOnStripe } from './support/stripe.ts';
import { newPage } from './support/browser.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { newCustomer } from './support/customer.ts';
import { fitsWidth, seriousViolations } from './support/axe.ts';
import { agreeToTerms } from './support/checkout.ts';

async function settled(page: Page) {
  await page.getByRole('heading', { name: 'Membership', level: 1 }).waitFor({ timeout: 20_000 });
  await page.locator('main .fui-Skeleton, main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 20_000 });
}
const stripeScripts = (page: Page, standIn: StandIn) => page.evaluate((url) => document.querySelectorAll(`script[src="${url}/v3/"]`).length, standIn.url);

describe('paying on /subscriptions with PAYMENTS_GATEWAY=stripe (the local Stripe stand-in)', () => {
  let standIn: StandIn;
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page, standIn } = await openE2eOnStripe());
    const customer = await newCustomer(app);
    await signInThroughPages(page, app, customer.email, customer.password);
    await page.goto('/subscriptions');
    await settled(page);
  }, 120_000);

  afterAll(async () => {
    await closeE2eOnStripe({ browser, app, standIn });
  });

  it('loads Stripe.js only when the card form is shown, and pays with 4242 through it; the membership shows live', async () => {
    expect(await stripeScripts(page, standIn)).toBe(0);
    await page.getByRole('button', { name: 'Start a membership' }).click();
    await page.getByRole('radio', { name: /^Monthly:/ }).check();
    const form = page.getByRole('form', { name: 'Payment' });
    await form.waitFor({ timeout: 20_000 });
    const card = form.getByRole('group', { name: 'Card' });
    await card.getByLabel('Card number').waitFor({ timeout: 20_000 });
    expect(await stripeScripts(page, standIn)).toBe(1);

    // Nothing filled: the form says what to enter and sends nothing.
    await agreeToTerms(form);
    await form.getByRole('button', { name: /^Pay / }).click();
    await form.getByText('Enter the card number, expiry date and security code').waitFor();
    const failures: string[] = [];
    for (const width of [375, 900, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const blocking = await seriousViolations(page);
      if (blocking.length > 0) failures.push(`at ${width} px:\n${blocking.join('\n')}`);
      if (!(await fitsWidth(page))) failures.push(`at ${width} px the page scrolls sideways`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(failures, failures.join('\n')).toEqual([]);

    await fillStripeCard(form, '4242 4242 4242 4242');
    await agreeToTerms(form);
    await form.getByRole('button', { name: /^Pay / }).dblclick();
    await explained(page, () => page.getByText('Payment received.').waitFor({ timeout: 20_000 }));
    await explained(page, () => page.getByRole('table', { name: 'Your memberships' }).getByRole('row').filter({ hasText: 'Visa ending in 4242' }).waitFor({ timeout: 20_000 }));

    // The card went from the browser to Stripe with the publishable key; the app charged it once with its secret key.
    const made = standIn.requests.filter((r) => r.path === '/v1/payment_methods' && r.method === 'POST');
    expect(made.every((r) => r.key === 'publishable')).toBe(true);
    const charges = standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(charges.length).toBeGreaterThanOrEqual(1);
    expect(new Set(charges.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(charges.every((r) => r.key === 'secret')).toBe(true);
    expect(standIn.events.filter((e) => e.type === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('Update card on /subscriptions checks a Stripe card with a SetupIntent (off-session use): 0002 is refused at once, 4242 is saved', async () => {
    const row = page.getByRole('table', { name: 'Your memberships' }).getByRole('row').filter({ hasText: 'ending in' }).first();
    await row.getByRole('button', { name: /^Manage the / }).click();
    await page.getByRole('menuitem', { name: 'Update card…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update card' });
    await dialog.waitFor();
    const setupsBefore = standIn.requests.filter((r) => r.path === '/v1/setup_intents').length;
    // The SetupIntent is the zero-amount check: a card that will fail (0002) is refused at once, and nothing is saved.
    await fillStripeCard(dialog, '4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Save and use this card' }).click();
    await explained(page, () => dialog.getByText(/Your bank declined this card when we checked it/).waitFor({ timeout: 20_000 }));
    await fillStripeCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Save and use this card' }).click();
    await explained(page, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    const setups = standIn.requests.filter((r) => r.path === '/v1/setup_intents');
    expect(setups.length).toBe(setupsBefore + 2);
    expect(setups.at(-1)?.body).toMatchObject({ usage: 'off_session', confirm: 'true' });
  });

  it('the card with a second step (3184): Approve opens the bank step of Stripe.js; completing it pays', async () => {
    const other = await newPage(browser, app.url);
    try {
      const p = other.page;
      const customer = await newCustomer(app, 'Sam Second');
      await signInThroughPages(p, app, customer.email, customer.password);
      await p.goto('/subscriptions');
      await settled(p);
      await p.getByRole('button', { name: 'Start a membership' }).click();
      await p.getByRole('radio', { name: /^Yearly:/ }).check();
      const form = p.getByRole('form', { name: 'Payment' });
      await fillStripeCard(form, '4000 0027 6000 3184', 'Sam Second');
      await agreeToTerms(form);
      await form.getByRole('button', { name: /^Pay / }).click();
      const dialog = p.getByRole('alertdialog', { name: 'Confirm this payment' });
      await explained(p, () => dialog.waitFor({ timeout: 20_000 }));
      await dialog.getByRole('button', { name: 'Approve payment' }).click();
      const bank = p.getByRole('dialog', { name: /confirm the payment with your bank/ });
      await explained(p, () => bank.waitFor({ timeout: 20_000 }));
      await bank.getByRole('button', { name: 'Complete authentication' }).click();
      await explained(p, () => p.getByRole('table', { name: 'Your memberships' }).getByRole('row').filter({ hasText: 'ending in 3184' }).waitFor({ timeout: 20_000 }));
      expect(await p.getByRole('table', { name: 'Your memberships' }).getByRole('row').filter({ hasText: 'ending in 3184' }).textContent()).toMatch(/Yearly/);
    } finally {
      await other.context.close();
    }
  });

  it('when Stripe.js cannot load, the form says so and Try again loads it', async () => {
    const other = await newPage(browser, app.url);
    try {
      const p = other.page;
      const script = `${standIn.url}/v3/`;
      await p.route(script, (route) => route.abort());
      const customer = await newCustomer(app, 'Lee Offline');
      await signInThroughPages(p, app, customer.email, customer.password);
      await p.goto('/subscriptions');
      await settled(p);
      await p.getByRole('button', { name: 'Start a membership' }).click();
      await p.getByRole('radio', { name: /^Monthly:/ }).check();
      const form = p.getByRole('form', { name: 'Payment' });
      const alert = form.getByRole('alert').filter({ hasText: 'The card form could not be loaded' });
      await alert.waitFor({ timeout: 20_000 });
      expect(await seriousViolations(p)).toEqual([]);
      await p.unroute(script);
      await alert.getByRole('button', { name: 'Try again' }).click();
      await form.getByRole('group', { name: 'Card' }).getByLabel('Card number').waitFor({ timeout: 20_000 });
    } finally {
      await other.context.close();
    }
  });

  it('/checkout → /payment-status with the card that asks for a second step: Stripe.js takes the bank step there, and the page turns to paid live', async () => {
    const other = await newPage(browser, app.url);
    try {
      const p = other.page;
      const customer = await newCustomer(app, 'Robin Renter');
      await signInThroughPages(p, app, customer.email, customer.password);
      await p.goto('/checkout?plan=yearly');
      const form = p.getByRole('form', { name: 'Payment' });
      await form.waitFor({ timeout: 20_000 });
      await fillStripeCard(form, '4000 0027 6000 3184', 'Robin Renter');
      await agreeToTerms(form);
      await form.getByRole('button', { name: /^Pay / }).click();
      await explained(p, () => p.waitForURL('**/payment-status?checkout_id=*', { timeout: 20_000 }));
      await p.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
      const status = p.getByRole('status').filter({ hasText: /./ });
      await explained(p, () => status.getByText('Your card asks you to confirm this payment.').waitFor({ timeout: 20_000 }));
      await p.getByRole('button', { name: 'Confirm payment' }).click();
      await p.getByRole('alertdialog', { name: 'Confirm this payment' }).getByRole('button', { name: 'Approve payment' }).click();
      const bank = p.getByRole('dialog', { name: /confirm the payment with your bank/ });
      await explained(p, () => bank.waitFor({ timeout: 20_000 }));
      await bank.getByRole('button', { name: 'Complete authentication' }).click();
      await explained(p, () => status.getByText('Payment received.').waitFor({ timeout: 20_000 }));
      expect(await p.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true)).toBe(true);
      expect(await p.getByRole('group', { name: 'Payment details' }).textContent()).toMatch(/Yearly membership.*Visa ending in 3184/);
    } finally {
      await other.context.close();
    }
  });
});
