import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { may, type Capability } from '@acpg/contracts/role-permissions';
import { closeE2e, openE2e, SEEDED_ADMIN, startE2eApp } from './support/app.ts';
import { axeViolations, describeViolation, fitsWidth, isBlocking, seriousViolations, type AxeViolation } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { newCustomer, type CustomerRole } from './support/customer.ts';
import { latestCode, signInThroughPages } from './support/sign-in.ts';
import type { TestApp } from '../../services/test/harness.ts';
import { placeAndPayOrder } from '../../services/test/nhd.ts';
import { payWithTestCard } from '../../services/test/payments.ts';
import { fileClaim, startMembershipFor, verifyPropertyFor } from '../../services/test/reimbursement.ts';

/**
 * The web app's route table, loaded at run time: a static import would make the tools' type-check follow its lazy
 * screens into the whole React app (web/tsconfig.json checks that). Only the fields read here are typed.
 */
interface RouteRow {
  path: string;
  access: string;
  capability?: Capability;
}
const ROUTE_TABLE = '../src/app/routes.ts';
const { APP_ROUTES } = (await import(/* @vite-ignore */ ROUTE_TABLE)) as { APP_ROUTES: readonly RouteRow[] };

// The checks (and the one documented false positive they leave out) are support/axe.ts's, shared with journey tests.
const runAxe = axeViolations;
const describeViolations = (violations: AxeViolation[]) => violations.map(describeViolation).join('\n');

/** Fails with every serious/critical violation listed (id, help, node targets). */
async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await runAxe(page);
  const blocking = violations.filter(isBlocking);
  expect(blocking, `axe on ${where}:\n${describeViolations(blocking)}`).toEqual([]);
  return violations;
}

/** The page has its heading and no loading skeleton or spinner left. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.locator('main .fui-Skeleton, main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 20_000 });
}

const ADMIN_PHONE = '+14155550123';

const PUBLIC_PAGES = ['/', '/about-us', '/services-page', '/faq', '/contact-us', '/privacy-policy', '/additional-information', '/terms-of-service', '/blogs', '/equity-protect-property-search'];

describe('accessibility (axe-core): no serious or critical violations', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // With a phone, so the sign-in offers the SMS code page too.
    ({ app, browser, page } = await openE2e({ SEED_ADMIN_PHONE: ADMIN_PHONE }));
  });

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  for (const path of PUBLIC_PAGES) {
    it(`public page ${path}`, async () => {
      await page.goto(path);
      await settled(page);
      if (path === '/contact-us') await page.getByRole('link', { name: /@/ }).first().waitFor({ timeout: 15_000 });
      // With the backend up the contact details load, so no warning toast is showing.
      expect(await page.locator('.fui-Toast').count()).toBe(0);
      await expectNoSeriousViolations(page, path);
    });
  }

  it('a blog post', async () => {
    await page.goto('/blogs');
    await settled(page);
    await page.locator('main ul a').first().click();
    await page.waitForURL(/\/blogs\/[^/]+$/);
    await settled(page);
    await expectNoSeriousViolations(page, page.url());
  });

  it('leaves out tabster\'s focus sentinels from aria-hidden-focus, and nothing else', async () => {
    await page.goto('/about-us');
    await settled(page);
    await page.evaluate(() => {
      const sentinel = document.createElement('i');
      Object.assign(sentinel, { tabIndex: 0 });
      sentinel.setAttribute('aria-hidden', 'true');
      sentinel.setAttribute('data-tabster-dummy', '');
      sentinel.id = 'e2e-sentinel';
      const hidden = document.createElement('div');
      hidden.setAttribute('aria-hidden', 'true');
      hidden.id = 'e2e-hidden-control';
      hidden.innerHTML = '<button type="button">Hidden but focusable</button>';
      const sentinelInside = document.createElement('div');
      sentinelInside.setAttribute('aria-hidden', 'true');
      sentinelInside.id = 'e2e-hidden-sentinel-holder';
      sentinelInside.innerHTML = '<i tabindex="0" data-tabster-dummy></i>';
      document.querySelector('main')!.append(sentinel, hidden, sentinelInside);
    });
    try {
      const found = (await runAxe(page)).find((v) => v.id === 'aria-hidden-focus');
      expect(found?.nodes.map((n) => n.target).flat().sort()).toEqual(['#e2e-hidden-control', '#e2e-hidden-sentinel-holder']);
    } finally {
      await page.evaluate(() => ['e2e-sentinel', 'e2e-hidden-control', 'e2e-hidden-sentinel-holder'].forEach((id) => document.getElementById(id)?.remove()));
    }
  });

  it('the not-found page', async () => {
    await page.goto('/no-such-page-here');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectNoSeriousViolations(page, 'not found');
  });

  it('contact details failing: the footer offers the contact page and that page its error with Try again, adding no violation, not even a moderate one', async () => {
    const isolated = await newPage(browser, app.url);
    try {
      await isolated.page.route('**/api/v1/cms/content/contact', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'UNAVAILABLE', message: 'Contact details are unavailable' }) }),
      );
      // A server-rendered page arrives with the contact details; a preview URL is always sent as the app shell, so the
      // browser reads them itself, as it does after any failure on the server (and a visitor just sees the published page).
      await isolated.page.goto('/about-us?preview=draft');
      await settled(isolated.page);
      await isolated.page.getByRole('contentinfo').getByRole('link', { name: 'Write to us' }).waitFor({ timeout: 15_000 });
      await isolated.page.goto('/contact-us?preview=draft');
      await isolated.page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 15_000 });
      await isolated.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
      const violations = await expectNoSeriousViolations(isolated.page, '/contact-us with its details failing');
      expect(violations.filter((v) => v.id === 'region'), describeViolations(violations)).toEqual([]);
    } finally {
      await isolated.context.close();
    }
  });

  it('the sign-in pages: /authentication/sign-in, /login, auth-mode and the email code page', async () => {
    for (const path of ['/login', '/authentication/sign-in']) {
      await page.goto(path);
      await settled(page);
      await expectNoSeriousViolations(page, path);
    }
    // Errors shown after an empty submit are part of the page too.
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.getByText('Enter your email address').waitFor();
    await expectNoSeriousViolations(page, '/authentication/sign-in with validation errors');

    await page.getByLabel('Email', { exact: false }).first().fill(SEEDED_ADMIN.email);
    await page.getByLabel('Password', { exact: false }).first().fill(SEEDED_ADMIN.password);
    const started = Date.now() - 1000;
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/authentication\/auth-mode/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Where should we send your code?' }).waitFor({ timeout: 20_000 });
    await expectNoSeriousViolations(page, '/authentication/auth-mode');

    await page.getByRole('radio', { name: /email/i }).check();
    await page.getByRole('button', { name: /send code/i }).click();
    await page.waitForURL(/login-email-otp-verification/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Enter the code sent to your email' }).waitFor({ timeout: 20_000 });
    await expectNoSeriousViolations(page, '/authentication/login-email-otp-verification');

    // A wrong code shows the field error; still accessible.
    const code = await latestCode(app, SEEDED_ADMIN.email, started);
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = page.getByRole('form', { name: 'Verify code' });
    await verify.getByLabel('6-digit code').fill(wrong);
    await verify.getByRole('button', { name: 'Verify' }).click();
    await page.locator('.fui-Field__validationMessage').first().waitFor({ timeout: 15_000 });
    // Verify turns from "Verifying…" back to its own colours with a transition: measure contrast once it has finished.
    await page.getByRole('button', { name: 'Verify' }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
    await expectNoSeriousViolations(page, '/authentication/login-email-otp-verification with a wrong code');
  });
  it('the phone code page (/authentication/login-otp-verification) at 375, 900 and 1440 px, also with a wrong code', async () => {
    const phone = await newPage(browser, app.url);
    try {
      const p = phone.page;
      await p.goto('/authentication/sign-in');
      await settled(p);
      const form = p.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email').fill(SEEDED_ADMIN.email);
      await form.getByLabel('Password').fill(SEEDED_ADMIN.password);
      await form.getByRole('button', { name: 'Sign In' }).click();
      await p.waitForURL(/\/authentication\/auth-mode/, { timeout: 20_000 });
      await p.getByRole('radio', { name: /^Phone:/ }).check();
      const sentAfter = Date.now() - 1000;
      await p.getByRole('button', { name: /send code/i }).click();
      await p.waitForURL(/\/authentication\/login-otp-verification/, { timeout: 20_000 });
      await p.getByRole('heading', { name: 'Enter the code sent to your phone' }).waitFor({ timeout: 20_000 });
      for (const width of [375, 900, 1440]) {
        await p.setViewportSize({ width, height: 900 });
        await expectNoSeriousViolations(p, `/authentication/login-otp-verification at ${width} px`);
        expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no sideways scroll at ${width} px`).toBe(true);
      }
      const verify = p.getByRole('form', { name: 'Verify code' });
      const code = await latestCode(app, ADMIN_PHONE, sentAfter);
      await verify.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
      await verify.getByRole('button', { name: 'Verify' }).click();
      await p.locator('.fui-Field__validationMessage').first().waitFor({ timeout: 15_000 });
      await p.getByRole('button', { name: 'Verify' }).waitFor();
      await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
      await expectNoSeriousViolations(p, '/authentication/login-otp-verification with a wrong code');
    } finally {
      await phone.context.close();
    }
  });
});

const WIDTHS = [375, 900, 1440] as const;
type SignedInRole = 'Super Admin' | CustomerRole;
const ROLES: readonly SignedInRole[] = ['Super Admin', 'Customer', 'Agent', 'Broker', 'Owner'];

/** Every signed-in route a role may open (the route table's protected routes, detail pages with `:id` included). */
const routesOf = (role: SignedInRole) => APP_ROUTES.filter((r) => r.access === 'protected' && (!r.capability || may([role], r.capability))).map((r) => r.path);
/** The route a visited path belongs to (`/nhd-order-list/abc` → `/nhd-order-list/:orderId`). */
const routeOf = (path: string) =>
  APP_ROUTES.find((r) => new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`).test(new URL(path, 'http://x').pathname))?.path;

/**
 * Every signed-in page of every role that can exist today (the Super Admin, seeded, and the four sign-up roles that
 * share the customer menu), at 375, 900 and 1440 px: the side menu's entries, Profile, and the detail pages (an order,
 * a claim, a payment's status) with data made for the purpose. One browser context per role, signed in once.
 */
describe('accessibility (axe-core) of every signed-in page of every role, at 375, 900 and 1440 px', () => {
  let app: TestApp;
  let browser: Browser;
  /** Another member's claim and order, for the Super Admin's detail pages. */
  let theirs: { claimId: string; orderId: string; accountId: string };

  /** A claim, a paid order and a paid membership of `accountId`: its detail pages then have something to show. */
  const dataOf = async (accountId: string) => {
    await verifyPropertyFor(app, accountId);
    // Claims follow coverage: a membership past its waiting period covers the claim.
    await startMembershipFor(app, accountId);
    // A second property waits for its mailed code: My properties shows the code form too.
    const letter = await app.app.inject({ method: 'POST', url: '/api/v1/properties/ca-sfo-00010/verifications/letters', headers: { authorization: `Bearer ${await app.signInAs('Customer', accountId)}` } });
    if (letter.statusCode !== 200) throw new Error(`mailing a code: ${letter.statusCode} ${letter.body}`);
    // A third waits for its document's review: My properties shows it, and the Super Admin's review queue has rows.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n').toString('base64');
    const deed = await app.app.inject({
      method: 'POST',
      url: '/api/v1/properties/ca-sfo-00011/verifications/documents',
      payload: { kind: 'deed', data: pdf },
      headers: { authorization: `Bearer ${await app.signInAs('Customer', accountId)}` },
    });
    if (deed.statusCode !== 200) throw new Error(`sending a document: ${deed.statusCode} ${deed.body}`);
    const claim = await fileClaim(app, accountId);
    const { order } = await placeAndPayOrder(app, accountId);
    const { checkoutId } = await payWithTestCard(app, accountId, TEST_CARDS.succeeds, 'yearly');
    return { claimId: claim.claim_id, orderId: order.order_id, checkoutId };
  };

  beforeAll(async () => {
    app = await startE2eApp();
    browser = await launchBrowser();
    const member = await newCustomer(app, 'Morgan Member');
    const { claimId, orderId } = await dataOf(member.accountId);
    theirs = { claimId, orderId, accountId: member.accountId };
  }, 120_000);

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  for (const role of ROLES) {
    it(`${role}: every page it may open, and the frame's popups`, async () => {
      const { context, page } = await newPage(browser, app.url);
      try {
        let details: string[];
        let who: { email: string; password: string };
        if (role === 'Super Admin') {
          who = SEEDED_ADMIN;
          details = [
            `/admin-property-reimbursement/${theirs.claimId}`,
            `/property-reimbursement/${theirs.claimId}`,
            `/nhd-order-list/${theirs.orderId}`,
            `/account-administration/${theirs.accountId}`,
            '/blog-management/a11y-post',
            // The email-templates editor (the list's ?key=), with its live preview.
            '/email-templates?key=identity.sign-in-notice',
            // One stream's history on the Events screen.
            `/events/streams/identity-account-${theirs.accountId}`,
          ];
        } else {
          const account = await newCustomer(app, `Pat ${role}`, role);
          who = account;
          const mine = await dataOf(account.accountId);
          details = [`/property-reimbursement/${mine.claimId}`, `/nhd-order-list/${mine.orderId}`, `/payment-status?checkout_id=${encodeURIComponent(mine.checkoutId)}`];
        }
        await signInThroughPages(page, app, who.email, who.password);
        await settled(page);
        const menu = await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
        await page.getByRole('button', { name: /^Account menu for/ }).click();
        await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
        await page.keyboard.press('Escape');
        const paths = [...menu, '/user-update-profile', ...details];
        // Nothing the role may open is left out: a new screen joins the check by being in the route table.
        // The member menu's Help and Contact lead to public pages (checked above with the other public pages).
        expect(new Set(paths.map(routeOf).filter((r) => r !== '/payment-status' && !PUBLIC_PAGES.includes(r ?? ''))), `${role}'s pages`).toEqual(new Set(routesOf(role)));

        const failures: string[] = [];
        const check = async (where: string) => {
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 900 });
            const blocking = await seriousViolations(page);
            if (blocking.length > 0) failures.push(`${where} at ${width} px:\n${blocking.join('\n')}`);
            if (!(await fitsWidth(page))) failures.push(`${where} at ${width} px scrolls sideways`);
          }
        };
        for (const path of paths) {
          await page.goto(path);
          await settled(page);
          // The screen itself, not the notice a role gets on another role's screen.
          expect(await page.getByText('This screen belongs to another role.').count(), `${role} on ${path}`).toBe(0);
          await check(path);
        }
        // The frame's popups, on the role's first screen: the avatar menu at every width, below 1200 px the side menu's drawer.
        await page.goto(paths[0]!);
        await settled(page);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          const popups: [string, () => Promise<unknown>][] = [
            ['the avatar menu', () => page.getByRole('button', { name: /^Account menu for/ }).click().then(() => page.getByRole('menuitem', { name: 'Logout' }).waitFor())],
          ];
          if (width < 1200) popups.push(['the side menu drawer', () => page.getByRole('button', { name: 'Open menu' }).click().then(() => page.getByRole('dialog', { name: 'Side menu' }).waitFor())]);
          for (const [name, open] of popups) {
            await open();
            const blocking = await seriousViolations(page);
            if (blocking.length > 0) failures.push(`${name} at ${width} px:\n${blocking.join('\n')}`);
            await page.keyboard.press('Escape');
            await page.getByRole('menu').or(page.getByRole('dialog', { name: 'Side menu' })).first().waitFor({ state: 'detached', timeout: 10_000 });
          }
        }
        expect(failures, failures.join('\n')).toEqual([]);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
