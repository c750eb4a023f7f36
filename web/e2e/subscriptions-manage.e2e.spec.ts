import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import type { TestApp } from '../../services/test/harness.ts';
import { payWithTestCard } from '../../services/test/payments.ts';
import { countOf, membershipEvents, runNow } from '../../services/test/renewals.ts';
import { membershipsModule } from '../../services/src/modules/memberships/module.ts';
import { closeE2e, openE2e } from './support/app.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { newCustomer } from './support/customer.ts';
import { checkWidths as checkAtWidths } from './support/axe.ts';

const SHOTS = resolve(import.meta.dirname, '../../test-results/subscriptions-manage');

/** axe and the page's width at phone, tablet and desktop sizes, with a screenshot of each. */
const checkWidths = (page: Page, where: string) => {
  mkdirSync(SHOTS, { recursive: true });
  return checkAtWidths(page, where, { shot: (width) => page.screenshot({ path: resolve(SHOTS, `${where.replaceAll(/\W+/g, '-')}-${width}.png`) }) });
};

const row = (page: Page) => page.getByRole('table', { name: 'Your memberships' }).getByRole('row').filter({ hasText: 'ending in' }).first();
const manage = async (page: Page, item: string | RegExp) => {
  await row(page).getByRole('button', { name: /^Manage the / }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

describe('/subscriptions: cancel, resume, switch plan, update card, and a renewal that fails until the card is updated', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let realClock: TestApp['platform']['clock'];

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
    realClock = app.platform.clock;
    const customer = await newCustomer(app);
    const { result } = await payWithTestCard(app, customer.accountId, TEST_CARDS.succeeds, 'monthly');
    expect(result.status).toBe('succeeded');
    await signInThroughPages(page, app, customer.email, customer.password);
    await page.goto('/subscriptions');
    await page.getByRole('heading', { name: 'Membership', level: 1 }).waitFor({ timeout: 20_000 });
    await row(page).waitFor({ timeout: 20_000 });
  }, 120_000);

  afterAll(async () => {
    if (app) app.platform.clock = realClock;
    await closeE2e({ browser, app });
  });

  it('cancel asks first and says what ends when; the row shows the end live; resume takes it back', async () => {
    await manage(page, 'Cancel membership…');
    const dialog = page.getByRole('dialog', { name: 'Cancel your Monthly membership?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/Your free trial continues until \d{2}-\d{2}-\d{4}\. It will not renew then/);
    await checkWidths(page, 'cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await dialog.waitFor({ state: 'detached' });
    await explained(page, () => row(page).getByText(/^Ends \d{2}-\d{2}-\d{4}$/).waitFor({ timeout: 20_000 }));
    await manage(page, 'Resume membership');
    await explained(page, () => row(page).getByText(/^Ends /).waitFor({ state: 'detached', timeout: 20_000 }));
  });

  it('switch says from when and the new price; the row shows it', async () => {
    await manage(page, 'Switch to Yearly…');
    const dialog = page.getByRole('dialog', { name: 'Switch to Yearly?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/From \d{2}-\d{2}-\d{4} it renews as Yearly at \$199\.00 \/ year.*That is the price a new member pays for Yearly\./);
    await checkWidths(page, 'switch dialog');
    await dialog.getByRole('button', { name: 'Switch to Yearly' }).click();
    await explained(page, () => row(page).getByText(/^Yearly from \d{2}-\d{2}-\d{4}$/).waitFor({ timeout: 20_000 }));
    // The row tells what the switch charges next, and when.
    await explained(page, () => row(page).getByText(/^Next charge: \$199\.00 on \d{2}-\d{2}-\d{4} \(Yearly\)$/).waitFor({ timeout: 20_000 }));
    await manage(page, 'Keep Monthly…');
    await page.getByRole('dialog', { name: 'Keep Monthly?' }).getByRole('button', { name: 'Keep Monthly' }).click();
    await explained(page, () => row(page).getByText(/^Yearly from/).waitFor({ state: 'detached', timeout: 20_000 }));
  });

  it('update card saves a new card and the row shows it; a renewal declined three times shows past due live; a new card pays it', async () => {
    const fill = async (number: string) => {
      const dialog = page.getByRole('dialog', { name: 'Update card' });
      await dialog.waitFor();
      await dialog.getByLabel('Card number').fill(number);
      await dialog.getByLabel('Expiry date (MM/YY)').fill('12/34');
      await dialog.getByLabel('Security code (CVC)').fill('123');
      await dialog.getByLabel('Name on card').fill('Casey Customer');
      return dialog;
    };
    await manage(page, 'Update card…');
    const dialog = await fill('4000 0000 0000 0341');
    await checkWidths(page, 'update card dialog');
    await dialog.getByRole('button', { name: 'Save and use this card' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await explained(page, () => row(page).getByText('Visa ending in 0341').waitFor({ timeout: 20_000 }));

    // The renewal date comes (the app's clock moves), three tries fail: past due, live on the page.
    const [membership] = await app.platform.documents.find('memberships', {});
    const nextRenewal = String(membership?.next_renewal_at);
    for (const [i, days] of [0, 3, 7].entries()) {
      app.platform.clock = () => new Date(Date.parse(nextRenewal) + days * 86_400_000 + 60_000);
      await runNow(app, membershipsModule.schedules ?? []);
      app.platform.clock = realClock;
      await membershipEvents(app, `memberships-membership-${membership?._id}`, (e) => countOf(e, 'MembershipRenewalFailed') === i + 1, `try ${i + 1} failed`);
      await row(page).getByText(days === 7 ? 'Past due' : /^Payment failed; next try/).waitFor({ timeout: 20_000 });
    }
    expect(await row(page).textContent()).toMatch(/Canceled \d{2}-\d{2}-\d{4} unless paid/);
    await checkWidths(page, 'past due');
    await manage(page, 'Update card and pay…');
    const pay = await fill('4242 4242 4242 4242');
    expect(await pay.textContent()).toContain('charged to the new card at once');
    await pay.getByRole('button', { name: 'Save and use this card' }).click();
    await explained(page, () => row(page).getByText('Active', { exact: true }).waitFor({ timeout: 20_000 }));
    expect(await row(page).textContent()).toContain('Visa ending in 4242');
    await checkWidths(page, 'paid again');
  });
});
