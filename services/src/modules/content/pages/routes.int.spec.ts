import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SLUGS, PageContent } from '@acpg/contracts/content';
import { createSqliteDocuments } from '../../../platform/documents/sqlite.ts';
import { createSqliteEventStore } from '../../../platform/event-store/sqlite.ts';
import { errorHandler } from '../../../platform/http/error-handler.ts';
import type { Platform } from '../../../platform/module.ts';
import { replayProjection } from '../../../platform/projections/runner.ts';
import { createSqliteProjectionStore } from '../../../platform/projections/sqlite.ts';
import { openSqlite } from '../../../platform/sqlite/open.ts';
import { seedContent } from '../seed-content.ts';
import { publishPageContent } from './commands.ts';
import { pageContentProjection } from './projection.ts';
import { pageRoutes } from './routes.ts';

/** The embedded adapters on an in-memory SQLite database, a clock that moves 1 s per reading, and the routes under /api/v1. */
const start = async () => {
  const db = openSqlite(':memory:');
  const eventStore = createSqliteEventStore(db);
  const documents = createSqliteDocuments(db);
  const projections = createSqliteProjectionStore(db);
  let now = Date.parse('2025-03-01T10:00:00.000Z');
  // Only the ports the page routes, commands and seed use; the rest of Platform plays no part here.
  const platform = {
    eventStore,
    documents,
    projections,
    log: pino({ level: 'silent' }),
    clock: () => new Date((now += 1000)),
    newId: () => uuidv7(),
  } as unknown as Platform;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(pageRoutes(platform), { prefix: '/api/v1' });
  await app.ready();
  const project = () => replayProjection({ eventStore, store: projections, projection: pageContentProjection });
  const close = async () => {
    await app.close();
    await documents.close();
    await eventStore.close();
    db.close();
  };
  return { app, platform, project, close };
};

describe('GET /api/v1/cms/pages/:slug', () => {
  let app: FastifyInstance;
  let platform: Platform;
  let project: () => Promise<unknown>;
  let close: () => Promise<void>;
  beforeEach(async () => {
    ({ app, platform, project, close } = await start());
  });
  afterEach(async () => close());

  it('answers 404 in the error envelope before any content is published', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/pages/home' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Page not found.', code: 'NOT_FOUND' });
  });

  it('serves every seeded page with 3 to 6 sections', async () => {
    await seedContent(platform);
    await project();
    for (const slug of PAGE_SLUGS) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/cms/pages/${slug}` });
      expect(response.statusCode, slug).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      const page = PageContent.parse(body.data);
      expect(page.slug).toBe(slug);
      expect(page.sections.length).toBeGreaterThanOrEqual(3);
      expect(page.sections.length).toBeLessThanOrEqual(6);
      expect(Object.keys(body.data).sort()).toEqual(['intro', 'sections', 'slug', 'title', 'updated_at']);
    }
  });

  it('rejects a slug that is not a public page with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/pages/careers' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('seeds once: a second seed adds no event and keeps an admin edit', async () => {
    await seedContent(platform);
    const seeded = await platform.eventStore.headPosition();
    await publishPageContent(
      platform,
      { slug: 'home', title: 'Welcome home', intro: 'Edited by an admin.', sections: [{ heading: 'Plans', body: 'Monthly or yearly.' }] },
      { actor: 'admin-1', correlationId: uuidv7() },
    );
    await seedContent(platform);
    expect(await platform.eventStore.headPosition()).toBe(seeded + 1);
    await project();
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/pages/home' });
    expect(response.json().data).toMatchObject({ title: 'Welcome home', intro: 'Edited by an admin.' });
  });

  it('records the seed as the system actor on the page stream', async () => {
    await seedContent(platform);
    const [event] = await platform.eventStore.readStream('content-page-about-us');
    expect(event).toMatchObject({ type: 'PageContentPublished', actor: 'system', version: 1 });
  });

  it('dates the page by its latest publication', async () => {
    await publishPageContent(platform, { slug: 'services', title: 'Services', intro: '', sections: [] }, { actor: 'admin-1', correlationId: uuidv7() });
    const [first] = await platform.eventStore.readStream('content-page-services');
    await publishPageContent(platform, { slug: 'services', title: 'Our services', intro: '', sections: [] }, { actor: 'admin-1', correlationId: uuidv7() });
    await project();
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/pages/services' });
    const data = response.json().data;
    expect(data.title).toBe('Our services');
    expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(first!.occurredAt));
  });
});
