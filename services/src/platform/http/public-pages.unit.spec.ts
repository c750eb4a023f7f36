import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { composePage, publicPages, ssrEntryFile, type PublicAnswer } from './public-pages.ts';

const SHELL =
  '<!doctype html><html><head><meta name="description" content="Shell description" /><title data-shell>Shell</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/** A web build whose SSR entry renders /faq from `GET /cms/faq`, throws on /broken, and counts its renders. */
const fakeBuild = () => {
  const root = mkdtempSync(join(tmpdir(), 'acpg-ssr-unit-'));
  const web = join(root, 'dist');
  mkdirSync(web);
  mkdirSync(`${web}-ssr`);
  writeFileSync(join(web, 'index.html'), SHELL);
  writeFileSync(
    ssrEntryFile(web),
    `
    globalThis.__renders = 0;
    export const SERVER_RENDERED_PATHS = ['/faq', '/broken', '/blogs/:slug'];
    export const rendersPath = (p) => p === '/faq' || p === '/broken' || p.startsWith('/blogs/');
    export const preloadElement = (p) => '<script type="application/json" id="acpg-preload">' + JSON.stringify(p).replace(/</g, '\\\\u003c') + '</script>';
    export async function render(url, preload) {
      globalThis.__renders++;
      if (url.startsWith('/broken')) throw new Error('render exploded');
      const faq = preload['/cms/faq'];
      if (!faq) return { status: 200, html: '<p>Loading</p>', head: '', styles: '', wanted: ['/cms/faq'] };
      const text = faq.success ? faq.data.items.map((i) => i.question).join(', ') : 'none';
      return { status: 200, html: '<h1>Frequently asked questions</h1><p>' + text + '</p>', head: '<title>FAQ · ACPG</title>', styles: '<style data-make-styles-bucket="d">.a{}</style>', wanted: [] };
    }`,
  );
  return { root, web };
};

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

describe('composePage', () => {
  it('puts the page in #root, its title, meta and styles in <head> instead of the shell\'s, and its data beside it', () => {
    const html = composePage(SHELL, { html: '<h1>About</h1>', head: '<title>About · ACPG</title><meta name="description" content="Who we are"/>', styles: '<style>.x{}</style>' }, '<script type="application/json" id="acpg-preload">{}</script>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>About · ACPG</title>');
    expect(head).toContain('content="Who we are"');
    expect(head).toContain('<style>.x{}</style>');
    expect(html).not.toContain('Shell</title>');
    expect(html).not.toContain('Shell description');
    expect(html).toContain('<div id="root"><h1>About</h1></div><script type="application/json" id="acpg-preload">{}</script>');
  });

  it('keeps the shell\'s title and description when the page renders none, and takes $ patterns literally', () => {
    const html = composePage(SHELL, { html: '<p>costs $& and $1</p>', head: '', styles: '' }, '');
    expect(html).toContain('<title data-shell>Shell</title>');
    expect(html).toContain('Shell description');
    expect(html).toContain('<p>costs $& and $1</p>');
  });
});

describe('publicPages', () => {
  const { root, web } = fakeBuild();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const log = pino({ level: 'silent' });
  const faq: PublicAnswer = { success: true, data: { items: [{ question: 'How do I <b>pay</b>?' }] } };

  it('renders, fetches what the page asked for, renders again with it and sends the answers along', async () => {
    const asked: string[] = [];
    const pages = publicPages({ entryFile: ssrEntryFile(web), indexHtml: join(web, 'index.html'), fetchPublic: async (u) => (asked.push(u), faq), log });
    const html = await pages.html('/faq');
    expect(asked).toEqual(['/cms/faq']);
    expect(html).toContain('<h1>Frequently asked questions</h1>');
    expect(html).toContain('<title>FAQ · ACPG</title>');
    // The answer travels as JSON that cannot end its element early.
    expect(html).toContain('"/cms/faq":{"success":true');
    expect(html).toContain('\\u003cb>pay\\u003c/b>');
  });

  it('reuses a rendered page while its reads answer the same, and renders it again as soon as one changes', async () => {
    let answer: PublicAnswer = faq;
    const asked: string[] = [];
    const pages = publicPages({ entryFile: ssrEntryFile(web), indexHtml: join(web, 'index.html'), fetchPublic: async (u) => (asked.push(u), answer), log });
    await pages.html('/faq');
    const before = renders();
    const again = await pages.html('/faq');
    expect(renders()).toBe(before);
    expect(again).toContain('How do I');
    // The reads were asked again for the second visitor: that is how a change is seen.
    expect(asked).toEqual(['/cms/faq', '/cms/faq']);
    answer = { success: true, data: { items: [{ question: 'Can I cancel anytime?' }] } };
    const changed = await pages.html('/faq');
    expect(renders()).toBeGreaterThan(before);
    expect(changed).toContain('Can I cancel anytime?');
    expect(changed).not.toContain('How do I');
  });

  it('answers undefined (the app shell) for a render that throws, an outage of the data, other paths and previews', async () => {
    const outage = publicPages({
      entryFile: ssrEntryFile(web),
      indexHtml: join(web, 'index.html'),
      fetchPublic: async () => ({ success: false, message: 'Service unavailable', data: null, status: 503 }),
      log,
    });
    expect(await outage.html('/faq')).toBeUndefined();
    const unreachable = publicPages({ entryFile: ssrEntryFile(web), indexHtml: join(web, 'index.html'), fetchPublic: () => Promise.reject(new Error('down')), log });
    expect(await unreachable.html('/faq')).toBeUndefined();
    const pages = publicPages({ entryFile: ssrEntryFile(web), indexHtml: join(web, 'index.html'), fetchPublic: async () => faq, log });
    expect(await pages.html('/broken')).toBeUndefined();
    expect(await pages.html('/user-interaction')).toBeUndefined();
    expect(await pages.html('/faq?preview=draft')).toBeUndefined();
    expect(await pages.html('//evil.example/faq')).toBeUndefined();
  });

  it('embeds a 404 answer (a page never published is the page\'s answer, not an outage)', async () => {
    const pages = publicPages({
      entryFile: ssrEntryFile(web),
      indexHtml: join(web, 'index.html'),
      fetchPublic: async () => ({ success: false, message: 'Not found', data: null, status: 404 }),
      log,
    });
    const html = await pages.html('/faq');
    expect(html).toContain('<p>none</p>');
    expect(html).toContain('"status":404');
  });

  it('answers undefined without an SSR build', async () => {
    const pages = publicPages({ entryFile: join(root, 'nothing-ssr', 'entry-server.js'), indexHtml: join(web, 'index.html'), fetchPublic: async () => faq, log });
    expect(await pages.html('/faq')).toBeUndefined();
  });
});
