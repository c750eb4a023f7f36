import { describe, expect, it } from 'vitest';
import type { PublicAnswer } from './public-pages.ts';
import { robotsTxt, SITEMAP_PAGES, sitemapEntries, sitemapXml } from './seo.ts';

describe('robots.txt', () => {
  const text = robotsTxt('https://acpg.example');
  it('allows the public pages, disallows the API, sign-in and admin paths, and points to the sitemap', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/authentication/', '/admin-', '/account-administration', '/blog-management']) expect(lines).toContain(`Disallow: ${path}`);
    for (const page of SITEMAP_PAGES.filter((p) => p !== '/')) {
      expect(lines.filter((l) => l.startsWith('Disallow: ')).some((l) => page.startsWith(l.slice('Disallow: '.length)))).toBe(false);
    }
    expect(lines).toContain('Sitemap: https://acpg.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  const blogs = (items: { slug: string; published_at: string }[], total = items.length): PublicAnswer => ({ success: true, data: { items, total, page: 1, page_size: 100 } });

  it('lists every public page (lastmod from its published content) and each published post, absolute and escaped', async () => {
    const fetchPublic = async (url: string): Promise<PublicAnswer> => {
      if (url === '/cms/content/faq') return { success: true, data: { published_at: '2026-11-01T10:00:00.000Z' } };
      if (url.startsWith('/cms/content/')) return { success: false, message: 'Not found', data: null, status: 404 };
      if (url.startsWith('/cms/blogs?page=1&')) return blogs([{ slug: 'a&b', published_at: '2026-10-02T08:00:00.000Z' }]);
      throw new Error(`unexpected ${url}`);
    };
    const entries = await sitemapEntries(fetchPublic);
    expect(entries.map((e) => e.path)).toEqual([...SITEMAP_PAGES, '/blogs/a%26b']);
    expect(entries.find((e) => e.path === '/faq')?.lastmod).toBe('2026-11-01T10:00:00.000Z');
    expect(entries.find((e) => e.path === '/about-us')?.lastmod).toBeUndefined();
    const xml = sitemapXml('https://acpg.example', entries);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://acpg.example/</loc></url>');
    expect(xml).toContain('<url><loc>https://acpg.example/faq</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://acpg.example/blogs/a%26b</loc><lastmod>2026-10-02T08:00:00.000Z</lastmod></url>');
  });

  it('pages through the posts until it has them all', async () => {
    const asked: string[] = [];
    const page = (n: number) => Array.from({ length: n === 1 ? 100 : 3 }, (_, i) => ({ slug: `p${n}-${i}`, published_at: '2026-10-02T08:00:00.000Z' }));
    const entries = await sitemapEntries(async (url) => {
      asked.push(url);
      if (url.startsWith('/cms/content/')) return { success: false, message: 'Not found', data: null, status: 404 };
      const n = Number(/page=(\d+)/.exec(url)?.[1]);
      return blogs(page(n), 103);
    });
    expect(asked.filter((u) => u.startsWith('/cms/blogs'))).toEqual(['/cms/blogs?page=1&page_size=100', '/cms/blogs?page=2&page_size=100']);
    expect(entries.filter((e) => e.path.startsWith('/blogs/'))).toHaveLength(103);
  });

  it('fails when the post list cannot be read (the route answers an error, not a sitemap missing the posts)', async () => {
    await expect(sitemapEntries(async () => ({ success: false, message: 'down', data: null, status: 503 }))).rejects.toThrow(/blog list/);
  });
});
