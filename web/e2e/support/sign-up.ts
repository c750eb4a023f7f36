import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { TestApp } from '../../../services/test/harness.ts';
import { explained, latestCode } from './sign-in.ts';
import { checkWidths } from './axe.ts';

/** A stranger who signs up; unique per call (email and phone are reserved once verified). */
export interface Applicant {
  fullName: string;
  email: string;
  /** National number as typed, with the default country (+1). */
  phoneTyped: string;
  phone: string;
  password: string;
  /** The role picked on the first screen (Owner unless told); an Agent or a Broker names a brokerage. */
  role?: 'Customer' | 'Owner' | 'Agent' | 'Broker';
  brokerage?: string;
}

let made = 0;
const FIXED_LINES = new Set([0, 11, 23, 24, 42, 77]);
/** Where this test file's phone numbers start: varies per run, fixed for the file (its applicants never share one). */
const firstLine = Date.now() % 100;
export const newApplicant = (name = 'Grace Hopper'): Applicant => {
  made += 1;
  // 415-555-01xx numbers are reserved for fiction, and a verified number is taken: each applicant of a file gets the
  // next one (100 per file, more than any file signs up), starting somewhere new each run.
  // Numbers the tests give their seeded admins (01 23, 01 77, ...) are skipped.
  while (FIXED_LINES.has((firstLine + made) % 100)) made += 1;
  const line = `${(firstLine + made) % 100}`.padStart(2, '0');
  const phoneTyped = `41555501${line}`;
  return {
    fullName: name,
    email: `applicant-${Date.now()}-${made}@example.test`,
    phoneTyped,
    phone: `+1${phoneTyped}`,
    password: 'correct horse battery staple 11',
  };
};

/** axe (no serious or critical finding) and no sideways scroll at phone, tablet and desktop widths. */
export const checkAtWidths = (page: Page, where: string): Promise<void> => checkWidths(page, where);

/** The wizard's screen with this heading is showing and settled (no spinner left in the main area). */
export async function onScreen(page: Page, path: string, heading: string): Promise<void> {
  await explained(page, async () => {
    // By path: the first screen may carry `?next=` (a sign-up started on the way to another page).
    await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
    await page.locator('main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 30_000 });
  });
}

/**
 * Fills the account details (the role, a brokerage for an Agent or a Broker, consent to the Terms of Service; the
 * intent is left as the page preset it from where the sign-up started) and creates the account. Returns when codes
 * were sent from.
 */
export async function fillAccountDetails(page: Page, who: Applicant, options: { check?: (where: string) => Promise<void> } = {}): Promise<number> {
  await onScreen(page, '/authentication/sign-up', 'Create your account');
  const form = page.getByRole('form', { name: 'Create your account' });
  if (options.check) {
    // The form's own messages first: nothing is sent while a field is wrong.
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('Enter your full name').waitFor();
    await options.check('/authentication/sign-up with its messages');
  }
  await form.getByLabel('Full name').fill(who.fullName);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Phone number').fill(who.phoneTyped);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await form.getByLabel('Confirm password').fill(who.password);
  const role = who.role ?? 'Owner';
  await form.getByRole('radio', { name: role, exact: true }).check();
  if (role === 'Agent' || role === 'Broker') await form.getByLabel('Brokerage name').fill(who.brokerage ?? `${who.fullName} Realty`);
  // Consent to the Terms of Service, which open in a new tab from here.
  expect(await form.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms-of-service');
  await form.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' }).check();
  await form.getByText("I'm not a robot").click();
  const sentAfter = Date.now() - 1000;
  await form.getByRole('button', { name: 'Create account' }).click();
  return sentAfter;
}

/** Enters the code sent to `to` since `after` (dev outbox) on the code screen showing. */
export async function enterCode(page: Page, app: TestApp, to: string, after: number): Promise<void> {
  const code = await latestCode(app, to, after);
  const verify = page.getByRole('form', { name: 'Verify code' });
  await verify.getByLabel('6-digit code').fill(code);
  await verify.getByRole('button', { name: 'Verify' }).click();
}

/** From the header's Sign Up to the property step: account details, then the phone code, then the email code. */
export async function signUpToProperty(page: Page, app: TestApp, who: Applicant, check?: (where: string) => Promise<void>): Promise<void> {
  await signUpThroughCodes(page, app, who, check);
  await onScreen(page, '/sign-up/property', 'Find and verify your property');
}

/** Account details, then the phone code, then the email code (which signs in); resolves once the email code is sent in. */
export async function signUpThroughCodes(page: Page, app: TestApp, who: Applicant, check?: (where: string) => Promise<void>): Promise<void> {
  const sentAfter = await fillAccountDetails(page, who, check ? { check } : {});
  await onScreen(page, '/authentication/mobile-verification', 'Enter the code sent to your phone');
  // Send is disabled with a live countdown of the real wait (60 s after a send).
  const resend = page.getByRole('button', { name: /^Send a new code in \d+:\d\d$/ });
  expect(await resend.isDisabled() || (await resend.getAttribute('aria-disabled')) === 'true').toBe(true);
  if (check) await check('/authentication/mobile-verification');
  const emailAfter = Date.now() - 1000;
  await enterCode(page, app, who.phone, sentAfter);
  await onScreen(page, '/authentication/email-verification', 'Enter the code sent to your email');
  if (check) await check('/authentication/email-verification');
  await enterCode(page, app, who.email, emailAfter);
}

/**
 * An invited applicant on the sign-up form an invitation link opened (email prefilled and fixed, role set): fills the
 * rest, creates the account and enters both codes; resolves with the acceptance's response (the last code accepts it).
 */
export async function signUpInvited(page: Page, app: TestApp, who: Applicant): Promise<Response> {
  const form = page.getByRole('form', { name: 'Create your account' });
  expect(await form.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(who.email);
  await form.getByLabel('Full name').fill(who.fullName);
  await form.getByLabel('Phone number').fill(who.phoneTyped);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await form.getByLabel('Confirm password').fill(who.password);
  await form.getByRole('checkbox', { name: 'I have read and agree to the Terms of Service' }).check();
  await form.getByText("I'm not a robot").click();
  const sentAfter = Date.now() - 1000;
  await form.getByRole('button', { name: 'Create account' }).click();
  await onScreen(page, '/authentication/mobile-verification', 'Enter the code sent to your phone');
  const emailAfter = Date.now() - 1000;
  await enterCode(page, app, who.phone, sentAfter);
  await onScreen(page, '/authentication/email-verification', 'Enter the code sent to your email');
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/v1/provider-invitations/accept'), { timeout: 30_000 });
  await enterCode(page, app, who.email, emailAfter);
  return accepted;
}
