import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ssrEntryFile } from '../src/platform/http/public-pages.ts';
import { SITEMAP_PAGES } from '../src/platform/http/seo.ts';
import { contentModule } from '../src/modules/content/module.ts';
import { useTestApp } from './harness.ts';
import { waitFor } from './wait-for.ts';

/** The content module's seed (pages, FAQ, posts); it runs again harmlessly. */
const seedContent = (platform: Parameters<NonNullable<typeof contentModule.seed>>[0]) => contentModule.seed?.(platform);

const SHELL = '<!doctype html><html><head><title>ACPG test shell</title></head><body><div id="root"></div></body></html>';

/**
 * A web build with an SSR entry that renders /faq from the real `GET /cms/blogs` (a public read of today's and the
 * content documents' API alike) and
 * throws on /about-us; the real entry is checked against the real build by web/e2e/public-ssr.e2e.spec.ts.
 */
const buildWithSsr = () => {
  const root = mkdtempSync(join(tmpdir(), 'acpg-ssr-int-'));
  const web = join(root, 'dist');
  mkdirSync(web);
  mkdirSync(`${web}-ssr`);
  writeFileSync(join(web, 'index.html'), SHELL);
  writeFileSync(
    ssrEntryFile(web),
    `
    export const SERVER_RENDERED_PATHS = ['/faq', '/about-us'];
    export const rendersPath = (p) => SERVER_RENDERED_PATHS.includes(p);
    export const preloadElement = (p) => '<script type="application/json" id="acpg-preload">' + JSON.stringify(p).replace(/</g, '\\\\u003c') + '</script>';
    export async function render(url, preload) {
      if (url === '/about-us') throw new Error('render exploded');
      const blogs = preload['/cms/blogs?page=1&page_size=10'];
      if (!blogs) return { status: 200, html: '', head: '', styles: '', wanted: ['/cms/blogs?page=1&page_size=10'] };
      return { status: 200, html: '<h1>Frequently asked questions</h1><ul>' + blogs.data.items.map((i) => '<li>' + i.slug + '</li>').join('') + '</ul>', head: '<title>FAQ · ACPG</title>', styles: '', wanted: [] };
    }`,
  );
  return { root, web };
};

describe('public pages rendered by the api, robots.txt and sitemap.xml', () => {
  const { root, web } = buildWithSsr();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const t = useTestApp({ WEB_DIST_DIR: web, PUBLIC_URL: 'https://acpg.example' });

  it('answers GET /faq with the page rendered from the public API and its answer as the preload, before any script runs', async () => {
    await seedContent(t.platform);
    const read = '/cms/blogs?page=1&page_size=10';
    await waitFor(async () => ((await t.app.inject({ method: 'GET', url: `/api/v1${read}` })).json().data?.items?.length ?? 0) > 0, { what: 'the seeded posts' });
    const blogs = (await t.app.inject({ method: 'GET', url: `/api/v1${read}` })).json();
    const res = await t.app.inject({ method: 'GET', url: '/faq', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Frequently asked questions</h1>');
    expect(res.body).toContain(`<li>${blogs.data.items[0].slug}</li>`);
    expect(res.body).toMatch(/<head>.*<title>FAQ · ACPG<\/title>.*<\/head>/s);
    expect(res.body).not.toContain('ACPG test shell');
    const preload = JSON.parse(/<script type="application\/json" id="acpg-preload">(.*?)<\/script>/s.exec(res.body)?.[1] ?? 'null');
    expect(preload).toEqual({ [read]: blogs });
  });

  it('serves the app shell (never a 500) when the render fails, and for pages it does not render', async () => {
    for (const url of ['/about-us', '/authentication/sign-in', '/faq?preview=draft']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('ACPG test shell');
    }
  });

  it('answers /robots.txt as text: public pages allowed, app, admin and API paths not, the sitemap named', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Disallow: /admin-\n');
    expect(res.body).toContain('Sitemap: https://acpg.example/sitemap.xml');
    expect(res.body).not.toContain('<html');
  });

  it('answers /sitemap.xml as XML: every public page and each published blog post, absolute under PUBLIC_URL', async () => {
    await seedContent(t.platform);
    const blogs = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs?page_size=100' })).json().data;
    await waitFor(async () => ((await blogs())?.total ?? 0) > 0, { what: 'the seeded posts' });
    const posts = (await blogs()).items as { slug: string }[];
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([...SITEMAP_PAGES, ...posts.map((p) => `/blogs/${p.slug}`)].map((p) => `https://acpg.example${p}`));
    for (const post of posts) expect(res.body).toMatch(new RegExp(`/blogs/${post.slug}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
  });
});
