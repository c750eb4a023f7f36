import type { FastifyInstance } from 'fastify';
import type { PublicAnswer } from './public-pages.ts';

/**
 * /robots.txt and /sitemap.xml (issue 22): search engines may read the public pages, not the app's signed-in screens,
 * its admin screens or its API; the sitemap lists every public page and every published blog post, with absolute
 * addresses under PUBLIC_URL.
 */

/** Signed-in, admin and flow paths a crawler has no business in (the public pages stay allowed). */
export const DISALLOWED_PREFIXES = [
  '/api/',
  '/socket.io/',
  '/authentication/',
  '/login',
  '/sign-up',
  '/checkout',
  '/payment-status',
  '/nhd-receipt/',
  '/account/',
  '/admin-',
  '/user-',
  '/my-properties',
  '/subscriptions',
  '/equity-protect-list',
  '/nhd-order-list',
  '/property-reimbursement',
  '/promocode',
  '/plans',
  '/acpg-provider',
  '/account-administration',
  '/home-management',
  '/aboutus-management',
  '/service-management',
  '/faq-management',
  '/contact-management',
  '/blog-management',
  '/site-management',
  '/email-templates',
  '/*?preview=',
] as const;

export const robotsTxt = (base: string): string =>
  ['User-agent: *', 'Allow: /', ...DISALLOWED_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');

export interface SitemapEntry {
  path: string;
  lastmod?: string | undefined;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const sitemapXml = (base: string, entries: readonly SitemapEntry[]): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) => `  <url><loc>${escapeXml(`${base}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');

/** Each public page's content document (`GET /cms/content/:key`), whose publication date is the page's lastmod. */
export const CONTENT_KEY_OF_PAGE: Readonly<Record<string, string>> = {
  '/': 'home',
  '/about-us': 'about-us',
  '/services-page': 'services',
  '/faq': 'faq',
  '/contact-us': 'contact',
  '/privacy-policy': 'privacy-policy',
  '/terms-of-service': 'terms-of-service',
  '/additional-information': 'additional-information',
};

/** The public pages a visitor lands on (web/src/app/routes.ts, access public; the flows' pages left out). */
export const SITEMAP_PAGES: readonly string[] = [...Object.keys(CONTENT_KEY_OF_PAGE), '/blogs', '/equity-protect', '/subscription-plan'];

const BLOG_PAGE_SIZE = 100;
/** 50,000 addresses is a sitemap's limit; far more posts than this site will have. */
const MAX_BLOG_PAGES = 400;

const dateOf = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

interface BlogRow {
  slug?: unknown;
  published_at?: unknown;
}

/** The sitemap's entries: the public pages without parameters, then each published blog post (newest first). */
export const sitemapEntries = async (fetchPublic: (url: string) => Promise<PublicAnswer>): Promise<SitemapEntry[]> => {
  const pages = await Promise.all(
    SITEMAP_PAGES.map(async (path): Promise<SitemapEntry> => {
      const key = CONTENT_KEY_OF_PAGE[path];
      if (!key) return { path };
      const answer = await fetchPublic(`/cms/content/${key}`);
      const published = answer.success ? (answer.data as { published_at?: unknown } | null)?.published_at : undefined;
      return { path, lastmod: dateOf(published) };
    }),
  );
  const posts: SitemapEntry[] = [];
  for (let page = 1; page <= MAX_BLOG_PAGES; page++) {
    const answer = await fetchPublic(`/cms/blogs?page=${page}&page_size=${BLOG_PAGE_SIZE}`);
    if (!answer.success) {
      if (page === 1) throw new Error(`the blog list could not be read: ${answer.message}`);
      break;
    }
    const data = answer.data as { items?: BlogRow[]; total?: number };
    const items = data.items ?? [];
    for (const item of items) {
      if (typeof item.slug === 'string') posts.push({ path: `/blogs/${encodeURIComponent(item.slug)}`, lastmod: dateOf(item.published_at) });
    }
    if (items.length < BLOG_PAGE_SIZE || posts.length >= (data.total ?? 0)) break;
  }
  return [...pages, ...posts];
};

export interface SeoOptions {
  base: string;
  fetchPublic: (url: string) => Promise<PublicAnswer>;
}

/** Registers GET /robots.txt and /sitemap.xml (public, outside the API and its document). */
export const seoRoutes = (app: FastifyInstance, { base, fetchPublic }: SeoOptions): void => {
  const config = { auth: 'public' as const };
  app.get('/robots.txt', { config, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(base)),
  );
  app.get('/sitemap.xml', { config, schema: { hide: true } }, async (_request, reply) => {
    const entries = await sitemapEntries(fetchPublic);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(sitemapXml(base, entries));
  });
};
