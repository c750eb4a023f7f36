import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactContent, HomeContent, ManagedContent, ServicesContent } from '@acpg/contracts/content-documents';
import { outboxOf } from '../../services/test/sign-in.ts';
import { waitFor } from '../../services/test/wait-for.ts';
import { seriousViolations } from './support/axe.ts';
import { SEEDED_ADMIN, useE2e } from './support/app.ts';
import { newPage, settled } from './support/browser.ts';
import { signInThroughPages } from './support/sign-in.ts';

const SCREENSHOTS = resolve(import.meta.dirname, '../../reports/screenshots/public-site');
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'services', path: '/services-page' },
  { name: 'about-us', path: '/about-us' },
  { name: 'faq', path: '/faq' },
  { name: 'contact-us', path: '/contact-us' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'terms-of-service', path: '/terms-of-service' },
  { name: 'additional-information', path: '/additional-information' },
  { name: 'blogs', path: '/blogs' },
  { name: 'subscription-plan', path: '/subscription-plan' },
] as const;

/** The page's h1 shows and nothing is loading in main. */
const loaded = async (page: Page) => {
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await page.locator('main .fui-Skeleton').first().waitFor({ state: 'detached', timeout: 20_000 });
};

const published = async <T>(url: string, key: string): Promise<T> => ((await (await fetch(`${url}/api/v1/cms/content/${key}`)).json()) as { data: { body: T } }).data.body;

describe('the public site, as a visitor', () => {
  const e2e = useE2e({ CAPTCHA_COST: '1' });
  beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

  it('walks from the header to each service and reaches a page where it can be bought', async () => {
    const { page } = e2e();
    await page.setViewportSize({ width: 1440, height: 900 });
    const targets = [
      { label: 'Plans', url: '**/subscription-plan', h1: 'Membership plans', buy: page.getByRole('link', { name: /^Choose / }).first() },
      { label: 'Equity Protect', url: '**/equity-protect', h1: /Equity Protect/, buy: page.locator('main').getByRole('link').or(page.locator('main').getByRole('button')).first() },
      { label: 'Order NHD report', url: '**/nhd-order', h1: /NHD/, buy: page.locator('main').getByRole('button').or(page.locator('main').getByRole('link')).first() },
    ];
    for (const t of targets) {
      await page.goto('/');
      await loaded(page);
      await page.getByRole('banner').getByRole('navigation', { name: 'Buy or order' }).getByRole('link', { name: t.label }).click();
      await page.waitForURL(t.url);
      await settled(page, t.h1);
      await t.buy.waitFor({ timeout: 20_000 });
    }
    // On a phone the same calls to action are in the site menu (the drawer), beside the site's links.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await loaded(page);
    await page.getByRole('banner').getByRole('button', { name: 'Open site menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    const offers = menu.getByRole('navigation', { name: 'Buy or order' }).getByRole('link');
    expect(await offers.allTextContents()).toEqual(['Plans', 'Equity Protect', 'Order NHD report']);
    await menu.getByRole('link', { name: 'Order NHD report' }).click();
    await page.waitForURL('**/nhd-order');
    await menu.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('each service card on Home and Services leads where the service is bought, with a price read from what sells it', async () => {
    const { page, app } = e2e();
    const services = await published<ServicesContent>(app.url, 'services');
    const expected: Record<string, string> = { membership: '/subscription-plan', 'equity-protect': '/equity-protect', 'nhd-report': '/nhd-order', reimbursement: '/property-reimbursement' };
    for (const path of ['/', '/services-page']) {
      await page.goto(path);
      await loaded(page);
      for (const item of services.items) {
        const card = page.locator(`[data-service="${item.kind}"]`);
        const cta = card.getByRole('link', { name: item.cta_label });
        expect(await cta.getAttribute('href'), `${item.name} on ${path}`).toBe(expected[item.kind]);
      }
      // Prices come from the plans and report types (never typed in content).
      await page.locator('[data-service="membership"]').getByText(/\/month|\/year/).waitFor();
      await page.locator('[data-service="nhd-report"]').getByText(/per report/).waitFor();
    }
    // A visitor following the reimbursement card is asked to sign in first.
    await page.locator('[data-service="reimbursement"]').getByRole('link').click();
    await page.waitForURL(/\/(authentication\/sign-in|login)/);
  });

  it('the footer shows the contact details a Super Admin set, never placeholders', async () => {
    const { page, app } = e2e();
    const contact = await published<ContactContent>(app.url, 'contact');
    await page.goto('/about-us');
    await loaded(page);
    const footer = page.getByRole('contentinfo');
    for (const value of [contact.phone, contact.email, contact.address, contact.hours]) await footer.getByText(value, { exact: true }).waitFor();
    const text = await footer.innerText();
    expect(text).not.toContain('support@example.com');
    expect(text).not.toContain('Example Street');
    expect(await footer.getByRole('link', { name: 'Privacy Policy' }).isVisible()).toBe(true);
  });

  it('sends the contact form and sees the confirmation; the team and the visitor are emailed', async () => {
    const { page, app } = e2e();
    const contact = await published<ContactContent>(app.url, 'contact');
    await page.goto('/contact-us');
    await loaded(page);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Send us a message' }) });
    // Refused in the form first: nothing filled.
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Enter your name').waitFor();
    const email = `visitor.${Date.now()}@example.net`;
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Topic').selectOption('nhd-report');
    await form.getByLabel('Message').fill('When does an NHD report arrive after I order it?');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/cms/contact-messages') && r.request().method() === 'POST', { timeout: 60_000 });
    await form.getByRole('button', { name: 'Send message' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByRole('status').getByText('Thank you, your message was sent').waitFor();
    await page.getByText(`We sent a copy to ${email}.`).waitFor();
    await waitFor(async () => (await outboxOf(app, email)).find((m) => m.subject === 'We received your message'), { what: 'the confirmation' });
    await waitFor(async () => (await outboxOf(app, contact.email)).find((m) => m.text.includes(email)), { what: "the team's email" });
  });

  it('?preview=draft shows a visitor the published page, without the preview bar', async () => {
    const { page } = e2e();
    await page.goto('/?preview=draft');
    await loaded(page);
    expect(await page.getByText('Preview of your unpublished draft').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
  });

  it('every public page: its own title and description, one h1, no serious axe finding at 375 and 1440, screenshots at 375/900/1440/1920', async () => {
    const { page } = e2e();
    const failures: string[] = [];
    const blogs = ((await (await fetch(`${e2e().app.url}/api/v1/cms/blogs`)).json()) as { data: { items: { slug: string }[] } }).data.items;
    const post = blogs[0];
    if (!post) throw new Error('no published blog post in the seed');
    for (const { name, path } of [...PAGES, { name: 'blog-post', path: `/blogs/${post.slug}` }]) {
      for (const width of [375, 900, 1440, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await loaded(page);
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await page.screenshot({ path: resolve(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
        if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)) failures.push(`${path} at ${width} scrolls sideways`);
        if (width === 375 || width === 1440) {
          const found = await seriousViolations(page);
          if (found.length > 0) failures.push(`${path} at ${width}:\n${found.join('\n')}`);
        }
      }
      if (path === '/') {
        const home = await published<HomeContent>(e2e().app.url, 'home');
        expect(await page.title(), 'the tab shows the home document\'s title').toBe(home.title.includes('ACPG') ? home.title : `${home.title} · ACPG`);
      }
      const meta = await page.evaluate(() => ({ title: document.title, description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '', h1s: document.querySelectorAll('h1').length }));
      if (!meta.title || !meta.description || meta.h1s !== 1) failures.push(`${path}: title "${meta.title}", description "${meta.description}", ${meta.h1s} h1`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('?preview=draft shows a content manager the draft with the preview bar, and the visitor still the published page', async () => {
    const { page, app, browser } = e2e();
    const token = await app.signInAs('Super Admin');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${app.url}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    const managed = ((await (await api('/cms/admin/content/home')).json()) as { data: ManagedContent }).data;
    const live = await published<HomeContent>(app.url, 'home');
    const draft = { ...live, hero: { ...live.hero, heading: 'A draft headline nobody has published' } };
    const saved = await api('/cms/admin/content/home/draft', { method: 'PUT', body: JSON.stringify({ body: draft, expected_revision: managed.revision }) });
    expect(saved.status).toBe(200);

    await signInThroughPages(page, app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await page.goto('/?preview=draft');
    await page.getByRole('heading', { level: 1, name: 'A draft headline nobody has published' }).waitFor({ timeout: 20_000 });
    await page.getByText('Preview of your unpublished draft').waitFor();

    const visitor = await newPage(browser, app.url);
    await visitor.page.goto('/?preview=draft');
    await visitor.page.getByRole('heading', { level: 1, name: live.hero.heading }).waitFor({ timeout: 20_000 });
    expect(await visitor.page.getByText('Preview of your unpublished draft').count()).toBe(0);
    await visitor.context.close();
  });
});
