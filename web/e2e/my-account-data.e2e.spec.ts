import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { markVerified } from '../../services/test/equity.ts';
import { SAMPLE_PROPERTY_ID } from '../../services/test/nhd.ts';
import { propertyData } from '../../services/src/platform/property-data/select.ts';
import { systemMeta } from '../../services/src/platform/commands/metadata.ts';
import { identityContext } from '../../services/src/modules/identity/context.ts';
import { changeBeneficiaries, changePin, memberDataOf } from '../../services/src/modules/identity/member-data/flow.ts';
import { closeE2e, openE2e } from './support/app.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import { newCustomer } from './support/customer.ts';
import { checkWidths } from './support/axe.ts';

const PIN = '4826';

describe('My Account: the member sees and edits the beneficiaries (PIN asked), the PIN, the properties and the payout details', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let accountId: string;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
    const customer = await newCustomer(app, 'Dana Member');
    accountId = customer.accountId;
    const ctx = await identityContext(app.platform);
    await changePin(ctx, accountId, { new_pin: PIN }, systemMeta(app.platform, { actor: 'test' }));
    const beneficiaries = [
      { full_name: 'Ana Ruiz', relationship: 'Daughter', share_percent: 60 },
      { full_name: 'Leo Ruiz', relationship: 'Son', share_percent: 40 },
    ];
    await changeBeneficiaries(ctx, accountId, { beneficiaries, pin: PIN }, systemMeta(app.platform, { actor: 'test' }));
    await markVerified(app, accountId, SAMPLE_PROPERTY_ID);
    await signInThroughPages(page, app, customer.email, customer.password);
    await page.goto('/user-update-profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: 20_000 });
  }, 120_000);

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('shows the beneficiaries with their shares, the verified property and when the PIN was set', async () => {
    const list = page.getByRole('list', { name: 'Your beneficiaries' });
    await list.waitFor({ timeout: 20_000 });
    expect((await list.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' '))).toEqual(['Ana Ruiz (Daughter)60%', 'Leo Ruiz (Son)40%']);
    await page.getByRole('list', { name: 'Your verified properties' }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('list', { name: 'Your verified properties' }).textContent()).toMatch(/Verified \d{2}-\d{2}-\d{4}/);
    await page.getByText(/^Set on \d{2}-\d{2}-\d{4}\./).waitFor();
    await checkWidths(page, 'My Account');
  }, 60_000);

  it('refuses a wrong PIN and changes nothing; the right PIN saves the new shares', async () => {
    const edit = page.getByRole('button', { name: 'Edit beneficiaries' });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit beneficiaries' });
    await dialog.waitFor();
    const shares = dialog.getByRole('textbox', { name: 'Share (%)' });
    await shares.nth(0).fill('50');
    await shares.nth(1).fill('50');
    const pin = dialog.getByLabel('Security PIN');
    await pin.fill('1357');
    await dialog.getByRole('button', { name: 'Save beneficiaries' }).click();
    await dialog.getByText('The PIN is incorrect. 4 tries left.').waitFor({ timeout: 20_000 });
    // The refused PIN field takes focus, so the member types it again there.
    await expect.poll(() => pin.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    const ctx = await identityContext(app.platform);
    expect((await memberDataOf(ctx, accountId)).beneficiaries?.list.map((b) => b.share_percent)).toEqual([60, 40]);
    await checkWidths(page, 'Edit beneficiaries, wrong PIN');

    await pin.fill(PIN);
    await dialog.getByRole('button', { name: 'Save beneficiaries' }).click();
    await explained(page, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    const list = page.getByRole('list', { name: 'Your beneficiaries' });
    await expect.poll(async () => (await list.getByRole('listitem').allTextContents()).map((t) => t.replace(/\s+/g, ' ')), { timeout: 10_000 }).toEqual(['Ana Ruiz (Daughter)50%', 'Leo Ruiz (Son)50%']);
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    expect((await memberDataOf(ctx, accountId)).beneficiaries?.list.map((b) => b.share_percent)).toEqual([50, 50]);
  }, 90_000);

  it('changes the PIN with the current one, refusing an easy new PIN before sending', async () => {
    const form = page.getByRole('form', { name: 'Change PIN' });
    await form.getByLabel('Current PIN').fill(PIN);
    await form.getByLabel(/^New PIN/).fill('1234');
    await form.getByLabel('Confirm new PIN').fill('1234');
    await form.getByRole('button', { name: 'Change PIN' }).click();
    await form.getByText(/This PIN is too easy to guess/).waitFor();

    await form.getByLabel(/^New PIN/).fill('5937');
    await form.getByLabel('Confirm new PIN').fill('5937');
    await form.getByRole('button', { name: 'Change PIN' }).click();
    await page.getByText('Your PIN was changed.').first().waitFor({ timeout: 20_000 });
    const ctx = await identityContext(app.platform);
    const meta = systemMeta(app.platform, { actor: 'test' });
    await expect(changeBeneficiaries(ctx, accountId, { beneficiaries: [{ full_name: 'Ana Ruiz', relationship: 'Daughter', share_percent: 100 }], pin: PIN }, meta)).rejects.toThrow(/PIN is incorrect/);
  }, 60_000);

  it('offers the verified property as a quick pick when ordering an NHD report and protecting a property', async () => {
    const sample = await propertyData().findById(SAMPLE_PROPERTY_ID);
    if (!sample) throw new Error('no sample property');
    const pickName = `${sample.address_line}, ${sample.city}`;

    await page.goto('/nhd-order');
    const nhdPicks = page.getByRole('group', { name: 'Your verified properties' });
    await nhdPicks.waitFor({ timeout: 20_000 });
    const nhdPick = nhdPicks.getByRole('button', { name: pickName });
    await nhdPick.click();
    await expect.poll(() => nhdPick.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radiogroup', { name: 'Report type' }).waitFor({ timeout: 20_000 });
    await checkWidths(page, 'NHD order, report type after a quick pick');

    await page.goto('/equity-protect-property-search');
    const equityPicks = page.getByRole('group', { name: 'Your verified properties' });
    await equityPicks.waitFor({ timeout: 20_000 });
    await equityPicks.getByRole('button', { name: pickName }).click();
    await page.getByRole('heading', { name: sample.address_line, level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Protect this property' }).waitFor();
    await checkWidths(page, 'Equity Protect after a quick pick');
  }, 90_000);

  it('sets the mailing address from a verified property, and a typed signature replaces the signature on file', async () => {
    const sample = await propertyData().findById(SAMPLE_PROPERTY_ID);
    if (!sample) throw new Error('no sample property');
    await page.goto('/user-update-profile');
    await page.getByRole('button', { name: 'Add a mailing address' }).click();
    const addressDialog = page.getByRole('dialog', { name: 'Mailing address' });
    await addressDialog.waitFor();
    await addressDialog.getByRole('group', { name: "Use a verified property's address" }).getByRole('button', { name: `${sample.address_line}, ${sample.city}` }).click();
    await addressDialog.getByRole('button', { name: 'Save address' }).click();
    await explained(page, () => addressDialog.waitFor({ state: 'detached', timeout: 20_000 }));
    await page.getByText(`${sample.address_line}, ${sample.city}, CA ${sample.zip}`).waitFor({ timeout: 10_000 });
    const ctx = await identityContext(app.platform);
    expect((await memberDataOf(ctx, accountId)).mailing_address?.address).toEqual({ line1: sample.address_line, city: sample.city, state: 'CA', zip: sample.zip });

    await page.getByRole('button', { name: 'Add a face photo and signature' }).click();
    const imagesDialog = page.getByRole('dialog', { name: 'Face photo and signature' });
    await imagesDialog.waitFor();
    await imagesDialog.getByRole('button', { name: 'Save' }).click();
    await imagesDialog.getByText('Take a new face photo, sign again, or both, then save.').waitFor();
    await imagesDialog.getByLabel('Type your signature').fill('Dana Member');
    await imagesDialog.getByRole('button', { name: 'Use typed signature' }).click();
    await checkWidths(page, 'Face photo and signature dialog');
    await imagesDialog.getByRole('button', { name: 'Save' }).click();
    await explained(page, () => imagesDialog.waitFor({ state: 'detached', timeout: 20_000 }));
    const shown = page.getByRole('img', { name: 'Your signature' });
    await shown.waitFor({ timeout: 10_000 });
    expect(await shown.getAttribute('src')).toMatch(/^blob:/);
    expect(await shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect((await memberDataOf(ctx, accountId)).face_signature).toMatchObject({ face: false, signature: true });
  }, 90_000);

  it('adds payout details with the PIN, refusing a bad routing number first, and the claims page says where payouts go', async () => {
    await page.goto('/user-update-profile');
    const add = page.getByRole('button', { name: 'Add payout details' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Payout details' });
    await dialog.waitFor();
    await dialog.getByText(/Your routing and account numbers are stored encrypted\..*shown only to the staff who pay your claim/).waitFor();
    await dialog.getByLabel('Account holder name').fill('Dana Member');
    await dialog.getByLabel('Routing number').fill('021000022');
    await dialog.getByLabel('Account number').fill('000123456789');
    await dialog.getByLabel('Security PIN').fill('5937');
    await dialog.getByRole('button', { name: 'Save payout details' }).click();
    await dialog.getByText('This is not a valid routing number: check the 9 digits').waitFor({ timeout: 10_000 });
    const ctx = await identityContext(app.platform);
    expect((await memberDataOf(ctx, accountId)).payout_details).toBeNull();
    await checkWidths(page, 'Payout details, bad routing number');

    await dialog.getByLabel('Routing number').fill('021000021');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/payout-details') && r.request().method() === 'PUT', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Save payout details' }).click();
    expect((await saved).status()).toBe(200);
    await explained(page, () => dialog.waitFor({ state: 'detached', timeout: 20_000 }));
    await page.getByTestId('payout-destination').getByText('Direct deposit to checking ····6789, Dana Member').waitFor({ timeout: 10_000 });
    expect(await page.content()).not.toContain('000123456789');
    expect((await memberDataOf(ctx, accountId)).payout_details?.details).toEqual({ method: 'direct_deposit', account_holder: 'Dana Member', bank_name: null, account_type: 'checking', account_last4: '6789' });

    await page.goto('/property-reimbursement');
    const note = page.getByTestId('my-payout-destination');
    await note.getByText('Direct deposit to checking ····6789, Dana Member.').waitFor({ timeout: 20_000 });
    await note.getByRole('link', { name: 'Edit payout details' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: 20_000 });
  }, 90_000);
});
