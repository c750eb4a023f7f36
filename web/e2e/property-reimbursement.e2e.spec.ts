import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { TINY_PDF, TINY_PNG } from '../../services/test/reimbursement.ts';
import { identityContext } from '../../services/src/modules/identity/context.ts';
import { registerAccount } from '../../services/src/modules/identity/accounts.ts';
import { memberDataStream } from '../../services/src/modules/identity/member-data/decider.ts';
import { changeMailingAddress, changePayoutDetails, changePin } from '../../services/src/modules/identity/member-data/flow.ts';
import { findAccountIdByEmail } from '../../services/src/modules/identity/accounts.ts';
import { systemMeta } from '../../services/src/platform/commands/metadata.ts';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { checkWidths } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { newCustomer, newMember } from './support/customer.ts';
import { completeSignIn } from './support/sign-in.ts';
import { waitFor } from '../../services/test/wait-for.ts';

const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
/** Waits until the element has keyboard focus. */
const focusReaches = (page: Page, target: Locator, what: string) =>
  waitFor(() => target.evaluate((el) => el === document.activeElement), { timeoutMs: 10_000, what: `focus on ${what}` }).catch(async (error: unknown) => {
    const actual = await page.evaluate(() => `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent?.slice(0, 40) ?? ''}`);
    throw new Error(`${error instanceof Error ? error.message : String(error)}; focus is on ${actual}`);
  });
const pad = (n: number) => String(n).padStart(2, '0');
/** The local day `days` before today, as a date input takes it. */
const dayBefore = (days: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const today = () => dayBefore(0);
/** The field's own message: the text of the elements its input's aria-describedby names. */
const describedBy = (input: Locator) =>
  input.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));

/**
 * The reimbursement journey: a member files a claim with a PDF for a property they verified and stays on the claim's
 * page; a Super Admin starts the review and asks for more information, which the member's page shows live; the member
 * answers with a message and a second document; the Super Admin approves a lower amount and records the payout; the
 * member's page reaches Paid live, with every step in the timeline, never reloading.
 */
describe('Property reimbursement: file → review → more information → answer → approve → paid', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: Page;
  let member: { email: string; password: string; accountId: string };

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e({ DEV_OUTBOX: 'true' }));
    // A Yearly membership of 120 days: past its 30-day waiting period, $10,000 a year.
    member = await newMember(app, 'Rosa Delgado', { startedDaysAgo: 120 });
    ({ page: admin } = await newPage(browser, app.url));
  }, 120_000);
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('a member files a claim with a PDF and lands on its page', async () => {
    await page.goto('/authentication/sign-in');
    await completeSignIn(page, app, member.email, member.password);
    await page.goto('/property-reimbursement');
    await page.getByRole('heading', { name: 'Property Reimbursement', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByText('You have not filed a claim yet', { exact: false }).waitFor({ timeout: 20_000 });
    await checkWidths(page, '/property-reimbursement, empty');

    await page.getByRole('button', { name: 'File a claim' }).click();
    const dialog = page.getByRole('dialog', { name: 'File a claim' });
    await dialog.getByRole('combobox', { name: 'Property' }).waitFor({ timeout: 20_000 });
    // The dialog opens on its first field once the properties are loaded, not on Cancel.
    await focusReaches(page, dialog.getByRole('combobox', { name: 'Property' }), 'Property');
    // Nothing filled in: every field says what it needs, nothing is sent; focus goes to the first to fix.
    await dialog.getByRole('button', { name: 'File the claim' }).click();
    await dialog.getByText('Choose what the expense was for.').waitFor();
    await dialog.getByText('Enter the amount in dollars and cents, for example 1250.50.').waitFor();
    await dialog.getByText('Attach at least one document (a receipt or an invoice).').waitFor();
    await focusReaches(page, dialog.getByRole('combobox', { name: 'Category' }), 'Category, the first invalid field');
    await checkWidths(page, 'the filing dialog');
    await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('-250');
    await dialog.getByRole('button', { name: 'File the claim' }).click();
    await dialog.getByText('The amount must be more than $0.00.').waitFor();
    // A text file named .pdf is refused when chosen, by name; nothing is listed.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'fake-invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('this is not a pdf, just text\n') });
    await dialog.getByText('fake-invoice.pdf is not a PDF or an image (JPEG, PNG or WebP).').waitFor();
    expect(await dialog.getByRole('button', { name: 'Remove fake-invoice.pdf' }).count()).toBe(0);

    // The dialog tells what the plan covers and what is left this year.
    await dialog.getByText('Your Yearly plan covers', { exact: false }).waitFor({ timeout: 20_000 });
    await dialog.getByText('$10,000.00 is left of $10,000.00 for this membership year', { exact: false }).waitFor();
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Hazard damage repair' });
    await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('1250.00');
    // An expense from before the membership is refused by the server, with the reason on the date; nothing is filed.
    const date = dialog.getByLabel('Date of the expense');
    await date.fill(dayBefore(130));
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Roof repair after the January storm, invoice attached.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'roof-invoice.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await dialog.getByRole('button', { name: 'Remove roof-invoice.pdf' }).waitFor();
    // The documents' messages went with the change of the list.
    expect(await dialog.getByText('is not a PDF or an image', { exact: false }).count()).toBe(0);
    expect(await dialog.getByText('Attach at least one document', { exact: false }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'File the claim' }).click();
    await waitFor(async () => (await date.getAttribute('aria-invalid')) === 'true', { timeoutMs: 20_000, what: 'the expense date refused' });
    expect(await describedBy(date)).toMatch(/This expense is dated before your membership started on \d{2}-\d{2}-\d{4}\./);
    await focusReaches(page, date, 'the refused expense date');
    await checkWidths(page, 'the filing dialog, refused for coverage');
    await date.fill(today());
    await dialog.getByRole('button', { name: 'File the claim' }).click();

    await page.waitForURL(/\/property-reimbursement\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Reimbursement claim', level: 1 }).waitFor();
    await page.getByLabel('Status: Submitted').waitFor({ timeout: 20_000 });
    await page.getByText('Claim submitted', { exact: false }).first().waitFor();
    await page.getByRole('list', { name: 'Claim history' }).getByText('Claimed $1,250.00', { exact: false }).waitFor({ timeout: 20_000 });
    await checkWidths(page, '/property-reimbursement/:id, submitted');
    await markPage(page);
  }, 240_000);

  it('the Super Admin reviews and asks for more; the member answers; approved and paid reach the member live', async () => {
    await admin.goto('/authentication/sign-in');
    await completeSignIn(admin, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await admin.goto('/admin-property-reimbursement');
    await admin.getByRole('heading', { name: 'Property Reimbursement', level: 1 }).waitFor({ timeout: 20_000 });
    const row = admin.getByRole('row', { name: /Rosa Delgado/ });
    await row.getByText('Submitted').waitFor({ timeout: 20_000 });
    await checkWidths(admin, '/admin-property-reimbursement');
    // Filters in dollars go to the URL (and the server) in cents; the export honours them.
    const filters = admin.getByRole('search', { name: 'Filter claims' });
    await filters.getByRole('textbox', { name: 'Amount from (USD)' }).fill('-5');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await filters.getByText('Amounts can’t be negative.').waitFor();
    await filters.getByRole('textbox', { name: 'Amount from (USD)' }).fill('2000');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await admin.getByText('No claims match these filters.').waitFor({ timeout: 20_000 });
    await filters.getByRole('textbox', { name: 'Amount from (USD)' }).fill('1,000');
    await filters.getByRole('textbox', { name: 'Amount to (USD)' }).fill('1500.00');
    await filters.getByRole('combobox', { name: 'County' }).selectOption('Los Angeles');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await row.getByText('Submitted').waitFor({ timeout: 20_000 });
    const query = new URL(admin.url()).searchParams;
    expect([query.get('min_amount_cents'), query.get('max_amount_cents'), query.get('county')]).toEqual(['100000', '150000', 'Los Angeles']);
    await admin.getByRole('button', { name: 'Export' }).click();
    const [file] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('menuitem', { name: 'CSV' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^reimbursement-claims-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await file.path()).toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Rosa Delgado');
    expect(lines[1]).toContain('1250.00');
    await row.getByRole('link', { name: /Review the claim of Rosa Delgado/ }).click();

    await admin.getByRole('heading', { name: 'Review claim', level: 1 }).waitFor({ timeout: 20_000 });
    await admin.locator('iframe[title="Document: roof-invoice.pdf"]').waitFor({ timeout: 20_000 });
    // The claimant's membership and the year's coverage, used and left, beside the claim; no flags.
    const coverage = admin.locator('dl[aria-label="Coverage"]');
    await coverage.waitFor({ timeout: 20_000 });
    const fact = (term: string) =>
      coverage.evaluate((dl, t) => [...dl.querySelectorAll('dt')].find((d) => d.textContent === t)?.nextElementSibling?.textContent ?? null, term);
    expect(await fact('Membership')).toBe('Yearly, active');
    expect(await fact('Plan')).toBe('yearly');
    expect(await fact('Free trial')).toBe('None');
    // The terms the claim is checked against: the plan as defined when the membership started.
    expect(await fact('Terms used')).toMatch(/^The plan's terms as of \d{2}-\d{2}-\d{4}, when the membership started$/);
    expect(await fact('Used this year')).toBe('$0.00');
    expect(await fact('Left this year')).toBe('$10,000.00');
    await admin.getByText('No flags: the claim was filed within the plan', { exact: false }).waitFor();
    await checkWidths(admin, '/admin-property-reimbursement/:id, submitted');
    await markPage(admin);
    await admin.getByRole('button', { name: 'Start review' }).click();
    await admin.getByLabel('Status: Under review').waitFor({ timeout: 20_000 });
    // The step's button went: focus moves on to the next step, not to the page.
    await focusReaches(admin, admin.getByRole('button', { name: 'Approve' }), 'Approve, after Start review');
    await page.getByLabel('Status: Under review').waitFor({ timeout: 20_000 });

    // A review dialog closed without acting gives focus back to its button.
    await admin.getByRole('button', { name: 'Request information' }).click();
    const ask = admin.getByRole('dialog', { name: 'Request information' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await focusReaches(admin, admin.getByRole('button', { name: 'Request information' }), 'Request information, after Cancel');
    await admin.getByRole('button', { name: 'Request information' }).click();
    await ask.getByRole('button', { name: 'Request information' }).click();
    await ask.getByText('at least 3 characters', { exact: false }).waitFor();
    await ask.getByRole('textbox', { name: 'What do you need from the claimant?' }).fill('Please send a photo of the repaired roof.');
    await ask.getByRole('button', { name: 'Request information' }).click();
    await admin.getByLabel('Status: More information requested').waitFor({ timeout: 20_000 });

    // The member's page, open all along, shows the request and the answer form.
    const answer = page.getByRole('form', { name: 'Answer the reviewer' });
    await answer.getByText('Please send a photo of the repaired roof.').waitFor({ timeout: 20_000 });
    expect(await stillSamePage(page)).toBe(true);
    await checkWidths(page, '/property-reimbursement/:id, more information requested');
    await answer.getByRole('textbox', { name: 'Your answer' }).fill('Here is the photo of the new roof.');
    await answer.locator('input[type=file]').setInputFiles({ name: 'roof-photo.png', mimeType: 'image/png', buffer: TINY_PNG });
    await answer.getByRole('button', { name: 'Remove roof-photo.png' }).waitFor();
    await answer.getByRole('button', { name: 'Send the answer' }).click();
    await page.getByLabel('Status: Under review').waitFor({ timeout: 20_000 });
    await page.getByRole('list', { name: 'Documents' }).getByText('roof-photo.png').waitFor({ timeout: 20_000 });

    // The admin's page shows the answer and the new document live.
    await admin.getByRole('list', { name: 'Messages' }).getByText('Here is the photo of the new roof.').waitFor({ timeout: 20_000 });
    await admin.getByRole('combobox', { name: 'Document shown' }).selectOption({ label: '2. roof-photo.png' });
    await admin.getByRole('img', { name: 'Document: roof-photo.png' }).waitFor({ timeout: 20_000 });

    await admin.getByRole('button', { name: 'Approve' }).click();
    const approve = admin.getByRole('dialog', { name: 'Approve the claim' });
    expect(await approve.getByRole('textbox', { name: 'Approved amount (USD)' }).inputValue()).toBe('1250.00');
    await approve.getByRole('textbox', { name: 'Approved amount (USD)' }).fill('1300');
    await approve.getByRole('textbox', { name: 'Why is it approved?' }).fill('Storm damage is covered; the gutter is not.');
    await approve.getByRole('button', { name: 'Approve the claim' }).click();
    await approve.getByText('The approved amount is at most $1,250.00.').waitFor();
    await approve.getByRole('textbox', { name: 'Approved amount (USD)' }).fill('-10');
    await approve.getByRole('button', { name: 'Approve the claim' }).click();
    await approve.getByText('The approved amount must be more than $0.00.').waitFor();
    await approve.getByRole('textbox', { name: 'Approved amount (USD)' }).fill('1000');
    await approve.getByRole('button', { name: 'Approve the claim' }).click();
    await admin.getByLabel('Status: Approved').waitFor({ timeout: 20_000 });
    await focusReaches(admin, admin.getByRole('button', { name: 'Record the payout' }), 'Record the payout, after Approve');
    await page.getByLabel('Status: Approved').waitFor({ timeout: 20_000 });

    // The member keeps payout details on My Account (PIN asked): first a direct deposit, whose full numbers the Super
    // Admin reveals on purpose (a reason, recorded), then a check mailed to their mailing address.
    const ctx = await identityContext(app.platform);
    const meta = () => systemMeta(app.platform, { actor: 'test' });
    await changePin(ctx, member.accountId, { new_pin: '4826' }, meta());
    await changeMailingAddress(ctx, member.accountId, { address: { line1: '12 Olive Ave', city: 'Fresno', state: 'CA', zip: '93701' } }, meta());
    const ACCOUNT = '000555664321';
    const ROUTING = '021000021';
    const deposit = { method: 'direct_deposit', account_holder: 'Rosa Delgado', routing_number: ROUTING, account_number: ACCOUNT, account_type: 'savings', pin: '4826' } as const;
    await changePayoutDetails(ctx, member.accountId, deposit, meta());

    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await admin.getByRole('button', { name: 'Record the payout' }).click();
    const byDeposit = admin.getByRole('dialog', { name: 'Record the payout' });
    await byDeposit.getByTestId('payout-target').filter({ hasText: 'Direct deposit to savings ····4321, Rosa Delgado' }).waitFor({ timeout: 20_000 });
    expect(await byDeposit.getByText(ACCOUNT).count()).toBe(0);
    await byDeposit.getByRole('button', { name: 'Show bank details' }).click();
    await focusReaches(admin, byDeposit.getByRole('textbox', { name: 'Why do you need the bank details?' }), 'the reason, after Show bank details');
    const show = byDeposit.getByRole('button', { name: 'Show', exact: true });
    await show.click();
    await byDeposit.getByText('Say why you need the bank details').waitFor();
    await byDeposit.getByRole('textbox', { name: 'Why do you need the bank details?' }).fill('Sending the ACH transfer for this claim');
    const revealed = admin.waitForResponse((r) => r.url().includes('/payout-details/reveal') && r.request().method() === 'POST', { timeout: 20_000 });
    await show.click();
    const revealAnswer = await revealed;
    expect([revealAnswer.status(), revealAnswer.headers()['cache-control']]).toEqual([200, 'private, no-store']);
    const bank = byDeposit.getByTestId('bank-details');
    await bank.getByRole('definition').filter({ hasText: ACCOUNT }).waitFor({ timeout: 10_000 });
    await bank.getByRole('definition').filter({ hasText: ROUTING }).waitFor();
    await bank.getByRole('definition').filter({ hasText: 'Savings' }).waitFor();
    await focusReaches(admin, bank, 'the bank details, once shown');
    await byDeposit.getByRole('button', { name: 'Copy account number' }).click();
    await waitFor(async () => ((await admin.evaluate(() => navigator.clipboard.readText())) === ACCOUNT ? true : undefined), { timeoutMs: 5_000, what: 'the account number copied' });
    // Recorded on the member's stream: who, when, why.
    const adminId = await findAccountIdByEmail(app.platform.eventStore, SEEDED_ADMIN.email);
    const audit = (await app.platform.eventStore.readStream(memberDataStream(member.accountId))).filter((e) => e.type === 'MemberPayoutDetailsRevealed');
    expect(audit.map((e) => e.data)).toEqual([expect.objectContaining({ by: adminId, reason: 'Sending the ACH transfer for this claim' })]);
    // Closing the dialog forgets them: opened again, they are hidden until asked for again.
    await byDeposit.getByRole('button', { name: 'Cancel' }).click();
    await byDeposit.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Record the payout' }).click();
    await byDeposit.getByRole('button', { name: 'Show bank details' }).waitFor({ timeout: 20_000 });
    expect(await byDeposit.getByText(ACCOUNT).count()).toBe(0);
    await byDeposit.getByRole('button', { name: 'Cancel' }).click();
    await byDeposit.waitFor({ state: 'detached' });

    await changePayoutDetails(ctx, member.accountId, { method: 'check', pin: '4826' }, meta());
    await admin.getByRole('button', { name: 'Record the payout' }).click();
    const payout = admin.getByRole('dialog', { name: 'Record the payout' });
    // Where the money goes: the payee by name, the claimant's payout details (masked), the amount, the method chosen.
    const payee = payout.getByRole('definition');
    await payee.filter({ hasText: 'Rosa Delgado' }).first().waitFor({ timeout: 20_000 });
    await payee.filter({ hasText: 'Check mailed to 12 Olive Ave, Fresno, CA 93701' }).waitFor({ timeout: 20_000 });
    // The method those details mean is preselected (the dialog opens on ACH transfer).
    await expect.poll(() => payout.getByRole('radio', { name: 'Check' }).isChecked(), { timeout: 5_000 }).toBe(true);
    await payee.filter({ hasText: /^Check$/ }).waitFor();
    await payout.getByRole('textbox', { name: 'Reference' }).fill('CHK-1042');
    await payout.getByRole('button', { name: 'Record the payout' }).click();
    await admin.getByLabel('Status: Paid').waitFor({ timeout: 30_000 });
    // No step is left: focus is on the words that say so.
    await focusReaches(admin, admin.getByRole('group', { name: 'Review actions' }).locator('[data-review-status]'), 'the review status, after the payout');

    // The member's page reaches Paid live, with every step in the timeline, without a reload.
    await page.getByLabel('Status: Paid').waitFor({ timeout: 30_000 });
    const timeline = page.getByRole('list', { name: 'Claim history' });
    for (const step of ['Claimed $1,250.00', 'Review started.', 'More information requested: Please send a photo', 'The claimant answered with 1 document', 'Approved $1,000.00', 'Paid $1,000.00 by check (reference CHK-1042)']) {
      await timeline.getByText(step, { exact: false }).waitFor({ timeout: 20_000 });
    }
    expect(await stillSamePage(page)).toBe(true);
    expect(await stillSamePage(admin)).toBe(true);
    await checkWidths(page, '/property-reimbursement/:id, paid');
    await checkWidths(admin, '/admin-property-reimbursement/:id, paid');

    // The paid claim counts against the year: the next claim's dialog says what is left.
    await page.goto('/property-reimbursement');
    await page.getByRole('button', { name: 'File a claim' }).click();
    const next = page.getByRole('dialog', { name: 'File a claim' });
    await next.getByText('$9,000.00 is left of $10,000.00 for this membership year', { exact: false }).waitFor({ timeout: 20_000 });
    await next.getByRole('button', { name: 'Cancel' }).click();
    await next.waitFor({ state: 'detached' });
  }, 300_000);

  it('a claim outside coverage is refused with its reason on the date: before the membership in its free trial, then in its waiting period', async () => {
    const trialist = await newMember(app, 'Tess Trialist', {
      startedDaysAgo: 0,
      membership: { plan_id: 'monthly', plan_name: 'Monthly', status: 'trialing', trial_ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    });
    const { page: member2 } = await newPage(browser, app.url);
    await member2.goto('/authentication/sign-in');
    await completeSignIn(member2, app, trialist.email, trialist.password);
    await member2.goto('/property-reimbursement');
    await member2.getByRole('button', { name: 'File a claim' }).click();
    const dialog = member2.getByRole('dialog', { name: 'File a claim' });
    await dialog.getByText('Your Monthly plan covers hazard damage repair, inspection and emergency repairs', { exact: false }).waitFor({ timeout: 20_000 });
    // The claim: $1,240 for an expense seven days before the membership, in its free trial.
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Emergency repairs' });
    await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('1240.00');
    const date = dialog.getByLabel('Date of the expense');
    await date.fill(dayBefore(7));
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Plumber for a burst pipe, invoice attached.');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'plumber.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await dialog.getByRole('button', { name: 'Remove plumber.pdf' }).waitFor();
    await dialog.getByRole('button', { name: 'File the claim' }).click();
    await waitFor(async () => (await date.getAttribute('aria-invalid')) === 'true', { timeoutMs: 20_000, what: 'the expense date refused' });
    expect(await describedBy(date)).toMatch(/This expense is dated before your membership started on \d{2}-\d{2}-\d{4}\. Only expenses from that day on are covered\./);
    await dialog.getByText('The claim was not filed:', { exact: false }).waitFor();
    await checkWidths(member2, 'the filing dialog, an expense before the membership');
    // A day within the membership, but in its waiting period: refused too, saying from when expenses are covered.
    await date.fill(today());
    await dialog.getByRole('button', { name: 'File the claim' }).click();
    await waitFor(async () => /waiting period/.test(await describedBy(date)), { timeoutMs: 20_000, what: 'the waiting period named on the date' });
    expect(await describedBy(date)).toContain('Your plan covers expenses from 30 days after your membership starts');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const claims = await app.app.inject({ method: 'GET', url: '/api/v1/reimbursements/claims', headers: { authorization: `Bearer ${await app.signInAs('Customer', trialist.accountId)}` } });
    expect(claims.json().data.total).toBe(0);
    await member2.context().close();
  }, 180_000);

  it('a member without a verified property is sent to verify one; a Provider Admin is told whose claims will show', async () => {
    const newcomer = await newCustomer(app, 'Sam Newcomer');
    const { page: other } = await newPage(browser, app.url);
    await other.goto('/authentication/sign-in');
    await completeSignIn(other, app, newcomer.email, newcomer.password);
    await other.goto('/property-reimbursement');
    await other.getByRole('button', { name: 'File a claim' }).click();
    const dialog = other.getByRole('dialog', { name: 'File a claim' });
    await dialog.getByText('A claim is filed for a property you have verified', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await dialog.getByRole('link', { name: 'Find and verify your property' }).getAttribute('href')).toBe('/equity-protect-property-search');
    expect(await dialog.getByRole('button', { name: 'File the claim' }).count()).toBe(0);
    await checkWidths(other, 'the filing dialog without a verified property');
    await other.context().close();

    const email = `provider-${Date.now()}@example.test`;
    const password = 'correct horse battery staple 9';
    const ctx = await identityContext(app.platform);
    await registerAccount(ctx, { email, fullName: 'Pat Provider', roles: ['Provider Admin'], password, phone: null }, systemMeta(app.platform, { actor: 'test' }));
    const { page: provider } = await newPage(browser, app.url);
    await provider.goto('/authentication/sign-in');
    await completeSignIn(provider, app, email, password);
    await provider.goto('/property-reimbursement');
    await provider.getByRole('heading', { name: 'Property Reimbursement', level: 1 }).waitFor({ timeout: 20_000 });
    await provider.getByText('None of your provider’s users has filed a claim yet.', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await provider.getByRole('button', { name: 'File a claim' }).count()).toBe(0);
    await checkWidths(provider, '/property-reimbursement as a Provider Admin');
    await provider.context().close();
  }, 180_000);
});
