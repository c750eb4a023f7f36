import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import type { TestApp } from '../../services/test/harness.ts';
import { payWithTestCard } from '../../services/test/payments.ts';
import { countOf, savedCard } from '../../services/test/renewals.ts';
import { closeE2e, openE2e } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { newCustomer } from './support/customer.ts';
import { checkWidths } from './support/axe.ts';

const membershipRow = (page: Page) => page.getByRole('table', { name: 'Your memberships' }).getByRole('row').filter({ hasText: 'ending in' }).first();

describe('a card for renewals is checked at once; every checkout asks for consent and offers the card on file', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
  }, 120_000);

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('a renewal card that will fail (4000 0000 0000 0002) is refused at once with the reason; 4242 is saved', async () => {
    const customer = await newCustomer(app);
    const { checkoutId, result } = await payWithTestCard(app, customer.accountId, TEST_CARDS.succeeds, 'monthly');
    expect(result.status).toBe('succeeded');
    await signInThroughPages(page, app, customer.email, customer.password);
    await page.goto('/subscriptions');
    await page.getByRole('heading', { name: 'Membership', level: 1 }).waitFor({ timeout: 20_000 });
    await explained(page, () => membershipRow(page).waitFor({ timeout: 20_000 }));

    await membershipRow(page).getByRole('button', { name: /^Manage the / }).click();
    await page.getByRole('menuitem', { name: 'Update card…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update card' });
    await dialog.waitFor();
    const fill = async (number: string) => {
      await dialog.getByLabel('Card number').fill(number);
      await dialog.getByLabel('Expiry date (MM/YY)').fill('12/34');
      await dialog.getByLabel('Security code (CVC)').fill('123');
      await dialog.getByLabel('Name on card').fill('Casey Customer');
    };
    await fill('4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Save and use this card' }).click();
    const refusal = dialog.getByText(/Your bank declined this card when we checked it \(nothing was charged\), so it was not saved/);
    await explained(page, () => refusal.waitFor({ timeout: 20_000 }));
    await checkWidths(page, 'update card, declined');
    const stream = `memberships-membership-${checkoutId}`;
    expect(countOf(await app.platform.eventStore.readStream(stream), 'MembershipCardUpdated')).toBe(0);

    await fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Save and use this card' }).click();
    await explained(page, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    const events = await app.platform.eventStore.readStream(stream);
    expect(events.filter((e) => e.type === 'MembershipCardUpdated').map((e) => (e.data as { card_last4: string }).card_last4)).toEqual(['4242']);
    expect(await membershipRow(page).textContent()).toContain('Visa ending in 4242');
  }, 120_000);

  it('Pay is refused without consent to the Terms of Service; the saved card pays once it is given; the renewal terms are next to Pay', async () => {
    const customer = await newCustomer(app);
    await savedCard(app, customer.accountId, TEST_CARDS.succeeds);
    const { context, page: own } = await newPage(browser, app.url);
    try {
      await signInThroughPages(own, app, customer.email, customer.password);
      await own.goto('/subscriptions');
      await own.getByRole('heading', { name: 'Membership', level: 1 }).waitFor({ timeout: 20_000 });
      await own.getByRole('button', { name: 'Start a membership' }).click();
      await own.getByRole('radio', { name: /^Monthly:/ }).check();
      const form = own.getByRole('form', { name: 'Payment' });
      await form.waitFor({ timeout: 20_000 });
      const saved = form.getByRole('radio', { name: 'Pay with Visa •••• 4242' });
      await explained(own, () => saved.waitFor({ timeout: 20_000 }));
      expect(await saved.isChecked()).toBe(true);
      expect(await form.getByLabel('Card number').count()).toBe(0);
      expect(await form.textContent()).toMatch(
        /Automatic renewal: your Monthly membership renews automatically every month and is charged to this card until you cancel: \$19\.95 on \d{2}-\d{2}-\d{4}, then \$19\.95 every month\. Cancel any time/,
      );
      const terms = form.getByRole('link', { name: /Terms of Service/ });
      expect(await terms.getAttribute('href')).toBe('/terms-of-service');

      await form.getByRole('button', { name: /^Pay / }).click();
      await form.getByText('Check the box to agree to the Terms of Service before you pay.').waitFor();
      const consent = form.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
      expect(await consent.evaluate((box) => box === document.activeElement)).toBe(true);
      await checkWidths(own, 'payment form, consent missing');
      expect(await app.platform.documents.find('payments_charges', { account_id: customer.accountId })).toEqual([]);

      await consent.check();
      await form.getByRole('button', { name: /^Pay / }).click();
      await explained(own, () => own.getByText('Payment received.').waitFor({ timeout: 20_000 }));
      await explained(own, () => membershipRow(own).getByText('Visa ending in 4242').waitFor({ timeout: 20_000 }));
      const [charge] = await app.platform.documents.find('payments_charges', { account_id: customer.accountId });
      const [started] = await app.platform.eventStore.readStream(`payments-checkout-${String(charge?._id)}`);
      expect(started?.data).toMatchObject({ card_last4: '4242', consent: { automatic_renewal: true } });
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the Terms of Service page is public and says how renewal and cancelling work', async () => {
    const { context, page: visitor } = await newPage(browser, app.url);
    try {
      await visitor.goto('/');
      await visitor.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms of Service' }).click();
      await visitor.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor({ timeout: 20_000 });
      expect(await visitor.getByRole('main').textContent()).toMatch(/renews automatically.*until you cancel.*Cancel online at any time/s);
      await checkWidths(visitor, '/terms-of-service');
    } finally {
      await context.close();
    }
  }, 120_000);
});
