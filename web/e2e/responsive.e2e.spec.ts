import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeE2e, openE2e, SEEDED_ADMIN } from './support/app.ts';
import { signInThroughPages } from './support/sign-in.ts';
import type { TestApp } from '../../services/test/harness.ts';

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

});
