import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEEDED_ADMIN, useE2e } from './support/app.ts';
import { fitsWidth, seriousViolations } from './support/axe.ts';
import { settled } from './support/browser.ts';
import { fakeContent, PIXEL, type FakeContent } from './support/fake-content.ts';
import { explained, signInThroughPages } from './support/sign-in.ts';

/**
 * The management screens' own behaviour (the editor shell, the forms, reordering, images, the guard, axe at three
 * widths), signed in as the seeded Super Admin against the real app, with the content API answered from memory
 * (support/fake-content.ts) so a 409, field errors and the sanitizer's warning can be made on purpose.
 * content-management.e2e.spec.ts walks the same screens against the real content module.
 */
const HOME = {
  title: 'Home',
  description: 'Protect your home.',
  hero: { heading: 'Old hero heading', subheading: '', cta_label: 'See plans', cta_path: '/subscription-plan', image_id: null },
  trust: [{ label: 'Licensed in California', detail: '' }],
  sections: [],
};
const ABOUT = { title: 'About us', description: 'Who we are.', heading: 'About us', intro: '', body_html: '', image_id: 'img_narrowimage01' };
const FAQ = {
  title: 'FAQ',
  description: 'Answers.',
  heading: 'Questions',
  items: [
    { id: 'faq-one', question: 'First question?', answer_html: '<p>One</p>' },
    { id: 'faq-two', question: 'Second question?', answer_html: '<p>Two</p>' },
  ],
};

describe('content management screens (content API in memory)', () => {
  const e2e = useE2e();
  let fake: FakeContent;
  let page: Page;

  const open = async (path: string, heading: string | RegExp) => {
    await page.goto(path);
    await explained(page, () => settled(page, heading));
  };
  const badge = (label: string) => page.locator('main .fui-Badge', { hasText: new RegExp(`^${label}$`) });

  it('signs in as the Super Admin and routes the content API to memory', async () => {
    const run = e2e();
    page = run.page;
    fake = await fakeContent(run.context, { home: HOME, faq: FAQ, 'about-us': ABOUT });
    await signInThroughPages(page, run.app, SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    // Every new screen is in the Super Admin's side menu.
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    for (const name of ['Home Management', 'About Us Management', 'Service Management', 'FAQ', 'Contact us', 'Blog posts', 'Legal pages', 'Site and logo']) {
      await menu.getByRole('link', { name, exact: true }).waitFor({ timeout: 20_000 });
    }
  }, 120_000);

  it('home: a refused draft changes nothing; a saved one shows Unpublished changes, publishes, previews and unpublishes', async () => {
    await open('/home-management', 'Home Management');
    await badge('Published').waitFor();
    const preview = page.getByRole('link', { name: /^Preview Home Management/ });
    expect(await preview.getAttribute('href')).toBe('/?preview=draft');
    expect(await preview.getAttribute('target')).toBe('_blank');

    const headline = page.getByRole('textbox', { name: /^Headline/ });
    await headline.fill('');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Enter the headline').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(fake.saves).toHaveLength(0);

    await headline.fill('New hero heading');
    await page.getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await badge('Unpublished changes').waitFor();
    expect(fake.saves.at(-1)).toMatchObject({ key: 'home', expected_revision: 2, body: { hero: { heading: 'New hero heading' } } });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await badge('Published').waitFor();
    expect(fake.docs.get('home')?.published?.body).toMatchObject({ hero: { heading: 'New hero heading' } });

    await page.getByRole('button', { name: 'Unpublish' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unpublish Home Management?' });
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await badge('Unpublished').waitFor();
    expect(fake.docs.get('home')?.published).toBeNull();

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History of Home Management' });
    await history.getByText('Published version 2').waitFor();
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('alertdialog', { name: 'Restore version 1?' }).getByRole('button', { name: 'Restore into the draft' }).click();
    await expect.poll(() => headline.inputValue()).toBe('Old hero heading');
  });

  it('home: server field errors at their fields, the sanitizer warning, and the 409 conflict', async () => {
    await open('/home-management', 'Home Management');
    const headline = page.getByRole('textbox', { name: /^Headline/ });
    fake.failNextSave(400, { success: false, code: 'VALIDATION_FAILED', message: 'Check the fields', errors: [{ path: 'body.hero.cta_path', message: 'Enter a path in this site' }] });
    await headline.fill('Heading with a script');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Enter a path in this site', { exact: true }).waitFor();

    fake.removeOnNextSave(['<script> in sections.0.body_html']);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Some content was removed when the draft was saved').waitFor();
    await page.getByText('<script> in sections.0.body_html').waitFor();

    fake.bump('home');
    await headline.fill('Mine, over theirs');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Someone else changed this; reload to see their version.').waitFor();
    expect(await headline.inputValue()).toBe('Mine, over theirs');
    await page.getByRole('button', { name: 'Reload', exact: true }).click();
    await page.getByText('Someone else changed this; reload to see their version.').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => fake.saves.at(-1)?.body).toMatchObject({ hero: { heading: 'Mine, over theirs' } });
  });

  it('leaving with unsaved edits asks first', async () => {
    await open('/home-management', 'Home Management');
    await page.getByRole('textbox', { name: /^Headline/ }).fill('Not saved yet');
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'FAQ', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await ask.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toBe('/home-management');
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'FAQ', exact: true }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL('**/faq-management');
  });

  it('FAQ: items reorder by keyboard, are added and removed with a confirmation', async () => {
    await open('/faq-management', 'FAQ Management');
    const down = page.getByRole('button', { name: 'Move down: First question?' });
    await down.focus();
    await page.keyboard.press('Enter');
    // Focus follows the moved item.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move up: First question?');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByRole('textbox', { name: /^Question/ }).last().fill('Third question?');
    await page.getByRole('button', { name: 'Remove: Second question?' }).click();
    await page.getByRole('alertdialog', { name: 'Remove this question?' }).getByRole('button', { name: 'Remove' }).click();
    // The answer of a new question is required: the editor is a labelled textbox.
    const answer = page.getByRole('textbox', { name: 'Answer' }).last();
    await answer.click();
    await page.keyboard.type('Three');
    const bold = page.getByRole('button', { name: 'Bold' }).last();
    await bold.click();
    // The button hands focus back to the text on the next frame: a space typed before that would press Bold again.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('contenteditable'))).toBe('true');
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type(' bold');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => fake.saves.at(-1)?.key).toBe('faq');
    const saved = fake.saves.at(-1)!.body as typeof FAQ;
    expect(saved.items.map((i) => i.question)).toEqual(['First question?', 'Third question?']);
    expect(saved.items[1]!.answer_html).toMatch(/<p>Three<strong> bold<\/strong><\/p>/);
  });

  it('about us, keyboard only: Tab to the text toolbar, arrows between its buttons, a button hands focus back to the text, save with the keyboard', async () => {
    await open('/aboutus-management', 'About Us Management');
    // The editor is loaded on demand.
    await page.getByRole('toolbar', { name: 'Page text formatting' }).waitFor();
    await page.getByRole('textbox', { name: /^Introduction/ }).focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('role') ?? '');
    await expect.poll(focused).toBe('Bold');
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toBe('Italic');
    await page.keyboard.press('Enter');
    // A formatting button hands focus back to the text.
    await expect.poll(focused).toBe('textbox');
    await page.keyboard.type('Family run since 1998');
    for (const [label, value] of [[/^Heading/, 'About us'], [/^Page title/, 'About us'], [/^Description/, 'Who we are.']] as const) {
      await page.getByRole('textbox', { name: label }).first().fill(value);
    }
    await page.getByRole('button', { name: 'Save draft' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => fake.saves.at(-1)?.key).toBe('about-us');
    expect((fake.saves.at(-1)!.body as { body_html: string }).body_html).toBe('<p><em>Family run since 1998</em></p>');
  });

  it('an image read from the server shows at the largest width it is stored at', async () => {
    await open('/aboutus-management', 'About Us Management');
    const image = page.getByRole('img', { name: 'Page image: the uploaded image' });
    await expect.poll(() => image.getAttribute('src'), { timeout: 15_000 }).toBe('/api/v1/cms/images/img_narrowimage01/64.webp');
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  it('site and logo: the logo is uploaded, shown, replaced and removed', async () => {
    await open('/site-management', 'Site and Logo');
    await page.getByText('Recommended 290 × 60 pixels', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: /^Company name/ }).fill('ACPG');
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL, 'base64') });
    await page.getByRole('img', { name: 'Logo: the uploaded image' }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('Choose a JPEG, PNG or WebP image').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => fake.saves.at(-1)).toMatchObject({ key: 'site', expected_revision: 0, body: { company_name: 'ACPG', logo_image_id: 'img_fakeimage0001' } });
    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByText('No image').waitFor();
  });

  it('blog posts: an empty list, then a new post is written and listed as a draft', async () => {
    await open('/blog-management', 'Blog Posts');
    await page.getByText('No posts yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'New post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New post' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Spring Home Tips!');
    expect(await dialog.getByRole('textbox', { name: /^Web address/ }).inputValue()).toBe('spring-home-tips');
    await dialog.getByRole('button', { name: 'Start writing' }).click();
    await page.waitForURL('**/blog-management/spring-home-tips');
    await settled(page, 'Blog post: spring-home-tips');
    expect(await page.getByRole('textbox', { name: /^Title/ }).first().inputValue()).toBe('Spring Home Tips!');
    await page.getByRole('textbox', { name: /^Author/ }).fill('Sam Admin');
    await page.getByRole('textbox', { name: /^Excerpt/ }).fill('Five things to check.');
    await page.getByRole('textbox', { name: 'Post' }).click();
    await page.keyboard.type('Check the roof.');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Five things to check this spring.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await badge('Draft').waitFor();
    expect(fake.saves.at(-1)).toMatchObject({ key: 'blog.spring-home-tips', expected_revision: 0 });
    await page.getByRole('link', { name: 'All posts' }).click();
    await page.getByRole('link', { name: 'Edit Spring Home Tips!' }).first().waitFor();
    // A web address another post has is refused in the dialog.
    await page.getByRole('button', { name: 'New post' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Spring home tips');
    await dialog.getByRole('button', { name: 'Start writing' }).click();
    await dialog.getByText('Another post has this web address; choose another').waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog-management');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('every management screen: no serious or critical axe violation at 375, 900 and 1440 px, none scrolls sideways', async () => {
    const screens: [string, string][] = [
      ['/home-management', 'Home Management'],
      ['/aboutus-management', 'About Us Management'],
      ['/service-management', 'Service Management'],
      ['/faq-management', 'FAQ Management'],
      ['/contact-management', 'Contact Us Management'],
      ['/legal-management', 'Legal Pages'],
      ['/legal-management?page=terms-of-service', 'Legal Pages'],
      ['/site-management', 'Site and Logo'],
      ['/blog-management', 'Blog Posts'],
      ['/blog-management/spring-home-tips', 'Blog post: spring-home-tips'],
    ];
    const failures: string[] = [];
    for (const [path, heading] of screens) {
      await open(path, heading);
      if (path !== '/blog-management') await page.getByRole('textbox').first().waitFor();
      else await page.getByRole('table', { name: 'Blog posts' }).or(page.getByText('No posts yet.', { exact: false })).first().waitFor();
      for (const width of [375, 900, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const blocking = await seriousViolations(page);
        if (blocking.length > 0) failures.push(`${path} at ${width} px:\n${blocking.join('\n')}`);
        if (!(await fitsWidth(page))) failures.push(`${path} at ${width} px scrolls sideways`);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);
});
