import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { closeE2e, openE2e, SEEDED_ADMIN, type E2eRun } from './support/app.ts';
import { completeSignIn, explained, pathOf, SIGN_IN_PATH } from './support/sign-in.ts';
import { waitFor } from '../../services/test/wait-for.ts';

/**
 * The signed-in frame every screen inherits, tried as a new user would (issue 6, item 8): where focus, toasts and the
 * scroll-to-top button go, who may see a sign-in screen, where sign-in returns to, the Profile entry, the favicon.
 */
const SCREENSHOTS = resolve(import.meta.dirname, '../../reports/screenshots');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} has no box (not visible)`);
  return box;
};
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

/** The focused element's tag, text and drawn outline. */
const focusedOutline = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const style = el ? getComputedStyle(el) : null;
    return { tag: el?.tagName.toLowerCase() ?? '', text: el?.textContent?.trim() ?? '', outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '' };
  });
const drawsOutline = (outline: string) => !outline.startsWith('none') && !/ 0px$/.test(outline);

/** The page has its heading and no loading skeleton or spinner left, and motion has finished. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.locator('main .fui-Skeleton, main .fui-Spinner').first().waitFor({ state: 'detached', timeout: 20_000 });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
}

const topBar = (page: Page) => page.locator('header[data-top-bar]');

describe('the app frame', () => {
  let run: E2eRun;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    run = await openE2e();
    page = run.page;
    // Enough interactions for three pages of the list, so it pages and scrolls.
    for (let k = 0; k < 25; k++) {
      const res = await fetch(`${run.app.url}/api/v1/user-interaction/store`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page_name: '/app-frame', button_name: `seed ${k}` }),
      });
      expect(res.status).toBe(200);
    }
    // Records whether a sign-in form was ever on screen in this page (a flash counts).
    await run.context.addInitScript(() => {
      const w = window as unknown as { sawSignInForm: boolean };
      w.sawSignInForm = false;
      new MutationObserver(() => {
        if (document.querySelector('form[aria-label="Sign in"]')) w.sawSignInForm = true;
      }).observe(document, { childList: true, subtree: true });
    });
  }, 120_000);

  afterAll(async () => {
    await closeE2e(run ?? {});
  });

  const sawSignInForm = () => page.evaluate(() => (window as unknown as { sawSignInForm: boolean }).sawSignInForm);

  it('a signed-out visitor sent to sign in from a protected page comes back to it (path and query) afterwards', async () => {
    await page.goto('/user-interaction?page=2');
    await page.waitForURL((url) => url.pathname === SIGN_IN_PATH);
    const signInUrl = new URL(page.url());
    // Signed in before asserting, so the later tests start signed in whatever this one finds.
    await completeSignIn(page, run.app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    expect(signInUrl.searchParams.get('next')).toBe('/user-interaction?page=2');
    await explained(page, () => page.waitForURL((url) => url.pathname === '/user-interaction' && url.searchParams.get('page') === '2', { timeout: 15_000 }));
  }, 90_000);

  it('Back after signing in does not show the sign-in form again', async () => {
    await page.getByRole('heading', { level: 1, name: 'User Interactions' }).waitFor();
    await page.goBack(); // to the channel step of the finished sign-in
    await explained(page, () => page.waitForURL((url) => !url.pathname.startsWith('/authentication/') && url.pathname !== '/login', { timeout: 15_000 }));
    await page.locator('main h1').first().waitFor();
    expect(await page.getByRole('form', { name: /sign in|choose how to get your code/i }).count()).toBe(0);
  });

  it('a signed-in user who opens a sign-in screen or /login is sent on in place, without an empty form', async () => {
    for (const path of [SIGN_IN_PATH, '/login']) {
      await page.goto('/user-update-profile');
      await settled(page);
      await page.goto(path);
      await explained(page, () => page.waitForURL('**/admin-dashboard', { timeout: 15_000 }));
      await settled(page);
      expect(await sawSignInForm(), `${path} showed the sign-in form to a signed-in user`).toBe(false);
      // Replaced, not pushed: Back leaves the sign-in screen out.
      await page.goBack();
      await page.waitForURL('**/user-update-profile');
    }
    // Where they were going, when the sign-in URL names it; another origin is never a destination.
    await page.goto(`${SIGN_IN_PATH}?next=${encodeURIComponent('/user-interaction?page=3')}`);
    await page.waitForURL((url) => url.pathname === '/user-interaction' && url.searchParams.get('page') === '3', { timeout: 15_000 });
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await page.goto(`${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`);
      await page.waitForURL('**/admin-dashboard', { timeout: 15_000 });
      expect(new URL(page.url()).origin).toBe(run.app.url);
    }
  }, 60_000);

  it('the avatar menu has Profile, which shows the account: name, email, phone (masked) and roles', async () => {
    await page.goto('/admin-dashboard');
    await settled(page);
    await topBar(page).getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/user-update-profile');
    await settled(page);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    const details = (await main.locator('dl').innerText()).replace(/\s+/g, ' ');
    expect(details).toContain('Full name');
    expect(details).toContain(`Email ${SEEDED_ADMIN.email}`);
    expect(details).toMatch(/Phone (\+1\d{3}\*+|None on file)/);
    expect(details).toContain('Roles Super Admin');
    expect(await page.title()).toBe('Profile · ACPG');
  });

  it('focus moves to the new heading without a ring after a click, with one after the keyboard', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin-dashboard');
    await settled(page);
    const sideMenu = page.getByRole('navigation', { name: 'Side menu' });
    // Chromium rings a focus() call only after keyboard use; other engines (the reported dark box) ring it more often.
    // A stylesheet ringing every focused heading stands in for them: the app alone must hold the ring off after a click.
    await page.addStyleTag({ content: 'main h1:focus { outline: 3px solid black; }' });
    const headingFocus = (text: string) =>
      waitFor(async () => {
        const f = await focusedOutline(page);
        return f.tag === 'h1' && f.text === text ? f : undefined;
      }, { what: `the ${text} heading to take focus` });

    await sideMenu.getByRole('link', { name: 'User Interactions' }).click();
    const byLink = await headingFocus('User Interactions');
    expect(drawsOutline(byLink.outline), `a click on a link draws no box around the heading (outline ${byLink.outline})`).toBe(false);
    // A menu item closes its menu before the page changes: focus comes from nowhere, which the browser rings unless told.
    await topBar(page).getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const byMenu = await headingFocus('Profile');
    expect(drawsOutline(byMenu.outline), `a click on a menu item draws no box around the heading (outline ${byMenu.outline})`).toBe(false);

    // A keyboard user tabs away from the heading to the menu (a key press, as the focus guard of the last navigation expects).
    await page.keyboard.press('Tab');
    await sideMenu.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Enter');
    const byKeyboard = await headingFocus('Dashboard');
    expect(drawsOutline(byKeyboard.outline), `the keyboard shows where focus went (outline ${byKeyboard.outline})`).toBe(true);
  });

  it('the logo at the top of the side menu is a link home', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin-dashboard');
    await settled(page);
    const home = page.getByRole('complementary').getByRole('link', { name: 'ACPG home' });
    expect(await home.getAttribute('href')).toBe('/');
  });

  for (const width of [1440, 900, 375] as const) {
    it(`at ${width} px: a toast sits at the window's foot, clear of the top bar, the page's actions and the table's headings; scroll-to-top covers no content`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/user-interaction');
      await settled(page);
      await page.getByRole('navigation', { name: 'Interaction pages' }).getByRole('button', { name: 'Next' }).waitFor();

      // Export: the success toast must not cover the top bar or the Export button just used.
      const exportButton = page.getByRole('button', { name: /^Export/ });
      await exportButton.click();
      // Listening before the click: the download can start before a wait begun after the click would see it.
      await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
      const toast = page.locator('.fui-Toast').filter({ hasText: 'Exported' });
      await toast.waitFor({ timeout: 10_000 });
      // The toast's 7 s timer is a CSS animation on its container's timer element (Fluent's Timer, `data-timer-status`): hold it, as
      // a pointer resting on the toast does, so a slow machine measuring and scrolling cannot outlast it. What is
      // checked here is where the toast sits, not when it leaves.
      const held = await toast.evaluate((el) => {
        const container = el.closest('.fui-ToastContainer') ?? el;
        const timers = [...container.querySelectorAll('[data-timer-status]')].flatMap((timer) => timer.getAnimations());
        timers.forEach((a) => a.pause());
        return timers.length;
      });
      expect(held, "the toast's timer is held").toBeGreaterThan(0);
      await toast.hover();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
      const toastBox = await boxOf(toast);
      expect(overlap(toastBox, await boxOf(topBar(page))), 'the toast overlaps the top bar').toBe(false);
      const headingRow = page.locator('main h1').first().locator('xpath=..');
      for (const action of await headingRow.getByRole('button').all()) {
        expect(overlap(toastBox, await boxOf(action)), `the toast covers "${await action.innerText()}"`).toBe(false);
      }
      expect(toastBox.x + toastBox.width, 'the toast stays in the window').toBeLessThanOrEqual(width);
      // Nor the table's column headings (wide) or its sort buttons (phone): the next click after an export is often one.
      const headings = await page.getByRole('main').getByRole('columnheader').all();
      let seen = 0;
      for (const heading of headings) {
        if (!(await heading.isVisible())) continue;
        seen += 1;
        expect(overlap(toastBox, await boxOf(heading)), `the toast covers the heading "${await heading.innerText()}"`).toBe(false);
      }
      expect(seen, 'the table shows its headings or sort buttons').toBeGreaterThan(0);
      // At the window's foot: bottom-end on wide windows, along the bottom on phones.
      expect(toastBox.y, 'the toast sits in the lower half of the window').toBeGreaterThan(450);
      expect(toastBox.y + toastBox.height, 'the toast sits in the window').toBeLessThanOrEqual(900);
      await page.screenshot({ path: resolve(SCREENSHOTS, `frame-toast-${width}.png`) });

      // Scrolled: the button sits in the top bar, so it covers neither the pager's Next nor table text.
      const next = page.getByRole('navigation', { name: 'Interaction pages' }).getByRole('button', { name: 'Next' });
      await next.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy({ top: 200, behavior: 'instant' }));
      await page.waitForFunction(() => window.scrollY > 400);
      // The toast moves up below the bar once the heading row has scrolled away (its timer stays held).
      // The toast stays in the window below the bar while the page scrolls (it does not scroll away under the bar).
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
      const scrolledToast = await boxOf(toast);
      const barBottom = (await boxOf(topBar(page))).y + (await boxOf(topBar(page))).height;
      expect(scrolledToast.y, 'the scrolled toast is below the top bar').toBeGreaterThanOrEqual(barBottom);
      expect(scrolledToast.y + scrolledToast.height, 'the scrolled toast is in the window').toBeLessThanOrEqual(900);
      // Close on click (DECISIONS.md).
      await toast.click();
      await toast.waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByRole('button', { name: 'Scroll to top' }).waitFor({ state: 'visible', timeout: 5_000 });
      await page.screenshot({ path: resolve(SCREENSHOTS, `frame-scrolled-${width}.png`) });
      const up = page.getByRole('button', { name: 'Scroll to top' });
      await up.waitFor({ state: 'visible', timeout: 5_000 });
      const upBox = await boxOf(up);
      expect(inside(upBox, await boxOf(topBar(page))), 'the scroll-to-top button is inside the top bar').toBe(true);
      expect(overlap(upBox, await boxOf(next)), 'the scroll-to-top button covers Next').toBe(false);
      await up.click();
      await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 10_000 });
    }, 60_000);
  }

  it('has a favicon: an SVG the server serves', async () => {
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');
    const res = await fetch(new URL(href!, run.app.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await res.text()).toContain('<svg');
  });

  it('signing out from a protected page does not carry it to the next sign-in', async () => {
    await page.goto('/user-interaction');
    await settled(page);
    await topBar(page).getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === SIGN_IN_PATH);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    expect(pathOf(page)).toBe(SIGN_IN_PATH);
    expect(new URL(page.url()).searchParams.get('next')).toBeNull();
  });
});
