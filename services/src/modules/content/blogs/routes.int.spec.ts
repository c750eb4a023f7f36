import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { systemMeta, type CommandMeta, type MetaSource } from '../../../platform/commands/metadata.ts';
import { BlogPost, BlogSummary } from '@acpg/contracts/content';
import { useBareRoutes } from '../../../../test/bare-routes.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { seedContent } from '../seed-content.ts';
import { publishBlogPost } from './commands.ts';
import { blogPostProjection } from './projection.ts';
import { blogRoutes } from './routes.ts';

/** An admin's command, with the platform's clock and ids (some suites step the clock). */
const admin = (platform: MetaSource): CommandMeta => ({ ...systemMeta(platform, { actor: 'admin-1' }), correlationId: uuidv7() });
const post = (n: number) => ({
  slug: `post-${n}`,
  title: `Post ${n}`,
  excerpt: `Excerpt ${n}.`,
  body: `Body of post ${n}.`,
  author: 'ACPG Team',
});

describe('GET /api/v1/cms/blogs and /cms/blogs/:slug', () => {
  const t = useTestApp();

  // First: the later tests publish posts of their own.
  it('lists the seeded posts newest first with the default page size', async () => {
    await seedContent(t.platform);
    await seedContent(t.platform);
    const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs' })).json().data?.total >= 3;
    await waitFor(listed, { what: 'the seeded posts to be projected' });
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs' });
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({ total: 3, page: 1, page_size: 10 });
    const items = (data.items as unknown[]).map((item) => BlogSummary.strict().parse(item));
    const dates = items.map((item) => Date.parse(item.published_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(items.map((item) => item.slug)).toEqual([
      'preparing-a-property-reimbursement-claim',
      'deed-theft-how-it-happens-and-warning-signs',
      'what-a-natural-hazard-disclosure-report-covers',
    ]);
  });

  it('rejects a page size above 100 with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs?page_size=101' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('serves one post with its body, showing the latest revision under the first date', async () => {
    await publishBlogPost(t.platform, post(1), admin(t.platform));
    await publishBlogPost(t.platform, { ...post(1), title: 'Post 1, revised' }, admin(t.platform));
    const get = () => t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs/post-1' });
    await waitFor(async () => (await get()).json().data?.title === 'Post 1, revised', { what: 'the revision to be projected' });
    const response = await get();
    expect(response.statusCode).toBe(200);
    const data = BlogPost.parse(response.json().data);
    const [first] = await t.platform.eventStore.readStream('content-blog-post-1');
    expect(data).toEqual({ ...post(1), title: 'Post 1, revised', published_at: first!.occurredAt });
  });

  it('answers 404 in the error envelope for an unknown post', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/cms/blogs/no-such-post' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Blog post not found.', code: 'NOT_FOUND' });
  });
});

describe('GET /api/v1/cms/blogs on an empty store with a stopped clock', () => {
  const bare = useBareRoutes(blogRoutes, blogPostProjection, { clockStep: 0 });

  it('pages through the list without overlap, even for posts published in the same instant', async () => {
    const { app, platform, project } = bare();
    for (let n = 1; n <= 5; n += 1) await publishBlogPost(platform, post(n), admin(platform));
    await project();
    const page = async (n: number) => (await app.inject({ method: 'GET', url: `/api/v1/cms/blogs?page=${n}&page_size=2` })).json().data;
    const [one, two, three] = [await page(1), await page(2), await page(3)];
    expect(one).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect([...one.items, ...two.items, ...three.items].map((item: { slug: string }) => item.slug)).toEqual([
      'post-5',
      'post-4',
      'post-3',
      'post-2',
      'post-1',
    ]);
  });

  it('sorts by title on request, and refuses a field the list does not sort by', async () => {
    const { app, platform, project } = bare();
    for (const [n, title] of [[1, 'Beta'], [2, 'Alpha'], [3, 'Gamma']] as const) await publishBlogPost(platform, { ...post(n), title }, admin(platform));
    await project();
    const sorted = (await app.inject({ method: 'GET', url: '/api/v1/cms/blogs?sort=title&order=asc' })).json().data;
    expect(sorted.items.map((item: { title: string }) => item.title)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const refused = await app.inject({ method: 'GET', url: '/api/v1/cms/blogs?sort=body' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'sort must be one of published_at, title.' });
  });
});
