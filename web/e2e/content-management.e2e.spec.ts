import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeE2e, openSignedIn, type E2eRun } from './support/app.ts';
import { newPage, settled } from './support/browser.ts';
import { solidPng } from './support/png.ts';
import { explained } from './support/sign-in.ts';

/**
 * A Super Admin edits the home page's hero in a draft, previews it (the preview tab opens the public page with
 * ?preview=draft; visitors still get the published hero), publishes it, and a visitor gets the new hero. Against the
 * real content module: both the public API's answer and the visible h1 (the home page renders `hero.heading` as its h1).
 */
interface Published {
  hero: { heading: string };
}

const publicHome = async (url: string): Promise<Published | null> => {
  const res = await fetch(`${url}/api/v1/cms/content/home`, { headers: { accept: 'application/json' } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`GET /cms/content/home answered ${res.status}`);
  return ((await res.json()) as { data: { body: Published } }).data.body;
};

const h1Of = async (page: Page) => ((await page.locator('main h1').first().textContent({ timeout: 20_000 })) ?? '').trim();

describe('content management against the content module', () => {
  let run: E2eRun | undefined;
  afterAll(async () => {
    await closeE2e(run ?? {});
  });

  it('a Super Admin changes the hero; visitors see it only once it is published', async () => {
    run = await openSignedIn('admin');
    const { app, browser, context, page } = run;
    const before = await publicHome(app.url);
    const heading = `Protect your home today ${Date.now().toString(36)}`;

    // The public home page renders the published hero as its h1.
    const visitor = await newPage(browser, app.url);
    const scripts: string[] = [];
    visitor.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await visitor.page.goto('/', { waitUntil: 'networkidle' });
    // The public page never loads the management screens or the rich text editor.
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of scripts) expect(path).not.toMatch(/RichTextEditor|ManagementPages|EditorShell/);
    if (before === null) throw new Error('the seed publishes the home page');
    expect(await h1Of(visitor.page)).toBe(before.hero.heading);

    await page.goto('/home-management');
    await explained(page, () => settled(page, 'Home Management'));
    const headline = page.getByRole('textbox', { name: /^Headline/ });
    await headline.fill(heading);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/cms/admin/content/home/draft') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save draft' }).click();
    expect((await saved).status(), await (await saved).text()).toBe(200);
    await page.locator('main .fui-Badge', { hasText: /^Unpublished changes$/ }).waitFor();

    // Preview: the public page's own URL with ?preview=draft, in a new tab of the signed-in browser.
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: /^Preview Home Management/ }).click();
    const preview = await opened;
    await preview.waitForLoadState('domcontentloaded');
    expect(new URL(preview.url()).pathname + new URL(preview.url()).search).toBe('/?preview=draft');
    await expect.poll(() => h1Of(preview), { timeout: 20_000 }).toBe(heading);
    await preview.close();

    // Visitors still get the published hero.
    expect((await publicHome(app.url))?.hero.heading).toBe(before.hero.heading);
    await visitor.page.reload();
    expect(await h1Of(visitor.page)).toBe(before.hero.heading);

    const published = page.waitForResponse((r) => r.url().endsWith('/api/v1/cms/admin/content/home/publish'));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).status()).toBe(200);
    await page.locator('main .fui-Badge', { hasText: /^Published$/ }).waitFor();

    await expect.poll(async () => (await publicHome(app.url))?.hero.heading, { timeout: 15_000 }).toBe(heading);
    await visitor.page.goto('/');
    expect(await h1Of(visitor.page)).toBe(heading);
    // The change is in the history, with who made it.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of Home Management' });
    await history.getByText(/^Published version \d+$/).first().waitFor();
    await visitor.context.close();
  }, 180_000);

  it("another admin's change shows in an open editor at once (content.changed), and asks first over unsaved edits", async () => {
    const { app, page } = run!;
    const token = await app.signInAs('Super Admin', 'other-admin');
    const theirs = async (heading: string) => {
      const read = (await (await fetch(`${app.url}/api/v1/cms/admin/content/contact`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { draft: Record<string, unknown> | null; revision: number };
      };
      const body = read.data.draft ?? { title: 'Contact us', description: 'How to reach us.', heading, intro: '', phone: '+1 415 555 0100', email: 'help@example.test', address: '1 Main St', hours: '9-5' };
      const res = await fetch(`${app.url}/api/v1/cms/admin/content/contact/draft`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: { ...body, heading }, expected_revision: read.data.revision }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    await page.goto('/contact-management');
    await explained(page, () => settled(page, 'Contact Us Management'));
    const heading = page.getByRole('textbox', { name: /^Heading/ });
    await heading.waitFor();

    // Nothing edited here: their version loads.
    await theirs('Talk to us (their edit)');
    await expect.poll(() => heading.inputValue(), { timeout: 15_000 }).toBe('Talk to us (their edit)');

    // Edits here: they are kept, and the editor says the document changed.
    await heading.fill('My own heading');
    await theirs('Their second edit');
    await page.getByText('Another admin changed this while you were editing.', { exact: false }).waitFor({ timeout: 15_000 });
    expect(await heading.inputValue()).toBe('My own heading');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Someone else changed this; reload to see their version.').waitFor();
  }, 120_000);

  it('site and logo: a 290x60 logo is uploaded, shown from the image store, and saved in the draft', async () => {
    const { app, page } = run!;
    await page.goto('/site-management');
    await explained(page, () => settled(page, 'Site and Logo'));
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/v1/cms/images') && r.request().method() === 'POST');
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(290, 60) });
    expect((await uploaded).status(), await (await uploaded).text()).toBe(200);
    const logo = page.getByRole('img', { name: 'Logo: the uploaded image' });
    await logo.waitFor();
    // The image is served (a decoded picture, not a broken one).
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/cms/admin/content/site/draft'));
    await page.getByRole('button', { name: 'Save draft' }).click();
    expect((await saved).status()).toBe(200);
    const token = await app.signInAs('Super Admin');
    const site = (await (await fetch(`${app.url}/api/v1/cms/admin/content/site`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { draft: { logo_image_id: string | null } } };
    expect(site.data.draft.logo_image_id).toMatch(/^img_/);

    // A file that is not an image is refused at the field by the server, and nothing changes.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/cms/images') && r.request().method() === 'POST');
    await page.locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png at all') });
    expect((await refused).status()).toBeGreaterThanOrEqual(400);
    await page.locator('[role=group] [role=alert]').first().waitFor();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
  }, 120_000);
});
