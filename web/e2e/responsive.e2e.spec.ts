import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { newPage } from './support/browser.ts';
import { newCustomer } from './support/customer.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';
import type { TestApp } from '../../services/test/harness.ts';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { propertyData } from '../../services/src/platform/property-data/select.ts';
import { CSV_HEADER, alertsOf, importCsv, protectProperty } from '../../services/test/equity.ts';
import { SAMPLE_PROPERTY_ID, placeAndPayOrder } from '../../services/test/nhd.ts';
import { payWithTestCard } from '../../services/test/payments.ts';
import { fileClaim, startMembershipFor, verifyPropertyFor } from '../../services/test/reimbursement.ts';

/** Spec section 9: side menu 260 px, boxed content max 1440 px, drawer below lg (1200 px), scroll-to-top after 400 px. */
const SIDE_MENU_WIDTH = 260;
const CONTENT_MAX_WIDTH = 1440;
const SCROLL_TOP_THRESHOLD = 400;
const WIDTHS = [375, 900, 1440] as const;
const HEIGHT = 900;

const SCREENSHOTS = resolve(import.meta.dirname, '../../reports/screenshots');

const PUBLIC_PAGES: readonly { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'about-us', path: '/about-us' },
  { name: 'services', path: '/services-page' },
  { name: 'faq', path: '/faq' },
  { name: 'contact-us', path: '/contact-us' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'additional-information', path: '/additional-information' },
  { name: 'blogs', path: '/blogs' },
  { name: 'blog-post', path: '/blogs/what-a-natural-hazard-disclosure-report-covers' },
  { name: 'property-search', path: '/equity-protect-property-search' },
  { name: 'not-found', path: '/no-such-page-here' },
  { name: 'sign-in', path: '/authentication/sign-in' },
];

const SIGNED_IN_PAGES: readonly { name: string; path: string }[] = [
  { name: 'admin-dashboard', path: '/admin-dashboard' },
  { name: 'user-interaction', path: '/user-interaction' },
];

/** The page has its heading and no loading skeleton or spinner left. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.locator('main .fui-Skeleton, main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 20_000 });
  // Let entrance motion and late layout (charts, fonts) finish before measuring.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
}

async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // The element reaching furthest right, to say what overflows when something does.
    let widest = '';
    let right = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > right && r.width > 0) {
        right = r.right;
        widest = `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')} (right edge ${Math.round(r.right)})`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widest };
  });
  // Soft, so the remaining checks and the screenshots of the run still happen; the test fails all the same.
  expect.soft(scrollWidth, `${where}: page is ${scrollWidth} px wide in a ${innerWidth} px window; widest: ${widest}`).toBeLessThanOrEqual(innerWidth);
}

async function expectBoxedContent(page: Page, where: string) {
  const main = await page.locator('main').evaluate((el) => ({ width: el.getBoundingClientRect().width, maxWidth: getComputedStyle(el).maxWidth }));
  expect(main.maxWidth, where).toBe(`${CONTENT_MAX_WIDTH}px`);
  expect(main.width, where).toBeLessThanOrEqual(CONTENT_MAX_WIDTH);
}

const shot = (page: Page, name: string, width: number) => page.screenshot({ path: resolve(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });

/** Scrolls to `y` and waits until the window reports it. */
async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.waitForFunction((top) => Math.abs(window.scrollY - top) < 2, y);
}

/** Two frames: the scroll event of a scroll already made has been handled, and React has drawn what it set. */
const afterFrames = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))));

async function expectScrollToTop(page: Page, where: string) {
  const room = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(room, `${where} must be long enough to scroll past ${SCROLL_TOP_THRESHOLD} px`).toBeGreaterThan(SCROLL_TOP_THRESHOLD + 50);
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await scrollTo(page, 0);
  await button.waitFor({ state: 'detached', timeout: 5_000 });
  await scrollTo(page, SCROLL_TOP_THRESHOLD - 100);
  await afterFrames(page);
  expect(await button.count(), 'hidden before 400 px').toBe(0);
  await scrollTo(page, SCROLL_TOP_THRESHOLD + 40);
  await button.waitFor({ state: 'visible', timeout: 5_000 });
  // Focus (a click gives it too, on the press) must not scroll the page: it once scrolled it back under 400 px, and
  // the button was gone before the click's release.
  const before = await page.evaluate(() => window.scrollY);
  await button.focus();
  expect(await page.evaluate(() => window.scrollY), 'focusing the button scrolled the page').toBe(before);
  await button.click();
  await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 10_000 });
  await button.waitFor({ state: 'detached', timeout: 5_000 });
}

describe('responsive layout at 375, 900 and 1440 px', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ app, browser, page } = await openE2e({}, WIDTHS[0], HEIGHT));
  });

  afterAll(async () => {
    await closeE2e({ browser, app });
  });

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      beforeAll(async () => {
        await page.setViewportSize({ width, height: HEIGHT });
      });

      it('public pages: no horizontal overflow, boxed content, screenshots', async () => {
        for (const { name, path } of PUBLIC_PAGES) {
          await page.goto(path);
          await settled(page);
          await expectNoHorizontalOverflow(page, `${path} at ${width}`);
          await expectBoxedContent(page, `${path} at ${width}`);
          await shot(page, name, width);
        }
      });

      it('public header: the six links, behind a named menu button on small screens', async () => {
        await page.goto('/about-us');
        await settled(page);
        const header = page.locator('header');
        const main = page.getByRole('navigation', { name: 'Main' });
        if (width < 900) {
          expect(await main.isVisible(), 'links are not inline below 900 px').toBe(false);
          // Signed out, Sign In and Sign Up both stay in the bar: the way in is never behind the menu.
          for (const name of ['Sign In', 'Sign Up']) expect(await header.getByRole('link', { name }).isVisible(), `${name} in the bar at ${width}`).toBe(true);
          const open = header.getByRole('button', { name: 'Open site menu' });
          await open.focus();
          await page.keyboard.press('Enter');
          const menu = page.getByRole('dialog', { name: 'Site menu' });
          await menu.waitFor();
          const links = menu.getByRole('navigation', { name: 'Main' }).getByRole('link');
          expect(await links.allTextContents()).toEqual(['Home', 'About Us', 'Services', 'FAQ', 'Additional Info', 'Contact Us']);
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
          await expectNoHorizontalOverflow(page, `site menu at ${width}`);
          await shot(page, 'site-menu-open', width);
          await page.keyboard.press('Escape');
          await menu.waitFor({ state: 'detached' });
          // The menu's links navigate and close it.
          await open.click();
          await menu.getByRole('link', { name: 'FAQ' }).click();
          await page.waitForURL('**/faq');
          await menu.waitFor({ state: 'detached' });
        } else {
          expect(await header.getByRole('button', { name: 'Open site menu' }).count()).toBe(0);
          expect(await main.getByRole('link').allTextContents()).toEqual(['Home', 'About Us', 'Services', 'FAQ', 'Additional Info', 'Contact Us']);
          const box = await main.boundingBox();
          expect(box?.height ?? 0, 'the links stay on one line').toBeLessThan(60);
        }
      });

      it('the scroll-to-top button appears after 400 px on a long page', async () => {
        await page.goto('/blogs/what-a-natural-hazard-disclosure-report-covers');
        await settled(page);
        // A shorter window so the article is long enough at every width.
        await page.setViewportSize({ width, height: 400 });
        try {
          await expectScrollToTop(page, `blog post at ${width}`);
        } finally {
          await page.setViewportSize({ width, height: HEIGHT });
        }
      });
    });
  }

  it('the public layout keeps its content boxed at 1440 px on a wider screen', async () => {
    await page.setViewportSize({ width: 2200, height: HEIGHT });
    await page.goto('/about-us');
    await settled(page);
    const main = await page.locator('main').boundingBox();
    expect(main?.width).toBe(CONTENT_MAX_WIDTH);
    await expectNoHorizontalOverflow(page, '/about-us at 2200');
  });

  describe('signed in as the seeded Super Admin', () => {
    beforeAll(async () => {
      await page.setViewportSize({ width: 1440, height: HEIGHT });
      await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
      await page.waitForURL('**/admin-dashboard');
    });

    for (const width of WIDTHS) {
      it(`at ${width} px: pages fit, the side menu is ${width < 1200 ? 'a drawer' : 'a 260 px column'}`, async () => {
        await page.setViewportSize({ width, height: HEIGHT });
        for (const { name, path } of SIGNED_IN_PAGES) {
          await page.goto(path);
          await settled(page);
          await expectNoHorizontalOverflow(page, `${path} at ${width}`);
          await expectBoxedContent(page, `${path} at ${width}`);
          await shot(page, name, width);
        }

        const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
        const open = page.getByRole('button', { name: 'Open menu' });
        if (width < 1200) {
          expect(await sideMenu.count(), 'the side menu is hidden until opened').toBe(0);
          await open.click();
          await sideMenu.waitFor({ state: 'visible' });
          expect(await sideMenu.getByRole('link', { name: 'User Interactions' }).isVisible()).toBe(true);
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
          await shot(page, 'side-menu-open', width);
          await page.keyboard.press('Escape');
          await sideMenu.waitFor({ state: 'detached' });
          // Opening it again and choosing an entry navigates and closes it.
          await open.click();
          await sideMenu.getByRole('link', { name: 'Dashboard' }).click();
          await page.waitForURL('**/admin-dashboard');
          await sideMenu.waitFor({ state: 'detached' });
        } else {
          expect(await open.count()).toBe(0);
          await sideMenu.waitFor({ state: 'visible' });
          const aside = await page.locator('aside').filter({ has: sideMenu }).boundingBox();
          expect(aside?.width).toBe(SIDE_MENU_WIDTH);
          expect(aside?.x).toBe(0);
        }
      });
    }

    it('the signed-in layout keeps its content boxed at 1440 px on a wider screen, and shows scroll-to-top after 400 px', async () => {
      await page.setViewportSize({ width: 2200, height: HEIGHT });
      await page.goto('/user-interaction');
      await settled(page);
      const main = await page.locator('main').boundingBox();
      expect(main?.width).toBe(CONTENT_MAX_WIDTH);
      await page.setViewportSize({ width: 1440, height: 400 });
      await expectScrollToTop(page, '/user-interaction');
    });
  });


  /**
   * Issue 19, item 7: every member table at 375 px is a list of cards that fits the window, each row's action on its
   * card, visible and clickable; from 900 px the tables' actions are never cut off; filter fields never overlap; the
   * side menu's background runs the page's whole height; a toast never covers the control in use.
   */
  describe('tables, filters, the side menu and toasts on phones and wide screens', () => {
    const LIST_WIDTHS = [375, 900, 1440, 1920] as const;
    let member: Page;
    let orderId = '';

    /** Every table on the page: its rows fit the window and each row's actions are visible and take a click there. */
    async function expectUsableRows(p: Page, where: string, width: number) {
      const tables = p.locator('main [role=region][data-card-rows]');
      const count = await tables.count();
      expect(count, `${where}: a table`).toBeGreaterThan(0);
      for (let k = 0; k < count; k++) {
        const region = tables.nth(k);
        const cards = (await region.getAttribute('data-card-rows')) === 'true';
        if (width < 900) expect(cards, `${where} at ${width}: rows are cards below 900 px`).toBe(true);
        // From 900 px a table is drawn only where it fits: every column (the actions last) in view, no sideways scroll.
        else if (!cards) expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${where} at ${width}: the table fits its card`).toBe(true);
        const rows = region.locator('tbody tr');
        const rowCount = await rows.count();
        expect(rowCount, `${where}: rows in table ${k + 1}`).toBeGreaterThan(0);
        // Cards or not, screen readers still meet a table: its header row and a row per item.
        expect(await region.getByRole('row').count(), `${where} at ${width}: rows read as rows`).toBe(rowCount + 1);
        for (let r = 0; r < rowCount; r++) {
          const row = rows.nth(r);
          await row.scrollIntoViewIfNeeded();
          const box = await row.boundingBox();
          if (width < 900) {
            expect(box, `${where}: row ${r + 1} has a box`).not.toBeNull();
            expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, `${where}: row ${r + 1} fits the ${width} px window`).toBe(true);
          }
          for (const action of await row.locator('td button, td a').all()) {
            await action.scrollIntoViewIfNeeded();
            const a = await action.boundingBox();
            const name = (await action.getAttribute('aria-label')) ?? (await action.innerText());
            expect(a !== null && a.x >= 0 && a.x + a.width <= width, `${where} at ${width}: "${name}" is inside the window`).toBe(true);
            // Playwright's actionability checks (visible, stable, enabled, and the click would land on it, not on
            // something covering it), without clicking.
            await action.click({ trial: true, timeout: 5_000 });
          }
        }
      }
    }

    /** The filter form's fields and buttons: none overlaps another or leaves the form; inputs of a row line up. */
    async function expectTidyFilters(p: Page, where: string) {
      const form = p.locator('main form').filter({ has: p.getByRole('button', { name: 'Apply filters' }) }).first();
      await form.waitFor({ timeout: 10_000 });
      const found = await form.evaluate((el) => {
        const f = el.getBoundingClientRect();
        // Each field's own control (an input, a dropdown, a combobox's input) and the form's buttons.
        const controls = [...el.querySelectorAll<HTMLElement>('input, select, button')].filter((c) => c.getBoundingClientRect().width > 0 && !c.closest('[role=listbox]'));
        const boxes = controls.map((c) => ({ name: c.getAttribute('aria-label') ?? c.closest('.fui-Field')?.querySelector('label')?.textContent ?? c.textContent ?? c.tagName, r: c.getBoundingClientRect() }));
        const problems: string[] = [];
        for (const b of boxes) {
          if (b.r.left < f.left - 0.5 || b.r.right > f.right + 0.5) problems.push(`"${b.name}" leaves the form (${Math.round(b.r.left)}-${Math.round(b.r.right)} of ${Math.round(f.left)}-${Math.round(f.right)})`);
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!.r;
            const b = boxes[j]!.r;
            if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) problems.push(`"${boxes[i]!.name}" overlaps "${boxes[j]!.name}"`);
          }
        }
        // Fields in one row: their inputs start at the same height (a message under one does not lift it).
        const fields = [...el.querySelectorAll<HTMLElement>('.fui-Field')].map((field) => ({ field: field.getBoundingClientRect(), input: field.querySelector('input, select')?.getBoundingClientRect() }));
        for (const a of fields) {
          for (const b of fields) {
            if (a.input && b.input && Math.abs(a.field.top - b.field.top) < 1 && Math.abs(a.input.top - b.input.top) > 1.5) problems.push(`inputs of one row at ${Math.round(a.input.top)} and ${Math.round(b.input.top)}`);
          }
        }
        return [...new Set(problems)];
      });
      expect(found, `${where}: ${found.join('; ')}`).toEqual([]);
    }

    const shotList = (p: Page, name: string, width: number) => p.screenshot({ path: resolve(SCREENSHOTS, `list-${name}-${width}.png`), fullPage: true });

    beforeAll(async () => {
      const who = await newCustomer(app, 'Riley Phone');
      await verifyPropertyFor(app, who.accountId);
      // Claims follow coverage: a membership past its waiting period covers the claim.
      await startMembershipFor(app, who.accountId);
      await fileClaim(app, who.accountId);
      ({ order: { order_id: orderId } } = await placeAndPayOrder(app, who.accountId));
      await payWithTestCard(app, who.accountId, TEST_CARDS.succeeds, 'yearly');
      const property = await propertyData().findById(SAMPLE_PROPERTY_ID);
      if (!property) throw new Error(`no sample property ${SAMPLE_PROPERTY_ID}`);
      await protectProperty(app, who.accountId, SAMPLE_PROPERTY_ID);
      const recorded = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const docNumber = `2026-${String(Date.now()).slice(-7)}`;
      await importCsv(app, [CSV_HEADER, `${docNumber},${property.county},${property.apn},deed_of_trust,${recorded},Riley Phone,Quick Cash Lending LLC,45000000`].join('\n'));
      await alertsOf(app, who.accountId, 1);
      ({ page: member } = await newPage(browser, app.url, 1440, HEIGHT));
      await signInThroughPages(member, app, who.email, who.password);
      await member.waitForURL((url) => !url.pathname.startsWith('/authentication'));
    }, 180_000);

    const MEMBER_TABLES: readonly { name: string; path: () => string; filters?: true }[] = [
      { name: 'memberships-and-payments', path: () => '/subscriptions' },
      { name: 'equity-alerts', path: () => '/equity-protect-list#alerts', filters: true },
      { name: 'equity-properties', path: () => '/equity-protect-list#properties', filters: true },
      { name: 'nhd-orders', path: () => '/nhd-order-list', filters: true },
      { name: 'nhd-order-audit-trail', path: () => `/nhd-order-list/${orderId}` },
      { name: 'claims', path: () => '/property-reimbursement' },
    ];

    for (const width of LIST_WIDTHS) {
      it(`at ${width} px: every member table fits and its actions can be clicked; filters do not overlap`, async () => {
        await member.setViewportSize({ width, height: HEIGHT });
        for (const { name, path, filters } of MEMBER_TABLES) {
          await member.goto(path());
          await settled(member);
          await explained(member, () => member.locator('main tbody tr').first().waitFor({ timeout: 20_000 }));
          await expectNoHorizontalOverflow(member, `${name} at ${width}`);
          await expectUsableRows(member, name, width);
          if (filters && width < 900) {
            // On a phone the filters fold behind one button, so the list is on the first screen.
            const show = member.getByRole('button', { name: /^Show filters/ });
            expect(await show.getAttribute('aria-expanded'), `${name}: filters folded at ${width}`).toBe('false');
            expect(await member.getByRole('button', { name: 'Apply filters' }).isVisible()).toBe(false);
            await show.click();
            await member.getByRole('button', { name: 'Apply filters' }).waitFor({ state: 'visible', timeout: 5_000 });
            expect(await member.getByRole('button', { name: /^Hide filters/ }).getAttribute('aria-expanded')).toBe('true');
          }
          if (filters) await expectTidyFilters(member, `${name} at ${width}`);
          await shotList(member, name, width);
        }
      }, 120_000);
    }

    const ADMIN_LISTS: readonly { name: string; path: string; filters: boolean }[] = [
      { name: 'admin-nhd-orders', path: '/admin-nhd-order-list', filters: true },
      { name: 'admin-claims', path: '/admin-property-reimbursement', filters: true },
      { name: 'admin-interactions', path: '/user-interaction', filters: true },
      { name: 'admin-payments', path: '/admin-payments', filters: true },
      { name: 'admin-memberships', path: '/admin-memberships', filters: true },
      { name: 'admin-equity-alerts', path: '/admin-equity-protect#alerts', filters: true },
      { name: 'admin-equity-properties', path: '/admin-equity-protect#properties', filters: true },
      { name: 'admin-equity-imports', path: '/admin-equity-protect#imports', filters: false },
      { name: 'admin-plans', path: '/plans', filters: true },
      { name: 'admin-promo-codes', path: '/promocode', filters: true },
      { name: 'admin-dashboard', path: '/admin-dashboard', filters: false },
    ];

    for (const width of LIST_WIDTHS) {
      it(`at ${width} px: every admin list fits, its actions can be clicked and its filters do not overlap`, async () => {
        await page.setViewportSize({ width, height: HEIGHT });
        for (const { name, path, filters } of ADMIN_LISTS) {
          await page.goto(path);
          await settled(page);
          const hasRows = await page.locator('main tbody tr').first().waitFor({ timeout: 10_000 }).then(() => true, () => false);
          await expectNoHorizontalOverflow(page, `${name} at ${width}`);
          if (hasRows) await expectUsableRows(page, name, width);
          if (filters && width >= 900) await expectTidyFilters(page, `${name} at ${width}`);
          await shotList(page, name, width);
        }
      }, 180_000);
    }

    it('at 900 px: a filter refused with a message keeps the other inputs of its row level (admin claims)', async () => {
      await page.setViewportSize({ width: 900, height: HEIGHT });
      await page.goto('/admin-property-reimbursement');
      await settled(page);
      await page.getByLabel('Submitted from').fill('2026-05-02');
      await page.getByLabel('Submitted to').fill('2026-05-01');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.locator('main form .fui-Field__validationMessage').first().waitFor({ timeout: 10_000 });
      await expectTidyFilters(page, 'admin claims with a refused date at 900');
      await shotList(page, 'admin-claims-refused-filter', 900);
    });

    it('at 1440 px: the side menu column runs the whole height of a long page', async () => {
      await page.setViewportSize({ width: 1440, height: 600 });
      try {
        await page.goto('/user-interaction');
        await settled(page);
        const heights = await page.evaluate(() => ({
          page: document.documentElement.scrollHeight,
          // Where the column ends (it starts below the test-payments banner when that shows, so its bottom is measured).
          column: (document.querySelector('[data-side-menu-column]')?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
          background: getComputedStyle(document.querySelector('[data-side-menu-column]') ?? document.body).backgroundColor,
        }));
        expect(heights.page, 'the page is longer than the window').toBeGreaterThan(600);
        expect(heights.column, 'the side menu column reaches the foot of the page').toBeGreaterThanOrEqual(heights.page - 1);
        expect(heights.background).not.toBe('rgba(0, 0, 0, 0)');
        await scrollTo(page, heights.page - 600);
        await shot(page, 'side-menu-long-page', 1440);
      } finally {
        await page.setViewportSize({ width: 1440, height: HEIGHT });
      }
    });

    it('at 375 px: a toast does not cover the button just used when it sits at the top of the window', async () => {
      await page.setViewportSize({ width: 375, height: 700 });
      try {
        await page.goto('/user-interaction');
        await settled(page);
        const exportButton = page.getByRole('button', { name: /^Export/ });
        // Scrolled so that Export sits right below the top bar, where a toast would otherwise go.
        const bar = await page.locator('header[data-top-bar]').boundingBox();
        const at = await exportButton.boundingBox();
        if (!bar || !at) throw new Error('no top bar or Export button');
        await scrollTo(page, Math.max(0, Math.round(at.y - (bar.y + bar.height) - 4)));
        await exportButton.click();
        await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
        const toast = page.locator('.fui-Toast').filter({ hasText: 'Exported' });
        await toast.waitFor({ timeout: 10_000 });
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
        // Focus went back to Export when the menu closed: the toast keeps clear of it.
        const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
        expect(focused).toMatch(/^Export/);
        const toastBox = await toast.boundingBox();
        const button = await exportButton.boundingBox();
        if (!toastBox || !button) throw new Error('no toast or Export box');
        const overlaps = toastBox.x < button.x + button.width && button.x < toastBox.x + toastBox.width && toastBox.y < button.y + button.height && button.y < toastBox.y + toastBox.height;
        await shot(page, 'toast-clear-of-focus', 375);
        expect(overlaps, `the toast (${JSON.stringify(toastBox)}) covers Export (${JSON.stringify(button)})`).toBe(false);
        expect(toastBox.y + toastBox.height, 'the toast is in the window').toBeLessThanOrEqual(700);
        await toast.click();
        await toast.waitFor({ state: 'detached', timeout: 10_000 });
      } finally {
        await page.setViewportSize({ width: 1440, height: HEIGHT });
      }
    }, 60_000);
  });
});
