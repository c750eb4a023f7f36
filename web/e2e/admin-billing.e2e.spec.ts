import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import type { TestApp } from '../../services/test/harness.ts';
import { payWithTestCard, testPaymentMethod } from '../../services/test/payments.ts';
import { registerAccount } from '../../services/test/accounts.ts';
import { bearer, enrolProperty, markVerified } from '../../services/test/equity.ts';
import { waitForMessage } from '../../services/test/outbox.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { adminStep, claimant, claimReaches, fileClaim } from '../../services/test/reimbursement.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { fitsWidth, seriousViolations } from './support/axe.ts';

const WIDTHS = [375, 900, 1440] as const;
const SHOTS = process.env.E2E_SCREENSHOTS;

async function checkWidths(page: Page, where: string) {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${where}-${width}.png`, fullPage: true });
    const blocking = await seriousViolations(page);
    if (blocking.length > 0) failures.push(`${where} at ${width} px:\n${blocking.join('\n')}`);
    if (!(await fitsWidth(page))) failures.push(`${where} at ${width} px scrolls sideways`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(failures, failures.join('\n')).toEqual([]);
}

describe('Super Admin: /admin-payments (refund) and /admin-memberships', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: Page;

  beforeAll(async () => {
    ({ app, browser, page: admin } = await openE2e());
    await signInThroughPages(admin, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('refunds a paid payment with a reason, and the row shows it refunded without a reload', async () => {
    const { checkoutId } = await payWithTestCard(app, 'billing-customer', TEST_CARDS.succeeds, 'yearly');
    await waitFor(async () => (await app.platform.documents.get('payments_charges', checkoutId))?.status === 'succeeded' || undefined, { what: 'the payment listed' });
    await admin.goto('/admin-payments');
    await admin.getByRole('heading', { name: 'Payments', level: 1 }).waitFor({ timeout: 20_000 });
    const row = admin.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'yearly' });
    await explained(admin, () => row.getByText('Paid').waitFor({ timeout: 20_000 }));
    await checkWidths(admin, 'admin-payments');

    await row.getByRole('button', { name: /^Refund/ }).click();
    const dialog = admin.getByRole('dialog');
    // The dialog says what the refund would end (the membership) and asks; nothing is sent until the admin chooses.
    const endIt = dialog.getByRole('radio', { name: /^Refund and end it: the membership stops today/ });
    await explained(admin, () => endIt.waitFor({ timeout: 20_000 }));
    await dialog.getByText(/^This payment bought the Yearly membership, which is still running\./).waitFor();
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText('Choose whether the refund ends it or keeps it.').waitFor();
    await dialog.getByText('Say why (at least 3 characters).').waitFor();
    // By keyboard: focus is on the first choice; the arrow key picks "keep".
    await waitFor(async () => (await endIt.evaluate((el) => el === document.activeElement)) || undefined, { what: 'focus on the first choice' });
    await admin.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /^Refund and keep it: the membership keeps running/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Reason').fill('The customer was charged twice');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await explained(admin, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    await explained(admin, () => row.getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 }));
    const refunded = (await app.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).filter((e) => e.type === 'PaymentRefunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.data).toMatchObject({ reason: 'The customer was charged twice', service: 'keep', service_of: { kind: 'membership', description: 'the Yearly membership' } });
  });

  it('refunds an Equity Protect payment: the dialog names the protection, the admin chooses to end it, and the member is emailed', async () => {
    const accountId = `e2e-equity-${randomUUID()}`;
    const email = `${accountId}@example.test`;
    await registerAccount(app, accountId, { email, full_name: 'Erin Equity' });
    await markVerified(app, accountId, 'ca-lax-00021');
    const enrolment = await enrolProperty(app, accountId, 'ca-lax-00021');
    const checkoutId = randomUUID();
    const payload = { checkout_id: checkoutId, equity_enrollment_id: enrolment.enrollment_id, accept_terms: true, payment_method_id: await testPaymentMethod(app, accountId, TEST_CARDS.succeeds) };
    const paid = await app.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers: await bearer(app, accountId) });
    expect(paid.statusCode, paid.body).toBe(200);
    await waitFor(async () => (await app.platform.documents.get('payments_charges', checkoutId))?.status === 'succeeded' || undefined, { what: 'the payment listed' });
    await waitFor(async () => (await app.platform.documents.get('equity_enrolments', enrolment.enrollment_id))?.status === 'active' || undefined, { what: 'the protection active' });

    await admin.goto('/admin-payments?kind=equity_protect');
    await admin.getByRole('heading', { name: 'Payments', level: 1 }).waitFor({ timeout: 20_000 });
    const row = admin.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Equity Protect' });
    await explained(admin, () => row.getByText('Paid').waitFor({ timeout: 20_000 }));
    await row.getByRole('button', { name: /^Refund/ }).click();
    const dialog = admin.getByRole('dialog');
    const question = dialog.getByText(/^This payment bought the Equity Protect protection for .+, CA \d{5}, which is still running\./);
    await explained(admin, () => question.waitFor({ timeout: 20_000 }));
    const address = /protection for (.+, CA \d{5}), which/.exec((await question.textContent()) ?? '')?.[1] ?? '';
    expect(address).not.toBe('');
    await checkWidths(admin, 'refund-dialog');

    await dialog.getByRole('radio', { name: 'Refund and end it: the protection stops today' }).check();
    await dialog.getByLabel('Reason').fill('The member asked to stop Equity Protect');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await explained(admin, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    await explained(admin, () => row.getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 }));

    const [event] = (await app.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).filter((e) => e.type === 'PaymentRefunded');
    expect(event?.data).toMatchObject({ service: 'end', service_of: { kind: 'equity_protection', id: enrolment.enrollment_id } });
    const refundMail = await waitForMessage(app.app, email, /^Your refund of \$\d+\.\d\d has been issued$/);
    expect(refundMail.text).toContain(`This refund ends the Equity Protect protection for ${address}`);
    expect(refundMail.text).toContain('Reason: The member asked to stop Equity Protect');
    const endedMail = await waitForMessage(app.app, email, new RegExp(`^Equity Protect for ${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} has ended$`));
    expect(endedMail.text).toContain('because its payment was refunded');
  });

  it('shows claim payouts under Payments as money paid out, searched by the payee, and a new payout arrives live while searched', async () => {
    const member = await claimant(app, `e2e-payee-${randomUUID().slice(0, 8)}`);
    const payOut = async (amount: number, reference: string) => {
      const claim = await fileClaim(app, member.accountId, { amount_cents: amount });
      await adminStep(app, claim.claim_id, 'review');
      await adminStep(app, claim.claim_id, 'approve', { reason: 'Covered', approved_amount_cents: amount });
      await adminStep(app, claim.claim_id, 'payout', { method: 'ach', reference });
      await claimReaches(app, member.accountId, claim.claim_id, 'paid');
      return claim.number ?? '';
    };
    const first = await payOut(25_000, 'ACH-E2E-1');
    await admin.goto(`/admin-payments?q=${encodeURIComponent(member.email)}`);
    await admin.getByRole('heading', { name: 'Payments', level: 1 }).waitFor({ timeout: 20_000 });
    const table = admin.getByRole('table', { name: 'Payments' });
    const row = table.getByRole('row').filter({ hasText: first });
    await explained(admin, () => row.getByText('−$250.00 paid out').waitFor({ timeout: 20_000 }));
    await row.getByText('Claim payout', { exact: false }).first().waitFor();
    await row.getByText('Paid out', { exact: true }).waitFor();
    await row.getByText('ACH transfer (ACH-E2E-1)').waitFor();
    await admin.getByText('Live', { exact: true }).waitFor({ timeout: 20_000 });

    // The list is searched (by the payee's email): a new payout of this member still shows, pushed, without a reload.
    const second = await payOut(12_500, 'ACH-E2E-2');
    await explained(admin, () => table.getByRole('row').filter({ hasText: second }).getByText('−$125.00 paid out').waitFor({ timeout: 20_000 }));
    expect(admin.url()).toContain('q=');

    await row.getByRole('button', { name: `Details of claim payout ${first}` }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText(`$250.00 was paid out to Casey Claimant by ACH transfer (reference ACH-E2E-1) for reimbursement claim ${first}.`, { exact: false }).waitFor({ timeout: 20_000 });
    await checkWidths(admin, 'payout-detail');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('lists memberships with filters', async () => {
    await admin.goto('/admin-memberships');
    await admin.getByRole('heading', { name: 'Memberships', level: 1 }).waitFor({ timeout: 20_000 });
    const table = admin.getByRole('table', { name: 'Memberships' });
    await explained(admin, () => table.getByRole('row').filter({ hasText: 'Yearly' }).first().waitFor({ timeout: 20_000 }));
    await checkWidths(admin, 'admin-memberships');
    await admin.getByLabel('Plan').selectOption('Monthly');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.getByText('No memberships match these filters.').waitFor({ timeout: 20_000 });
  });
});
