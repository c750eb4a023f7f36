import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openSignedIn } from './support/app.ts';
import { newPage, settled } from './support/browser.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { newCustomer } from './support/customer.ts';
import { checkWidths as checkAtWidths } from './support/axe.ts';
import { agreeToTerms, useNewCard } from './support/checkout.ts';

const SHOTS = process.env.E2E_SCREENSHOTS;

/** axe and the page's width at phone, tablet and desktop sizes; with E2E_SCREENSHOTS set, a screenshot of each. */
const checkWidths = (page: Page, where: string) =>
  checkAtWidths(page, where, SHOTS ? { shot: (width) => page.screenshot({ path: `${SHOTS}/${where.replace(/[^a-z0-9]+/gi, '-')}-${width}.png`, fullPage: true }) } : {});

describe('Super Admin: /promocode and /plans; a customer applies a code at checkout', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: Page;

  beforeAll(async () => {
    ({ app, browser, page: admin } = await openSignedIn('admin'));
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('adds a promo code, lists it with its uses, and refuses bad input in the form', async () => {
    await admin.goto('/promocode');
    await settled(admin, 'Promo Codes');
    await admin.getByText('No promo codes yet.', { exact: false }).waitFor();
    await checkWidths(admin, 'promocode-empty');
    await admin.getByRole('button', { name: 'Add promo code' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a promo code' });
    await dialog.getByRole('button', { name: 'Add promo code' }).click();
    await dialog.getByText('Use 3 to 32 letters, digits, hyphens or underscores.').waitFor();
    await dialog.getByText('Choose at least one plan.').waitFor();
    await checkWidths(admin, 'promocode-dialog-errors');
    await dialog.getByLabel('Code').fill('save10');
    await dialog.getByRole('textbox', { name: /^Percent off/ }).fill('10');
    await explained(admin, () => dialog.getByRole('checkbox', { name: /^Yearly \(yearly\)/ }).check({ timeout: 5000 }));
    await dialog.getByLabel('Total uses').fill('5');
    await dialog.getByRole('button', { name: 'Add promo code' }).click();
    await explained(admin, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    const row = admin.getByRole('table', { name: 'Promo codes' }).getByRole('row').filter({ hasText: 'SAVE10' });
    await explained(admin, () => row.waitFor({ timeout: 20_000 }));
    expect(await row.textContent()).toMatch(/10% off.*yearly.*0 of 5.*Active/);
    await checkWidths(admin, 'promocode-list');
  });

  it('lists every plan with the price-change note, and adds an inactive plan', async () => {
    await admin.goto('/plans');
    await settled(admin, 'Plans');
    await admin.getByText(/applies to new checkouts and to each membership's next renewal only/).waitFor();
    const table = admin.getByRole('table', { name: 'Plans' });
    await table.getByRole('row').filter({ hasText: 'yearly-renewal' }).waitFor({ timeout: 20_000 });
    await checkWidths(admin, 'plans-list');
    await admin.getByRole('button', { name: 'Add plan' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a plan' });
    await dialog.getByLabel('Plan id').fill('yearly-2027');
    await dialog.getByRole('radio', { name: 'Yearly' }).check();
    await dialog.getByLabel('Price per term').fill('179');
    // Its coverage terms: a 14-day waiting period, title fraud legal fees too, $1,500 a claim.
    await dialog.getByRole('textbox', { name: /^Waiting period \(days\)/ }).fill('14');
    await dialog.getByRole('group', { name: 'What the plan covers' }).getByRole('checkbox', { name: 'Title fraud legal fees' }).check();
    await dialog.getByRole('textbox', { name: /^Limit per claim/ }).fill('1500');
    await checkWidths(admin, 'plans-dialog');
    await dialog.getByRole('button', { name: 'Add plan' }).click();
    await explained(admin, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    const saved = await app.app.inject({ method: 'GET', url: '/api/v1/plans' });
    expect((saved.json().data.plans as { id: string; coverage?: unknown }[]).find((p) => p.id === 'yearly-2027')?.coverage).toEqual({
      waiting_period_days: 14,
      covered_categories: ['hazard_damage_repair', 'inspection', 'emergency_repairs', 'title_fraud_legal_fees'],
      per_claim_limit_cents: 150_000,
      annual_limit_cents: 500_000,
    });
    const row = table.getByRole('row').filter({ hasText: 'yearly-2027' });
    await explained(admin, () => row.waitFor({ timeout: 20_000 }));
    expect(await row.textContent()).toMatch(/\$179\.00.*Inactive/);
    // Activating it while "yearly" is active is refused in words.
    await row.getByRole('button', { name: 'Activate yearly-2027' }).click();
    await explained(admin, () => admin.getByText('Yearly already has an active default plan (yearly). Deactivate it first.', { exact: true }).waitFor({ timeout: 20_000 }));
  });

  it('a customer applies the code on the payment form: refusals in words, then the discount, and pays it', async () => {
    const { page } = await newPage(browser, app.url);
    const customer = await newCustomer(app);
    await signInThroughPages(page, app, customer.email, customer.password);
    await page.goto('/subscriptions');
    await page.getByRole('heading', { name: 'Membership', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Start a membership' }).click();
    await page.getByRole('radio', { name: /^Yearly:/ }).check();
    // Each plan card says what the plan covers.
    await page.getByText('What it covers: Hazard damage repair, inspection, emergency repairs and title fraud legal fees, up to $5,000 a claim and $10,000 a year', { exact: false }).waitFor({ timeout: 20_000 });
    const form = page.getByRole('form', { name: 'Payment' });
    await form.waitFor({ timeout: 20_000 });
    await form.getByLabel('Promo code (optional)').fill('nope');
    await form.getByRole('button', { name: 'Apply' }).click();
    await explained(page, () => form.getByText('We do not know the promo code NOPE. Check its spelling, or pay without it.').waitFor({ timeout: 20_000 }));
    await form.getByLabel('Promo code (optional)').fill('save10');
    await form.getByRole('button', { name: 'Apply' }).click();
    await explained(page, () => form.getByText(/SAVE10.*applied: \$21\.40 off/).waitFor({ timeout: 20_000 }));
    await form.getByText('Due today: $192.60').waitFor();
    await checkWidths(page, 'payment-form-promo');
    await useNewCard(form);
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await form.getByLabel('Security code (CVC)').fill('123');
    await form.getByLabel('Name on card').fill('Casey Customer');
    await agreeToTerms(form);
    await form.getByRole('button', { name: 'Pay $192.60' }).click();
    await explained(page, () => page.getByText('Payment received.').waitFor({ timeout: 20_000 }));
    // The admin's list counts the use live.
    await admin.goto('/promocode');
    await explained(admin, () => admin.getByRole('row').filter({ hasText: 'SAVE10' }).filter({ hasText: '1 of 5' }).waitFor({ timeout: 20_000 }));
  });
});
