import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { BlogPost, BlogSummary } from '@acpg/contracts/content';
import { createSqliteDocuments } from '../../../platform/documents/sqlite.ts';
import { createSqliteEventStore } from '../../../platform/event-store/sqlite.ts';
import { errorHandler } from '../../../platform/http/error-handler.ts';
import type { Platform } from '../../../platform/module.ts';
import { replayProjection } from '../../../platform/projections/runner.ts';
import { createSqliteProjectionStore } from '../../../platform/projections/sqlite.ts';
import { openSqlite } from '../../../platform/sqlite/open.ts';
import { seedContent } from '../seed-content.ts';
import { publishBlogPost } from './commands.ts';
import { blogPostProjection } from './projection.ts';
import { blogRoutes } from './routes.ts';

/** The embedded adapters on an in-memory SQLite database, a clock that moves clockStep ms per reading, and the routes under /api/v1. */
const start = async ({ clockStep = 1000 } = {}) => {
  const db = openSqlite(':memory:');
  const eventStore = createSqliteEventStore(db);
  const documents = createSqliteDocuments(db);
  const projections = createSqliteProjectionStore(db);
  let now = Date.parse('2025-03-01T10:00:00.000Z');
  // Only the ports the blog routes, commands and seed use; the rest of Platform plays no part here.
  const platform = {
    eventStore,
    documents,
    projections,
    log: pino({ level: 'silent' }),
    clock: () => new Date((now += clockStep)),
    newId: () => uuidv7(),
  } as unknown as Platform;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(blogRoutes(platform), { prefix: '/api/v1' });
  await app.ready();
  const project = () => replayProjection({ eventStore, store: projections, projection: blogPostProjection });
  const close = async () => {
    await app.close();
    await documents.close();
    await eventStore.close();
    db.close();
  };
  return { app, platform, project, close };
};

describe('GET /api/v1/cms/blogs and /cms/blogs/:slug', () => {
  let app: FastifyInstance;
  let platform: Platform;
  let project: () => Promise<unknown>;
  let close: () => Promise<void>;
  const admin = () => ({ actor: 'admin-1', correlationId: uuidv7() });
  const post = (n: number) => ({
    slug: `post-${n}`,
    title: `Post ${n}`,
    excerpt: `Excerpt ${n}.`,
    body: `Body of post ${n}.`,
    author: 'ACPG Team',
  });
  const use = async (options?: { clockStep: number }) => {
    ({ app, platform, project, close } = await start(options));
  };
  afterEach(async () => close());

  it('lists the seeded posts newest first with the default page size', async () => {
    await use();
    await seedContent(platform);
    await seedContent(platform);
    await project();
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/blogs' });
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

  it('pages through the list without overlap, even for posts published in the same instant', async () => {
    await use({ clockStep: 0 });
    for (let n = 1; n <= 5; n += 1) await publishBlogPost(platform, post(n), admin());
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

  it('rejects a page size above 100 with 400', async () => {
    await use();
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/blogs?page_size=101' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('serves one post with its body, showing the latest revision under the first date', async () => {
    await use();
    await publishBlogPost(platform, post(1), admin());
    await publishBlogPost(platform, { ...post(1), title: 'Post 1, revised' }, admin());
    await project();
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/blogs/post-1' });
    expect(response.statusCode).toBe(200);
    const data = BlogPost.parse(response.json().data);
    const [first] = await platform.eventStore.readStream('content-blog-post-1');
    expect(data).toEqual({ ...post(1), title: 'Post 1, revised', published_at: first!.occurredAt });
  });

  it('answers 404 in the error envelope for an unknown post', async () => {
    await use();
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/blogs/no-such-post' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Blog post not found.', code: 'NOT_FOUND' });
  });
});
