import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { outboxOf } from '../../services/test/sign-in.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { completeSignIn, explained, pathOf } from './support/sign-in.ts';
import { newCustomer } from './support/customer.ts';
import { checkWidths } from './support/axe.ts';
import { agreeToTerms, useNewCard } from './support/checkout.ts';

const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
const step = (page: Page, name: string) => page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 20_000 });

/**
 * The NHD journey of issue 9: a new customer orders a report on /nhd-order (signing in on the way), pays with the test
 * card and watches the order reach Delivered without reloading, opens the PDF; a Super Admin's browser sees the order
 * appear and move on /admin-nhd-order-list; a recipient confirms receipt through the emailed link, once.
 */
describe('ordering an NHD report: /nhd-order → pay → live order page → recipient link', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: Page;
  let customer: { email: string; password: string; accountId: string };
  const buyer = `bea.buyer.${Date.now()}@example.test`;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e({ DEV_OUTBOX: 'true' }));
    customer = await newCustomer(app, 'Nora Newcomer');
    ({ page: admin } = await newPage(browser, app.url));
  }, 120_000);

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('a visitor fills the order, signs in on the way and finds the order kept after a reload', async () => {
    await page.goto('/nhd-order');
    await page.getByRole('heading', { name: 'Order an NHD report', level: 1 }).waitFor({ timeout: 20_000 });
    await step(page, 'Property');
    await checkWidths(page, '/nhd-order, property');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Choose the property from the list').waitFor();
    const box = page.getByRole('combobox', { name: /Property address/ });
    await box.fill('6718 Mission');
    await page.getByRole('option', { name: /6718 Mission Way/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    await step(page, 'Report type');
    await page.getByRole('radio', { name: /Standard NHD report: \$49\.00/ }).waitFor();
    expect(await page.getByRole('radio', { name: /Standard NHD report/ }).isChecked()).toBe(true);
    await checkWidths(page, '/nhd-order, report type');
    await page.getByRole('button', { name: 'Next' }).click();

    await step(page, 'Recipients');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Add at least one recipient.').waitFor();
    const add = page.getByRole('form', { name: 'Add a recipient' });
    await add.getByLabel('Name').fill('Bea Buyer');
    await add.getByLabel('Email').fill('not an email');
    await add.getByRole('button', { name: 'Add recipient' }).click();
    await add.getByText(/valid email address/).waitFor();
    await add.getByLabel('Email').fill(buyer);
    await add.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByRole('list', { name: 'Recipients' }).getByText(buyer, { exact: false }).waitFor();
    await checkWidths(page, '/nhd-order, recipients');

    await page.reload();
    await step(page, 'Recipients');
    await page.getByRole('list', { name: 'Recipients' }).getByText(buyer, { exact: false }).waitFor();
    // Filled in but not added: Next refuses it in place when it does not check out, and otherwise takes it along.
    const seller = buyer.replace(/^[^@]*/, 'sam.seller');
    await add.getByLabel('Name').fill('Sam Seller');
    await add.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: 'Next' }).click();
    await add.getByText(/valid email address/).waitFor();
    await add.getByLabel('Email').fill(seller);
    await page.getByRole('button', { name: 'Next' }).click();
    await step(page, 'Escrow');
    await page.getByRole('button', { name: 'Review the order' }).click();
    await step(page, 'Review');
    await page.getByText(/6718 Mission Way, Pasadena/).waitFor();
    await checkWidths(page, '/nhd-order, review signed out');

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/authentication/sign-in?next=*');
    await completeSignIn(page, app, customer.email, customer.password);
    await explained(page, () => page.waitForURL((url) => url.pathname === '/nhd-order', { timeout: 20_000 }));
    await step(page, 'Review');
    await page.getByText(buyer, { exact: false }).waitFor();
    await page.getByText(seller, { exact: false }).waitFor();
  }, 180_000);

  it('places and pays the order, then its page moves to Delivered live; a Super Admin sees it appear and move; the PDF opens', async () => {
    await admin.goto('/authentication/sign-in');
    await completeSignIn(admin, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await admin.goto('/admin-nhd-order-list');
    await admin.getByRole('heading', { name: 'NHD Order List', level: 1 }).waitFor({ timeout: 20_000 });
    await admin.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    await markPage(admin);

    // The customer's own list, open in a second tab, shows the new order arrive and move.
    const mine = await page.context().newPage();
    await mine.goto('/nhd-order-list');
    await mine.getByRole('heading', { name: 'NHD Order List', level: 1 }).waitFor({ timeout: 20_000 });
    await mine.getByText('You have not ordered an NHD report yet', { exact: false }).waitFor({ timeout: 20_000 });
    await mine.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });
    await markPage(mine);

    await page.getByRole('button', { name: 'Place order and pay $49.00' }).click();
    await step(page, 'Payment');
    // A reload on the payment step shows the order as placed, ready to pay.
    await page.reload();
    await step(page, 'Payment');
    await page.getByRole('group', { name: 'Order summary' }).getByText('Due today: $49.00').waitFor({ timeout: 20_000 });
    const form = page.getByRole('form', { name: 'Payment' });
    await useNewCard(form);
    // The card that asks for its second step (issue 20 item 7): the payer reloads there, and the page finds the live
    // checkout and asks again, instead of a second Pay refused (409) until the checkout expires.
    await form.getByLabel('Card number').fill('4000 0027 6000 3184');
    await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await form.getByLabel('Security code (CVC)').fill('123');
    await form.getByLabel('Name on card').fill('Nora Newcomer');
    await agreeToTerms(form);
    await form.getByRole('button', { name: 'Pay $49.00' }).click();
    const secondStep = page.getByRole('alertdialog', { name: 'Confirm this payment' });
    await explained(page, () => secondStep.waitFor({ timeout: 20_000 }));
    await page.reload();
    await step(page, 'Payment');
    await explained(page, () => secondStep.waitFor({ timeout: 20_000 }));
    expect(await secondStep.textContent()).toMatch(/\$49\.00.*3184|3184.*\$49\.00/s);
    await secondStep.getByRole('button', { name: 'Approve payment' }).click();
    await step(page, 'Done');
    await page.getByText('Order placed and paid').waitFor();

    const row = admin.getByRole('row', { name: /6718 Mission Way/ });
    await row.waitFor({ timeout: 20_000 });
    await row.getByText('Delivered').waitFor({ timeout: 30_000 });
    expect(await stillSamePage(admin)).toBe(true);
    await checkWidths(admin, '/admin-nhd-order-list');
    await mine.getByRole('row', { name: /6718 Mission Way/ }).getByText('Delivered').waitFor({ timeout: 30_000 });
    expect(await stillSamePage(mine)).toBe(true);
    await checkWidths(mine, '/nhd-order-list');
    await mine.close();

    await page.getByRole('link', { name: 'Follow your order' }).click();
    await page.waitForURL('**/nhd-order-list/*');
    await page.getByRole('heading', { name: 'NHD order', level: 1 }).waitFor();
    await markPage(page);
    await page.getByRole('list', { name: 'Order timeline' }).getByText('Emailed to every recipient').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Status: Delivered').count()).toBe(1);
    expect(await stillSamePage(page)).toBe(true);
    await page.getByRole('table', { name: 'Audit trail of the order' }).getByText(`Report emailed to ${buyer}.`).waitFor({ timeout: 20_000 });
    await checkWidths(page, '/nhd-order-list/:id');

    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Open the report (PDF)' }).click();
    const pdf = await popup;
    expect(pdf.url()).toMatch(/^blob:/);
    await pdf.close();
    expect(pathOf(page)).toMatch(/^\/nhd-order-list\//);
  }, 180_000);

  it('a recipient opens the emailed link without an account, confirms receipt once, and is told plainly when it was used', async () => {
    const mail = (await outboxOf(app, buyer)).find((m) => (m.subject ?? '').startsWith('Natural Hazard Disclosure report'));
    const link = /(https?:\/\/[^\s]+\/nhd-receipt\/[^\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(link, mail?.text).toBeTruthy();
    const { page: recipient } = await newPage(browser, app.url);
    await recipient.goto(new URL(link ?? '').pathname);
    await recipient.getByRole('heading', { name: 'Natural Hazard Disclosure report', level: 1 }).waitFor({ timeout: 20_000 });
    await recipient.getByText('6718 Mission Way', { exact: false }).first().waitFor();
    await checkWidths(recipient, '/nhd-receipt/:token');
    await recipient.getByRole('button', { name: 'Confirm I received it' }).click();
    await recipient.getByText('Receipt confirmed').waitFor();
    await recipient.reload();
    await recipient.getByText(/This link has been used\./).waitFor({ timeout: 20_000 });
    expect(await recipient.getByRole('button', { name: 'Confirm I received it' }).count()).toBe(0);

    await page.getByRole('list', { name: 'Order timeline' }).getByText('Every recipient confirmed receipt').waitFor({ timeout: 20_000 });
  }, 120_000);

  it('the owner withdraws the emailed link on the order page; the recipient is told it was withdrawn', async () => {
    const mail = (await outboxOf(app, buyer)).find((m) => (m.subject ?? '').startsWith('Natural Hazard Disclosure report'));
    const link = new URL(/(https?:\/\/[^\s]+\/nhd-receipt\/[^\s]+)/.exec(mail?.text ?? '')?.[1] ?? 'http://x/');
    const withdraw = page.getByRole('listitem').filter({ hasText: buyer }).getByRole('button', { name: 'Withdraw link' });
    await withdraw.waitFor({ timeout: 20_000 });
    await withdraw.click();
    const dialog = page.getByRole('alertdialog', { name: /^Withdraw the link sent to / });
    await dialog.waitFor();
    // The safe button comes first and has the focus.
    expect(await dialog.getByRole('button', { name: 'Keep the link' }).evaluate((b) => b === document.activeElement)).toBe(true);
    const answered = page.waitForResponse((r) => r.url().endsWith('/receipt-links/revoke'), { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Withdraw the link' }).click();
    expect((await answered).status()).toBe(200);
    const status = page.getByText(/^Link withdrawn /);
    await status.waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Link withdrawn ') === true, undefined, { timeout: 10_000 });
    expect(await withdraw.count()).toBe(0);
    await page.getByRole('table', { name: 'Audit trail of the order' }).getByText(`Report link withdrawn for ${buyer}.`).waitFor({ timeout: 20_000 });
    await checkWidths(page, '/nhd-order-list/:id (a link withdrawn)');

    const { page: recipient } = await newPage(browser, app.url);
    await recipient.goto(link.pathname);
    await recipient.getByText(/This link was withdrawn on .+\. Ask the person who ordered the report to send it to you again\./).waitFor({ timeout: 20_000 });
    expect(await recipient.getByRole('button', { name: 'Confirm I received it' }).count()).toBe(0);
  }, 120_000);
});
