import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { SEEDED_ADMIN, startE2eApp } from './support/app.ts';
import { FAKE_MEDIA_ARGS, launchBrowser, newPage } from './support/browser.ts';
import { browserStorage, explained, latestCode, pathOf, SIGN_IN_PATH } from './support/sign-in.ts';
import { verifyByMailedCode } from './support/property.ts';
import { checkAtWidths, enterCode, fillAccountDetails, newApplicant, onScreen, signUpToProperty, type Applicant } from './support/sign-up.ts';
import { agreeToTerms, useNewCard } from './support/checkout.ts';

// A property of the bundled sample dataset, read from it so a regenerated dataset keeps the test true.
const SAMPLE = resolve(import.meta.dirname, '../../services/src/platform/property-data/sample-data/ca-sample-properties.json');
const record = (JSON.parse(readFileSync(SAMPLE, 'utf8')) as { properties: { id: string; address_line: string }[] }).properties.find((p) => p.id === 'ca-lax-00002');
if (!record) throw new Error(`no property ca-lax-00002 in ${SAMPLE}`);
const PROPERTY = { id: record.id, typed: record.address_line.slice(0, 12), line: record.address_line };
const CARD = '4242 4242 4242 4242';

describe('the sign-up wizard in Chromium, as a new user would walk it', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startE2eApp();
    // The camera is Chromium's fake device, allowed without a prompt.
    browser = await launchBrowser(FAKE_MEDIA_ARGS);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Finds the sample property, has its code mailed, enters the code from the letter (dev outbox), and goes on. */
  async function verifyProperty(page: Page, check?: (where: string) => Promise<void>) {
    const box = page.getByRole('combobox', { name: 'Property address or APN' });
    await box.fill(PROPERTY.typed);
    await page.getByRole('option', { name: new RegExp(PROPERTY.line) }).click();
    await page.getByRole('button', { name: 'Verify this property' }).click();
    await verifyByMailedCode(page, app, PROPERTY.id, check ? { check: () => check('/sign-up/property with the code from the letter') } : {});
  }

  async function faceAndSignature(page: Page, check: (where: string) => Promise<void>) {
    await onScreen(page, '/sign-up/face-signature', 'Your face and signature');
    await check('/sign-up/face-signature');
    await page.getByRole('button', { name: 'Use camera' }).click();
    await page.getByRole('button', { name: 'Take photo' }).click();
    await page.getByRole('img', { name: 'Your face photo' }).waitFor();
    // The camera's one button keeps the focus through Use camera, Take photo and Retake.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 5_000 }).toBe('Retake with camera');
    const pad = page.getByRole('img', { name: /^Signature pad/ });
    // A typed signature stays on the pad when the window is resized.
    const inked = () => pad.evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      for (let i = 0; i < pixels.length; i += 4) if ((pixels[i] ?? 255) < 128) return true;
      return false;
    });
    await page.getByLabel('Type your signature').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Use typed signature' }).click();
    await expect.poll(inked, { timeout: 5_000 }).toBe(true);
    const size = page.viewportSize();
    if (!size) throw new Error('no viewport');
    await page.setViewportSize({ width: size.width - 40, height: size.height });
    await page.setViewportSize(size);
    await expect.poll(inked, { timeout: 5_000 }).toBe(true);
    const box = await pad.boundingBox();
    if (!box) throw new Error('the signature pad is not on screen');
    await page.mouse.move(box.x + 30, box.y + 90);
    await page.mouse.down();
    await page.mouse.move(box.x + 110, box.y + 40, { steps: 10 });
    await page.mouse.move(box.x + 200, box.y + 110, { steps: 10 });
    await page.mouse.up();
    await check('/sign-up/face-signature with a photo and a signature');
    await page.getByRole('form', { name: 'Face and signature' }).getByRole('button', { name: 'Save and continue' }).click();
  }

  async function planAndPayment(page: Page, check: (where: string) => Promise<void>) {
    await onScreen(page, '/sign-up/plan', 'Choose your plan and pay');
    await check('/sign-up/plan');
    await page.getByRole('radio', { name: /^Monthly:/ }).check();
    const form = page.getByRole('form', { name: 'Payment' });
    await form.waitFor({ timeout: 20_000 });
    await useNewCard(form);
    await form.getByLabel('Card number').fill(CARD);
    await form.getByLabel('Expiry date (MM/YY)').fill('12/34');
    await form.getByLabel('Security code (CVC)').fill('123');
    await form.getByLabel('Name on card').fill('Grace Hopper');
    await check('/sign-up/plan with the card form');
    await agreeToTerms(form);
    await form.getByRole('button', { name: /^Pay / }).click();
  }

  async function beneficiaries(page: Page, check: (where: string) => Promise<void>) {
    await onScreen(page, '/sign-up/beneficiaries', 'Your beneficiaries');
    await check('/sign-up/beneficiaries');
    const form = page.getByRole('form', { name: 'Beneficiaries' });
    await form.getByRole('button', { name: 'Add a beneficiary' }).click();
    const first = form.getByRole('group', { name: 'Beneficiary 1' });
    const second = form.getByRole('group', { name: 'Beneficiary 2' });
    await first.getByLabel('Full name').fill('Ann Hopper');
    await first.getByLabel('Relationship').fill('Daughter');
    await second.getByLabel('Full name').fill('Bo Hopper');
    await second.getByLabel('Relationship').fill('Son');
    await first.getByLabel('Share (%)').fill('70');
    // 70 + 50: the form says the shares must add up to 100 and sends nothing.
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await form.getByText('The shares add up to 120%. Change them so they add up to 100%.').waitFor();
    await check('/sign-up/beneficiaries with its messages');
    await second.getByLabel('Share (%)').fill('30');
    // A third person keeps the shares typed so far (70 and 30, so 0 is left) and takes the focus to their name.
    await form.getByRole('button', { name: 'Add a beneficiary' }).click();
    const third = form.getByRole('group', { name: 'Beneficiary 3' });
    await expect.poll(() => third.getByLabel('Full name').evaluate((input) => input === document.activeElement), { timeout: 5_000 }).toBe(true);
    expect([await first.getByLabel('Share (%)').inputValue(), await second.getByLabel('Share (%)').inputValue(), await third.getByLabel('Share (%)').inputValue()]).toEqual(['70', '30', '0']);
    await form.getByRole('button', { name: 'Remove beneficiary 3' }).click();
    await form.getByRole('button', { name: 'Save and continue' }).click();
  }

  async function pin(page: Page, check: (where: string) => Promise<void>) {
    await onScreen(page, '/sign-up/pin', 'Choose your security PIN');
    await check('/sign-up/pin');
    const form = page.getByRole('form', { name: 'Security PIN' });
    // An easy PIN is refused in words before anything is sent.
    await form.getByRole('textbox', { name: 'PIN', exact: true }).fill('1234');
    await form.getByLabel('Confirm PIN').fill('1234');
    await form.getByRole('button', { name: 'Finish sign-up' }).click();
    await form.getByText(/This PIN is too easy to guess/).waitFor();
    // Focus goes to the first field to fix.
    await expect.poll(() => form.getByRole('textbox', { name: 'PIN', exact: true }).evaluate((input) => input === document.activeElement), { timeout: 5_000 }).toBe(true);
    await form.getByRole('textbox', { name: 'PIN', exact: true }).fill('482913');
    await form.getByLabel('Confirm PIN').fill('482913');
    await form.getByRole('button', { name: 'Finish sign-up' }).click();
  }

  it('walks from the header\'s Sign Up to /subscriptions, paying with 4242 4242 4242 4242; every new page passes axe at 375, 900 and 1440 px', async () => {
    const { context, page } = await newPage(browser, app.url);
    const who: Applicant = newApplicant('Grace Hopper');
    const check = (where: string) => checkAtWidths(page, where);
    try {
      await explained(page, async () => {
        await page.goto('/');
        await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
        await signUpToProperty(page, app, who, check);
        // The toast after the email code says what comes next (not "Your account is ready" with five steps to go).
        await page.getByRole('region', { name: 'Notifications' }).getByText(`Welcome, ${who.fullName}. Your phone and email are confirmed. Next, find your property.`).first().waitFor();
        // Signed in by the email code: the session holds the new account.
        expect(JSON.parse((await browserStorage(page)).local.user ?? 'null')).toEqual({ role: ['Owner'], full_name: who.fullName, profile_img: null });
        // The wizard's persisted snapshot is a versioned cache without a password or the phone number.
        const midway = await browserStorage(page);
        expect(JSON.parse(midway.local['persist:sign-up'] ?? 'null')).toMatchObject({ version: 1, context: { flags: { step1Mobile: true, step1Email: true } } });
        for (const secret of [who.password, who.phone]) expect(JSON.stringify(midway)).not.toContain(secret);
        await check('/sign-up/property');
        await verifyProperty(page, check);
        await faceAndSignature(page, check);
        await onScreen(page, '/sign-up/mailing-address', 'Your mailing address');
        await check('/sign-up/mailing-address');
        // Back to a step already done, which says why it asks, and Next past it again without saving.
        await page.getByRole('button', { name: 'Back', exact: true }).click();
        await onScreen(page, '/sign-up/face-signature', 'Your face and signature');
        await page.getByText(/They let us confirm it is really you/).waitFor();
        await page.getByRole('button', { name: 'Next', exact: true }).click();
        await onScreen(page, '/sign-up/mailing-address', 'Your mailing address');
        const mailing = page.getByRole('form', { name: 'Mailing address' });
        await mailing.getByText(PROPERTY.line).waitFor();
        await mailing.getByRole('button', { name: 'Save and continue' }).click();
        await planAndPayment(page, check);
        await beneficiaries(page, check);
        await pin(page, check);
        await page.waitForURL('**/subscriptions', { timeout: 30_000 });
        await page.getByRole('heading', { level: 1, name: 'Membership' }).waitFor();
        await page.getByRole('table', { name: 'Your memberships' }).getByRole('row').filter({ hasText: 'Visa ending in 4242' }).waitFor({ timeout: 20_000 });
      });

      // The persisted wizard snapshot is gone, and nothing secret was ever kept in the browser.
      const { local, session } = await browserStorage(page);
      expect(local['persist:sign-up']).toBeUndefined();
      const stored = JSON.stringify({ local, session });
      for (const secret of [who.password, who.phone, '4242424242424242', '482913']) expect(stored).not.toContain(secret);
      // The header's My Account leads a customer to /subscriptions.
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'My Account' }).click();
      await page.waitForURL('**/subscriptions');
    } finally {
      await context.close();
    }
  }, 600_000);

  it('a visitor who came for Equity Protect pays for it instead of a membership at the plan step, is asked no beneficiaries, and finishes the wizard on their Equity Protect list', async () => {
    const { context, page } = await newPage(browser, app.url);
    const who = newApplicant('Rosa Parks');
    const look = async (where: string) => {
      if (where === '/sign-up/plan') await checkAtWidths(page, where);
    };
    try {
      await explained(page, async () => {
        await page.goto('/equity-protect-property-search');
        await page.getByRole('combobox', { name: 'Property address or APN' }).fill(PROPERTY.typed);
        await page.getByRole('option', { name: new RegExp(PROPERTY.line) }).click();
        await page.getByRole('link', { name: 'Create an account' }).click();
        await onScreen(page, '/authentication/sign-up', 'Create your account');
        expect(await page.getByRole('radio', { name: 'Protect my home’s title (Equity Protect)' }).isChecked()).toBe(true);
        await signUpToProperty(page, app, who);
        await verifyProperty(page);
        await faceAndSignature(page, look);
        await onScreen(page, '/sign-up/mailing-address', 'Your mailing address');
        await page.getByRole('form', { name: 'Mailing address' }).getByRole('button', { name: 'Save and continue' }).click();
        await onScreen(page, '/sign-up/plan', 'Choose your plan and pay');
        await page.getByText('Came for Equity Protect?').waitFor();
        // (the welcome toast of the email code, still up after fast steps, is not this page's layout)
        await page.getByText(`Welcome, ${who.fullName}.`, { exact: false }).first().waitFor({ state: 'detached', timeout: 30_000 });
        await look('/sign-up/plan');
        await page.getByRole('button', { name: 'Protect your property first' }).click();
        // Back on Equity Protect with the property picked before signing up, verified in the wizard: straight to paying.
        await page.getByRole('heading', { name: PROPERTY.line, level: 2 }).waitFor({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Protect this property' }).click();
        const pay = page.getByRole('form', { name: 'Payment' });
        await pay.waitFor({ timeout: 20_000 });
        await useNewCard(pay);
        await pay.getByLabel('Card number').fill(CARD);
        await pay.getByLabel('Expiry date (MM/YY)').fill('12/34');
        await pay.getByLabel('Security code (CVC)').fill('123');
        await pay.getByLabel('Name on card').fill(who.fullName);
        await agreeToTerms(pay);
        await pay.getByRole('button', { name: 'Pay $99.00' }).click();
        await page.getByText('Your property is protected').waitFor({ timeout: 30_000 });
        // Their member page finishes the wizard first (no membership was asked for, so no beneficiaries), then opens.
        await page.getByRole('link', { name: 'Go to Equity Protect' }).click();
        await onScreen(page, '/sign-up/pin', 'Choose your security PIN');
        await page.getByText('Step 8 of 8: Security PIN').waitFor();
        await pin(page, async () => undefined);
        await page.waitForURL('**/equity-protect-list', { timeout: 30_000 });
        await page.getByRole('heading', { name: 'Equity Protect', level: 1 }).waitFor();
        await page.getByRole('tab', { name: 'My protected properties' }).click();
        await page.getByRole('row', { name: new RegExp(PROPERTY.line) }).getByText('Protected', { exact: true }).waitFor({ timeout: 20_000 });
      });
    } finally {
      await context.close();
    }
  }, 300_000);

  it('leaving at the property step and signing in again in a new browser context resumes there', async () => {
    const who = newApplicant('Ada Byron');
    const first = await newPage(browser, app.url);
    try {
      await explained(first.page, async () => {
        await first.page.goto('/authentication/sign-up');
        await signUpToProperty(first.page, app, who);
      });
    } finally {
      await first.context.close();
    }

    // Another device: nothing in its storage.
    const { context, page } = await newPage(browser, app.url, 375, 900);
    try {
      await explained(page, async () => {
        await page.goto(SIGN_IN_PATH);
        const form = page.getByRole('form', { name: 'Sign in' });
        await form.getByLabel('Email').fill(who.email);
        await form.getByLabel('Password').fill(who.password);
        await form.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL('**/authentication/auth-mode');
        await page.getByRole('radio', { name: /^Email:/ }).check();
        let sentAfter = Date.now() - 2000;
        await page.getByRole('button', { name: 'Send code', exact: true }).click();
        // The sign-up's email code went out under a minute ago: the server states the real wait, and Send stays
        // disabled with a live countdown until it has passed; then it sends.
        const waiting = page.getByRole('button', { name: /^Send code in \d+:\d\d$/ });
        const outcome = await Promise.race([
          page.waitForURL('**/authentication/login-email-otp-verification', { timeout: 20_000 }).then(() => 'sent' as const),
          waiting.waitFor({ timeout: 20_000 }).then(() => 'wait' as const),
        ]);
        if (outcome === 'wait') {
          expect(await waiting.getAttribute('aria-disabled')).toBe('true');
          await page.getByText(/A new code can be sent to your email in \d+ seconds?\./).waitFor();
          const send = page.getByRole('button', { name: 'Send code', exact: true });
          await send.waitFor({ timeout: 70_000 });
          sentAfter = Date.now() - 2000;
          await send.click();
        }
        await page.waitForURL('**/authentication/login-email-otp-verification', { timeout: 20_000 });
        const code = await latestCode(app, who.email, sentAfter);
        const verify = page.getByRole('form', { name: 'Verify code' });
        await verify.getByLabel('6-digit code').fill(code);
        await verify.getByRole('button', { name: 'Verify' }).click();
        await onScreen(page, '/sign-up/property', 'Find and verify your property');
      });
      expect(pathOf(page)).toBe('/sign-up/property');
      await page.getByText('Step 4 of 9: Property').waitFor();
      // A protected page sends the unfinished applicant back to their step too.
      await page.goto('/user-update-profile');
      await page.waitForURL('**/sign-up/property', { timeout: 20_000 });
    } finally {
      await context.close();
    }
  }, 300_000);

  it('"Sign in" on the first screen keeps where the sign-up was to lead (a path of this site only)', async () => {
    const { context, page } = await newPage(browser, app.url);
    try {
      await explained(page, async () => {
        const signIn = page.getByRole('form', { name: 'Create your account' }).getByRole('link', { name: 'Sign in', exact: true });
        await page.goto('/authentication/sign-up?next=/equity-protect-property-search');
        await signIn.waitFor({ timeout: 20_000 });
        expect(await signIn.getAttribute('href')).toBe(`${SIGN_IN_PATH}?next=%2Fequity-protect-property-search`);
        await page.goto('/authentication/sign-up?next=//evil.example/steal');
        await signIn.waitFor({ timeout: 20_000 });
        expect(await signIn.getAttribute('href')).toBe(SIGN_IN_PATH);
      });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a taken email goes on like a new one and is refused on the Email field behind the codes; a wrong code counts the tries down', async () => {
    const { context, page } = await newPage(browser, app.url);
    const who = newApplicant('Alan Turing');
    try {
      await explained(page, async () => {
        await page.goto('/authentication/sign-up');
        // The details step answers a taken email like a new one (no probing addresses): the phone code is sent.
        const sentAfter = await fillAccountDetails(page, { ...who, email: SEEDED_ADMIN.email });
        await onScreen(page, '/authentication/mobile-verification', 'Enter the code sent to your phone');
        const code = await latestCode(app, who.phone, sentAfter);
        const verify = page.getByRole('form', { name: 'Verify code' });
        await verify.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
        await verify.getByRole('button', { name: 'Verify' }).click();
        await page.getByText(/4 tries left\./).first().waitFor({ timeout: 20_000 });
        await checkAtWidths(page, '/authentication/mobile-verification with a wrong code');
        const emailAfter = Date.now() - 1000;
        await enterCode(page, app, who.phone, sentAfter);
        await onScreen(page, '/authentication/email-verification', 'Enter the code sent to your email');
        // Who reads the email's code (its owner) learns it is taken: back at the details, on the Email field.
        await enterCode(page, app, SEEDED_ADMIN.email, emailAfter);
        await onScreen(page, '/authentication/sign-up', 'Create your account');
        const email = page.getByRole('form', { name: 'Create your account' }).getByRole('textbox', { name: 'Email' });
        await page.waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await email.elementHandle(), { timeout: 20_000 });
        await page.getByText('An account with this email already exists.').first().waitFor({ timeout: 20_000 });
        await checkAtWidths(page, '/authentication/sign-up with a taken email');
      });
    } finally {
      await context.close();
    }
  }, 180_000);
});
