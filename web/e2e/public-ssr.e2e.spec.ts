import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2e } from './support/app.ts';

/** What React reports when the browser's first render does not match the server's HTML (production builds). */
const HYDRATION_TROUBLE = /hydrat|Minified React error #(418|419|421|422|423|425)|did not match/i;

/** The pages, each with the public read it is drawn from (today's routes; the content documents' when the pages move). */
const PAGES = [
  { path: '/', api: /^\/cms\/(pages\/home|content\/home)$/ },
  { path: '/about-us', api: /^\/cms\/(pages|content)\/about-us$/ },
  { path: '/services-page', api: /^\/cms\/(pages|content)\/services$/ },
  { path: '/faq', api: /^\/cms\/(faq|content\/faq)$/ },
] as const;

const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').trim();

const preloadOf = (html: string): Record<string, unknown> =>
  JSON.parse(/<script type="application\/json" id="acpg-preload">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as Record<string, unknown>;

/** Console errors and uncaught errors of a page, from now on. */
const problems = (page: Page): string[] => {
  const seen: string[] = [];
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  page.on('pageerror', (e) => seen.push(e.message));
  return seen;
};

describe('public pages arrive server-rendered and hydrate', () => {
  const e2e = useE2e();

  it('answers /, /about-us, /services-page and /faq as HTML with the heading and the data it was drawn from (no browser)', async () => {
    const { app } = e2e();
    for (const { path, api } of PAGES) {
      const res = await fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      // The page's data came with it, exactly as the API answers it now.
      const preload = preloadOf(html);
      const read = Object.keys(preload).find((key) => api.test(key));
      expect(read, `${path} preloads ${Object.keys(preload).join(', ')}`).toBeDefined();
      const answer = (await (await fetch(`${app.url}/api/v1${read}`)).json()) as { success: boolean };
      expect(answer.success, path).toBe(true);
      expect(preload[read ?? ''], path).toEqual(answer);
      // Its heading is in the HTML, drawn from that data (the FAQ's is the page's own).
      const heading = textOf(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '');
      expect(heading, path).not.toBe('');
      if (path !== '/faq') expect(JSON.stringify(answer), path).toContain(JSON.stringify(heading).slice(1, -1));
      // Griffel's styles come with the page: it paints styled before any script; a title the page renders is in <head>.
      const [head = '', body = ''] = html.split('</head>');
      expect(head, path).toContain('data-make-styles-bucket');
      expect(head, path).toMatch(/<title\b[^>]*>[^<]+<\/title>/);
      expect(body, path).not.toMatch(/<title\b|<meta name="description"/);
      // Each page is titled as itself (its own <title>, else its route's), not with the shell's title.
      if (path !== '/') expect(head, path).not.toContain('ACPG · Home services and property protection</title>');
    }
  });

  it('asks for at most 100 KB of JavaScript (compressed, as sent) before the first paint of /: only what the HTML names', async () => {
    const { app } = e2e();
    const html = await (await fetch(`${app.url}/`)).text();
    const named = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? '');
    expect(named.length).toBeGreaterThan(0);
    let bytes = 0;
    for (const path of named) {
      const res = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      bytes += Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
    }
    console.log(`JavaScript the HTML of / names: ${named.length} files, ${(bytes / 1024).toFixed(1)} KB as sent`);
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
  });

  it('hydrates at 375 px without a hydration error and keeps the server\'s nodes, then follows links in the browser', async () => {
    const { browser, app } = e2e();
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const seen = problems(page);
    // Hold the app's code back until the server's heading is marked: a client render would replace the node.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    await page.locator('h1').evaluate((h1) => h1.setAttribute('data-from-server', 'yes'));
    // The server's header fits a phone before any script: CSS hides the inline links below 900 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const started = page.waitForResponse((r) => /\/assets\/start-.*\.js$/.test(r.url()), { timeout: 20_000 });
    release();
    await started;
    // Hydrated: the phone's menu button (drawn after hydration at this width) opens the drawer, whose links are the
    // router's: a click changes the page without loading a new document.
    await page.getByRole('button', { name: 'Open site menu' }).click({ timeout: 20_000 });
    expect(await page.locator('h1[data-from-server="yes"]').count()).toBe(1);
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole('dialog').getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: /about/i }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.unroute('**/assets/start-*.js');
    for (const { path } of PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 20_000 });
    }
    expect(seen.filter((m) => HYDRATION_TROUBLE.test(m))).toEqual([]);
    await context.close();
  });

  it('a signed-in visitor gets the visitor\'s page, hydrated without an error, then their own header', async () => {
    const { browser, app } = e2e();
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      localStorage.setItem('user', JSON.stringify({ role: ['Customer'], full_name: 'Pat Signed', profile_img: null }));
    });
    const page = await context.newPage();
    const seen = problems(page);
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain('Sign In');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'My Account' }).or(page.getByRole('link', { name: /sign in/i })).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'LogOut' }).waitFor({ timeout: 20_000 });
    expect(seen.filter((m) => HYDRATION_TROUBLE.test(m))).toEqual([]);
    await context.close();
  });
});
