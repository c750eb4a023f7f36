import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import type { TestApp } from '../../services/test/harness.ts';
import { payWithTestCard } from '../../services/test/payments.ts';
import { waitFor } from '../../services/test/wait-for.ts';
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
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText('Say why (at least 3 characters).').waitFor();
    await dialog.getByLabel('Reason').fill('The customer was charged twice');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await explained(admin, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    await explained(admin, () => row.getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 }));
    const refunded = (await app.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).filter((e) => e.type === 'PaymentRefunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.data).toMatchObject({ reason: 'The customer was charged twice' });
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
