import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../services/test/harness.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { systemMeta } from '../../services/src/platform/commands/metadata.ts';
import { identityContext } from '../../services/src/modules/identity/context.ts';
import { registerAccount } from '../../services/src/modules/identity/accounts.ts';
import { closeE2e, openE2e } from './support/app.ts';
import { expectNoHorizontalOverflow, expectNoSeriousAxeViolations } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { SIGN_IN_PATH, browserStorage, completeSignIn, explained } from './support/sign-in.ts';

const OLD_PASSWORD = 'the password I forgot';
const NEW_PASSWORD = 'a new password I will keep';
const WIDTHS = [375, 900, 1440] as const;

/** The newest password-reset email to `email` in the dev outbox. */
const resetEmail = (app: TestApp, email: string) =>
  waitFor(
    async () => {
      const response = await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      const body = (await response.json()) as { data: { items: { subject: string | null; text: string }[] } };
      const mail = body.data.items.find((m) => m.subject === 'Reset your ACPG password');
      if (!mail) return undefined;
      return { code: /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '', link: /(https?:\/\/\S+\/authentication\/reset-password\?token=\S+)/.exec(mail.text)?.[1] ?? '' };
    },
    { timeoutMs: 15_000, what: `a password-reset email to ${email}` },
  );

describe('forgot password → reset → sign in with the new password, as a customer would', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let n = 0;

  const newCustomer = async () => {
    const email = `forgetful-${++n}-${Date.now()}@example.test`;
    const ctx = await identityContext(app.platform);
    await registerAccount(ctx, { email, fullName: 'Frances Forgetful', roles: ['Customer'], password: OLD_PASSWORD }, systemMeta(app.platform, { actor: 'test' }));
    return email;
  };

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('asks from the sign-in page, resets with the emailed code, and signs in with the new password only', async () => {
    const email = await newCustomer();
    await page.goto(SIGN_IN_PATH);
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/authentication/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    expect(await forgot.getByLabel('Email').inputValue(), 'the email typed on the sign-in page').toBe(email);
    await forgot.getByRole('button', { name: 'Send code and link' }).click();

    await explained(page, () => page.waitForURL('**/authentication/reset-password'));
    await page.getByText('If an account uses this email, we sent it a code and a link').waitFor();
    const { code } = await resetEmail(app, email);
    const reset = page.getByRole('form', { name: 'Reset password' });
    expect(await reset.getByLabel('Email').inputValue()).toBe(email);
    // A send within 60 s would be refused: the button says how long to wait.
    expect(await reset.getByRole('button', { name: /^Send a new code in \d+:\d\d$/ }).isVisible()).toBe(true);

    // A wrong code first: the server's message on the field, tries left.
    await reset.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await reset.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await reset.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('The code is incorrect. 4 tries left.').waitFor();

    await reset.getByLabel('6-digit code').fill(code);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password reset' }).waitFor();
    await page.getByText('Your password was reset. Sign in with your new password.').waitFor();
    // Reset clears the forgot-password message (spec section 4).
    expect(await page.getByText('If an account uses this email').count()).toBe(0);

    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`**${SIGN_IN_PATH}`);
    const again = page.getByRole('form', { name: 'Sign in' });
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill(OLD_PASSWORD);
    await again.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('The email or password is incorrect.').waitFor();

    await completeSignIn(page, app, email, NEW_PASSWORD);
    const { local } = await browserStorage(page);
    expect(JSON.parse(local.user ?? 'null')).toMatchObject({ full_name: 'Frances Forgetful', role: ['Customer'] });
  }, 90_000);

  it('resets through the emailed link in a new browser context', async () => {
    const email = await newCustomer();
    const { context, page: other } = await newPage(browser, app.url);
    try {
      await other.goto('/authentication/forgot-password');
      const forgot = other.getByRole('form', { name: 'Forgot password' });
      await forgot.getByLabel('Email').fill(email);
      await forgot.getByRole('button', { name: 'Send code and link' }).click();
      await other.waitForURL('**/authentication/reset-password');
      const { link } = await resetEmail(app, email);
      // PUBLIC_URL is unset here: the link names http://localhost:PORT, the app listens on a free port.
      const { pathname, search } = new URL(link);
      expect(pathname).toBe('/authentication/reset-password');
      await other.goto(`${pathname}${search}`);
      await other.getByText('Choose a new password for your account.').waitFor();
      const reset = other.getByRole('form', { name: 'Reset password' });
      expect(await reset.getByLabel('6-digit code').count(), 'the link needs no code').toBe(0);
      await reset.getByLabel(/^New password/).fill('pass');
      await reset.getByLabel('Confirm new password').fill('pass');
      await reset.getByRole('button', { name: 'Reset password' }).click();
      await other.getByText('Use at least 8 characters').waitFor();
      await reset.getByLabel(/^New password/).fill('password123');
      await reset.getByLabel('Confirm new password').fill('password123');
      await reset.getByRole('button', { name: 'Reset password' }).click();
      await other.getByText('This password is too common. Choose one that is harder to guess.').waitFor();
      await reset.getByLabel(/^New password/).fill(NEW_PASSWORD);
      await reset.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await reset.getByRole('button', { name: 'Reset password' }).click();
      await other.getByRole('heading', { level: 1, name: 'Password reset' }).waitFor();

      // Used once: the same link again says so.
      await other.goto(`${pathname}${search}`);
      const second = other.getByRole('form', { name: 'Reset password' });
      await second.getByLabel(/^New password/).fill('yet another passphrase');
      await second.getByLabel('Confirm new password').fill('yet another passphrase');
      await second.getByRole('button', { name: 'Reset password' }).click();
      await other.getByText('This code or link was already used.', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  }, 90_000);

  it('the forgot and reset pages have no serious axe finding and fit 375, 900 and 1440 px', async () => {
    for (const width of WIDTHS) {
      const { context, page: p } = await newPage(browser, app.url, width, 900);
      try {
        await p.goto('/authentication/forgot-password');
        await p.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
        await p.getByRole('form', { name: 'Forgot password' }).getByRole('button', { name: 'Send code and link' }).click();
        await p.getByText('Enter your email address').waitFor();
        await expectNoSeriousAxeViolations(p, `forgot-password at ${width} px, with a validation error`);
        await expectNoHorizontalOverflow(p, `forgot-password at ${width} px`);
        await p.goto('/authentication/reset-password');
        await p.getByRole('form', { name: 'Reset password' }).getByRole('button', { name: 'Reset password' }).click();
        await p.getByText('Enter the 6-digit code').waitFor();
        await expectNoSeriousAxeViolations(p, `reset-password at ${width} px, with validation errors`);
        await expectNoHorizontalOverflow(p, `reset-password at ${width} px`);
      } finally {
        await context.close();
      }
    }
  }, 90_000);
});

describe('the editable profile', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ app, browser, page } = await openE2e());
  });
  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('changes the name, the photo (served with a srcset; the top bar follows), the email (code to the new one) and the password (asks the current one); no serious axe finding at 375 and 1440 px', async () => {
    const email = `profile-e2e-${Date.now()}@example.test`;
    const ctx = await identityContext(app.platform);
    await registerAccount(ctx, { email, fullName: 'Pat Before', roles: ['Customer'], password: OLD_PASSWORD }, systemMeta(app.platform, { actor: 'test' }));
    await page.goto(SIGN_IN_PATH);
    await completeSignIn(page, app, email, OLD_PASSWORD);
    await page.goto('/user-update-profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    const nameForm = page.getByRole('form', { name: 'Full name' });
    await nameForm.getByLabel('Full name').fill('Pat After');
    await nameForm.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your profile was saved.').first().waitFor();
    await page.getByRole('button', { name: /^Account menu for Pat After/ }).waitFor();

    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
    await page.getByTestId('profile-photo-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText('Your photo was saved.').first().waitFor();
    const srcset = await waitFor(async () => (await page.locator('main img[srcset]').first().getAttribute('srcset')) ?? undefined, { what: 'the avatar with a srcset' });
    expect(srcset.split(', ').map((s) => s.split(' ')[1])).toEqual(['16w', '32w', '48w', '64w', '96w', '128w', '256w', '384w']);
    const { local } = await browserStorage(page);
    expect(JSON.parse(local.user ?? 'null').profile_img).toMatch(/\/api\/v1\/profile-photos\/[0-9a-f-]+\/384$/);

    // A new email, confirmed by the code sent to it.
    const newEmail = `moved-${Date.now()}@example.test`;
    const emailForm = page.getByRole('form', { name: 'Change email' });
    await emailForm.getByLabel('New email').fill(newEmail);
    // Step-up: the current password first (a stolen session alone cannot change the email).
    await emailForm.getByRole('button', { name: 'Send code to new email' }).click();
    await emailForm.getByText('Enter your current password.').waitFor();
    await emailForm.getByLabel('Current password').fill('not it either');
    await emailForm.getByRole('button', { name: 'Send code to new email' }).click();
    await emailForm.getByText('The current password is incorrect.').waitFor();
    await emailForm.getByLabel('Current password').fill(OLD_PASSWORD);
    await emailForm.getByRole('button', { name: 'Send code to new email' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm email' });
    await confirm.getByText(/We sent a 6-digit code to/).waitFor();
    const code = await waitFor(
      async () => {
        const body = (await (await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(newEmail)}`)).json()) as { data: { items: { text: string }[] } };
        return body.data.items.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      },
      { what: 'the code sent to the new email' },
    );
    await confirm.getByLabel('6-digit code').fill(code);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your email was changed.').first().waitFor();
    expect((await page.locator('main dl').innerText()).replace(/\s+/g, ' ')).toContain(`Email ${newEmail}`);

    // A new password, asking the current one; this session stays.
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill('not it at all');
    await passwordForm.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('The current password is incorrect.').waitFor();
    await passwordForm.getByLabel('Current password').fill(OLD_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed. Other devices were signed out.').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname, 'still signed in after a reload (this session was kept)').toBe('/user-update-profile');

    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousAxeViolations(page, `/user-update-profile at ${width} px`);
      await expectNoHorizontalOverflow(page, `/user-update-profile at ${width} px`);
    }

    // The notice at the old address undoes the change: the old email is back, every device signed out, a reset asked.
    const undoLink = await waitFor(
      async () => {
        const body = (await (await fetch(`${app.url}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { data: { items: { text: string }[] } };
        return body.data.items.map((m) => /(http\S+\/account\/undo-change\S+)/.exec(m.text)?.[1]).find(Boolean);
      },
      { what: 'the undo link sent to the old email' },
    );
    const url = new URL(undoLink);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('heading', { level: 1, name: 'Undo a change to your account' }).waitFor();
    await expectNoSeriousAxeViolations(page, '/account/undo-change');
    const undone = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/contact-change/undo'));
    await page.getByRole('button', { name: 'Undo the change' }).click();
    expect((await undone).status()).toBe(200);
    await page.getByText(/The change was undone and every device was signed out/).waitFor();
    await page.getByRole('link', { name: 'Reset my password' }).waitFor();
  }, 120_000);
});
