import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { closeE2e, openE2e } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { newCustomer } from './support/customer.ts';
import { checkWidths } from './support/axe.ts';
import { agreeToTerms, useNewCard } from './support/checkout.ts';

const CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', secondStep: '4000 0027 6000 3184' };

/** The page has its heading and no loading skeleton or spinner left. */
async function settled(page: Page) {
  await page.getByRole('heading', { name: 'Membership', level: 1 }).waitFor({ timeout: 20_000 });
  await page.locator('main .fui-Skeleton, main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 20_000 });
}

const rows = (page: Page) => page.getByRole('table', { name: 'Your memberships' }).getByRole('row');

async function openPayment(page: Page, plan: 'Monthly' | 'Yearly') {
  await page.getByRole('button', { name: 'Start a membership' }).click();
  await page.getByRole('radio', { name: new RegExp(`^${plan}:`) }).check();
  await page.getByRole('form', { name: 'Payment' }).waitFor({ timeout: 20_000 });
}

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Payment' });
  await useNewCard(form);
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await form.getByLabel('Security code (CVC)').fill('123');
  await form.getByLabel('Name on card').fill('Casey Customer');
  return form;
}

describe('paying for a membership and /subscriptions', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
    const customer = await newCustomer(app);
    await signInThroughPages(page, app, customer.email, customer.password);
    await page.goto('/subscriptions');
    await settled(page);
  }, 120_000);

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('shows the empty state, accessible at 375, 900 and 1440 px', async () => {
    await page.getByText('You have no membership yet.').waitFor();
    await checkWidths(page, '/subscriptions, no membership');
  });

  it('validates the card fields before sending anything', async () => {
    await openPayment(page, 'Monthly');
    // The plan cards read like pricing cards: their details are a plain list (no bullets), clicking them picks the
    // plan, and being chosen does not move a card's content.
    const monthly = page.getByRole('radio', { name: /^Monthly:/ });
    const yearly = page.getByRole('radio', { name: /^Yearly:/ });
    const details = async (radio: typeof monthly) => page.locator(`[id="${await radio.getAttribute('aria-describedby')}"]`);
    expect(await (await details(monthly)).evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe('none');
    const chosenAt = await monthly.boundingBox();
    await (await details(yearly)).click();
    expect(await yearly.isChecked()).toBe(true);
    expect(await monthly.boundingBox()).toEqual(chosenAt);
    await (await details(monthly)).click();
    expect(await monthly.isChecked()).toBe(true);
    const form = page.getByRole('form', { name: 'Payment' });
    await form.waitFor({ timeout: 20_000 });
    await expect(form.getByRole('button', { name: /^Pay \$/ }).textContent()).resolves.toMatch(/^Pay \$\d+\.\d{2}$/);
    await agreeToTerms(form);
    await form.getByRole('button', { name: /^Pay / }).click();
    await form.getByText('Enter the card number').waitFor();
    await form.getByText('Enter the name on the card').waitFor();
    await checkWidths(page, '/subscriptions, payment form with errors');
  });

  it('a declined card (4000 0000 0000 0002) says so, and no membership is made', async () => {
    const form = await fillCard(page, CARDS.declined);
    await agreeToTerms(form);
    await form.getByRole('button', { name: /^Pay / }).click();
    const alert = form.getByRole('alert').filter({ hasText: /declined/i });
    await explained(page, () => alert.waitFor({ timeout: 20_000 }));
    expect(await alert.textContent()).toMatch(/nothing was charged/i);
    expect(await page.getByText('You have no membership yet.').isVisible()).toBe(true);
  });

  it('the card with a second step (4000 0027 6000 3184) asks for it; not approving charges nothing', async () => {
    const form = await fillCard(page, CARDS.secondStep);
    await agreeToTerms(form);
    await form.getByRole('button', { name: /^Pay / }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm this payment' });
    await explained(page, () => dialog.waitFor({ timeout: 20_000 }));
    expect(await dialog.textContent()).toContain('ending in 3184');
    await checkWidths(page, 'the second-step dialog');
    await dialog.getByRole('button', { name: 'Do not approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await explained(page, () => form.getByRole('alert').filter({ hasText: /nothing was charged/i }).waitFor({ timeout: 20_000 }));
    expect(await page.getByText('You have no membership yet.').isVisible()).toBe(true);
  });

  it('pays with 4242 4242 4242 4242 on a double click, once, and the membership shows live', async () => {
    const form = await fillCard(page, CARDS.succeeds);
    await agreeToTerms(form);
    await form.getByRole('button', { name: /^Pay / }).dblclick();
    await explained(page, () => page.getByText('Payment received.').waitFor({ timeout: 20_000 }));
    // The row arrives by the account room's push (no reload).
    await explained(page, () => rows(page).filter({ hasText: 'Visa ending in 4242' }).waitFor({ timeout: 20_000 }));
    const row = rows(page).filter({ hasText: 'Visa ending in 4242' });
    expect(await row.textContent()).toMatch(/Monthly/);
    expect(await row.textContent()).toMatch(/\d{2}-\d{2}-\d{4}/); // MM-DD-YYYY
    expect(await row.textContent()).toMatch(/\$\d+\.\d{2} \/ month/);
    // Still one after a fresh read: the double click charged once.
    await page.reload();
    await settled(page);
    await rows(page).filter({ hasText: 'ending in' }).first().waitFor();
    expect(await rows(page).filter({ hasText: 'ending in' }).count()).toBe(1);
    await checkWidths(page, '/subscriptions with a membership');
    // At phone width the table scrolls inside its card: the plan name and the status badge keep one line each
    // (they used to break mid-word, "Monthl|y", with the badge's text spilling out of it).
    await page.setViewportSize({ width: 375, height: 900 });
    const first = rows(page).filter({ hasText: 'ending in' }).first();
    for (const text of ['Monthly', 'Free trial']) {
      const box = await first.getByText(text, { exact: true }).boundingBox();
      expect(box?.height ?? 0, `${text} on one line at 375 px`).toBeLessThan(24);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('picking Yearly by keyboard and approving the second step pays; the membership shows with that card', async () => {
    const other = await newPage(browser, app.url);
    try {
      const p = other.page;
      const customer = await newCustomer(app, 'Sam Second');
      await signInThroughPages(p, app, customer.email, customer.password);
      await p.goto('/subscriptions');
      await settled(p);
      // By keyboard: Start a membership moves focus to its heading; Tab reaches the plans, an arrow key picks Yearly.
      await p.getByRole('button', { name: 'Start a membership' }).press('Enter');
      // The plans load first (until then Tab reaches Cancel, the only control in the card).
      await p.getByRole('radio', { name: /^Monthly:/ }).waitFor({ timeout: 20_000 });
      await p.keyboard.press('Tab');
      expect(await p.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('radio');
      await p.keyboard.press('ArrowDown');
      expect(await p.getByRole('radio', { name: /^Yearly:/ }).isChecked()).toBe(true);
      await p.getByRole('form', { name: 'Payment' }).waitFor({ timeout: 20_000 });
      const form = await fillCard(p, CARDS.secondStep);
      await agreeToTerms(form);
      await form.getByRole('button', { name: /^Pay / }).click();
      const dialog = p.getByRole('alertdialog', { name: 'Confirm this payment' });
      await explained(p, () => dialog.waitFor({ timeout: 20_000 }));
      await dialog.getByRole('button', { name: 'Approve payment' }).click();
      await explained(p, () => rows(p).filter({ hasText: 'ending in 3184' }).waitFor({ timeout: 20_000 }));
      expect(await rows(p).filter({ hasText: 'ending in 3184' }).textContent()).toMatch(/Yearly/);
    } finally {
      await other.context.close();
    }
  });
});
