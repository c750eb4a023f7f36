import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { may, type Capability } from '@acpg/contracts/role-permissions';
import { closeE2e, SEEDED_ADMIN, startE2eApp } from './support/app.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { newCustomer } from './support/customer.ts';
import { signInThroughPages } from './support/sign-in.ts';
import { newApplicant, signUpToProperty } from './support/sign-up.ts';
import { closeE2eOnStripe, openE2eOnStripe } from './support/stripe.ts';
import type { TestApp } from '../../services/test/harness.ts';
import { placeAndPayOrder } from '../../services/test/nhd.ts';
import { payWithTestCard } from '../../services/test/payments.ts';
import { fileClaim, startMembershipFor, verifyPropertyFor } from '../../services/test/reimbursement.ts';

/** The web app's route table, loaded at run time (as a11y.e2e.spec.ts does: a static import would type-check the app). */
interface RouteRow {
  path: string;
  access: string;
  capability?: Capability;
}
const ROUTE_TABLE = '../src/app/routes.ts';
const { APP_ROUTES } = (await import(/* @vite-ignore */ ROUTE_TABLE)) as { APP_ROUTES: readonly RouteRow[] };

const BANNER = 'Test payments: no real card is charged';
const CSP_MESSAGE = /Content Security Policy|\[csp-violation\]/i;

/**
 * Records every CSP violation of the context's pages: the `securitypolicyviolation` event (logged by an init script on
 * every document, so it survives navigations) and Chromium's own console message ("Refused to ... Content Security
 * Policy ..."). Each entry names the page it happened on.
 */
const watchCsp = async (context: BrowserContext, page: Page): Promise<string[]> => {
  const seen: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`[csp-violation] ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} from ${e.sourceFile}:${e.lineNumber} sample=${e.sample}`);
    });
  });
  page.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) seen.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  return seen;
};

/** The page has its heading, no skeleton or spinner left, its load finished, and queued events have been dispatched. */
const settled = async (page: Page) => {
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.locator('main .fui-Skeleton, main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 20_000 });
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
};

/** The test-payments banner shows, in the page's flow, above the page's heading (it covers nothing). */
const expectBanner = async (page: Page, where: string) => {
  const banner = page.getByRole('region', { name: 'Test payments' });
  await banner.getByText(BANNER).waitFor({ state: 'visible', timeout: 10_000 });
  const placement = await banner.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const heading = document.querySelector('main h1')!.getBoundingClientRect();
    return { position: getComputedStyle(el).position, bottom: box.bottom + window.scrollY, headingTop: heading.top + window.scrollY, width: box.width, viewport: window.innerWidth };
  });
  expect(placement.position, where).toBe('static');
  expect(placement.bottom, `${where}: the banner ends above the heading`).toBeLessThanOrEqual(placement.headingTop);
  expect(placement.width, `${where}: the banner fits the width`).toBeLessThanOrEqual(placement.viewport);
};

/** A route path with its parameters filled in (`/nhd-order-list/:orderId` → `/nhd-order-list/<id>`). */
const fill = (path: string, values: Record<string, string>) => path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? `missing-${name}`);

describe('the content security policy in Chromium: no violation on any page', () => {
  let app: TestApp;
  let browser: Browser;
  /** A member's claim, paid order and checkout: the detail pages then have something to show. */
  let member: { email: string; password: string; accountId: string; claimId: string; orderId: string; checkoutId: string };

  beforeAll(async () => {
    app = await startE2eApp();
    browser = await launchBrowser();
    const account = await newCustomer(app, 'Casey Policy');
    await verifyPropertyFor(app, account.accountId);
    await startMembershipFor(app, account.accountId);
    const claim = await fileClaim(app, account.accountId);
    const { order } = await placeAndPayOrder(app, account.accountId);
    const { checkoutId } = await payWithTestCard(app, account.accountId, TEST_CARDS.succeeds, 'yearly');
    member = { email: account.email, password: account.password, accountId: account.accountId, claimId: claim.claim_id, orderId: order.order_id, checkoutId };
  }, 120_000);

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  it('reports a violation when one happens (an injected inline script is blocked and recorded)', async () => {
    const { context, page } = await newPage(browser, app.url);
    try {
      const seen = await watchCsp(context, page);
      await page.goto('/about-us');
      await settled(page);
      expect(seen).toEqual([]);
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.body.append(script);
      });
      await expect.poll(() => seen.some((s) => s.includes('[csp-violation] script-src-elem')), { timeout: 10_000 }).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it('every public, sign-in and sign-up route, the not-found page, and the sign-up wizard with its human check', async () => {
    const { context, page } = await newPage(browser, app.url);
    try {
      const seen = await watchCsp(context, page);
      const visited = new Set<string>();
      for (const route of APP_ROUTES.filter((r) => r.access !== 'protected' && r.path !== '/blogs/:slug')) {
        await page.goto(fill(route.path, { token: 'not-a-real-token' }));
        await settled(page);
        await expectBanner(page, route.path);
        visited.add(route.path);
      }
      await page.goto('/blogs');
      await settled(page);
      await page.locator('main ul a').first().click();
      await page.waitForURL(/\/blogs\/[^/]+$/);
      await settled(page);
      visited.add('/blogs/:slug');
      await page.goto('/no-such-page-here');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      // At 375 px the banner still sits above the content.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto('/');
      await settled(page);
      await expectBanner(page, '/ at 375 px');
      await page.setViewportSize({ width: 1440, height: 900 });
      // The wizard for real: the ALTCHA proof of work runs in a worker, the codes sign in.
      await page.goto('/authentication/sign-up');
      await signUpToProperty(page, app, newApplicant('Pat Policy'));
      await settled(page);
      expect(visited).toEqual(new Set(APP_ROUTES.filter((r) => r.access !== 'protected').map((r) => r.path)));
      expect(seen, seen.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('the API docs UI (Swagger UI at /api/v1/docs)', async () => {
    const { context, page } = await newPage(browser, app.url);
    try {
      const seen = await watchCsp(context, page);
      await page.goto('/api/v1/docs/');
      await page.getByRole('heading', { name: /ACPG API/ }).waitFor({ timeout: 20_000 });
      await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('load');
      expect(seen, seen.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  const signedIn: { role: 'Customer' | 'Super Admin'; who: () => { email: string; password: string } }[] = [
    { role: 'Customer', who: () => member },
    { role: 'Super Admin', who: () => SEEDED_ADMIN },
  ];
  for (const { role, who } of signedIn) {
    it(`every signed-in route a ${role} may open`, async () => {
      const { context, page } = await newPage(browser, app.url);
      try {
        const seen = await watchCsp(context, page);
        const { email, password } = who();
        await signInThroughPages(page, app, email, password);
        await settled(page);
        const routes = APP_ROUTES.filter((r) => r.access === 'protected' && (!r.capability || may([role], r.capability)));
        const paths = routes.map((r) => fill(r.path, { orderId: member.orderId, claimId: member.claimId, accountId: member.accountId }));
        if (role === 'Customer') paths.push(`/payment-status?checkout_id=${encodeURIComponent(member.checkoutId)}`);
        for (const path of paths) {
          await page.goto(path);
          await settled(page);
          expect(await page.getByText('This screen belongs to another role.').count(), `${role} on ${path}`).toBe(0);
          await expectBanner(page, path);
        }
        await page.setViewportSize({ width: 375, height: 800 });
        await page.goto(paths[0]!);
        await settled(page);
        await expectBanner(page, `${paths[0]} at 375 px`);
        expect(seen, seen.join('\n')).toEqual([]);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});

describe('the content security policy with Stripe as the gateway (the local stand-in)', () => {
  let run: Awaited<ReturnType<typeof openE2eOnStripe>> | undefined;

  beforeAll(async () => {
    run = await openE2eOnStripe();
  }, 120_000);

  afterAll(async () => {
    await closeE2eOnStripe(run ?? {});
  });

  it('loads Stripe.js and its card form with no violation, and shows no test-payments banner', async () => {
    const { app, browser } = run!;
    const { context, page } = await newPage(browser, app.url);
    try {
      const seen = await watchCsp(context, page);
      const customer = await newCustomer(app);
      await signInThroughPages(page, app, customer.email, customer.password);
      await page.goto('/subscriptions');
      await settled(page);
      await page.getByRole('button', { name: 'Start a membership' }).click();
      await page.getByRole('radio', { name: /^Monthly:/ }).check();
      const form = page.getByRole('form', { name: 'Payment' });
      await form.getByRole('group', { name: 'Card' }).getByLabel('Card number').waitFor({ timeout: 20_000 });
      await settled(page);
      expect(await page.getByText(BANNER).count()).toBe(0);
      expect(seen, seen.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
