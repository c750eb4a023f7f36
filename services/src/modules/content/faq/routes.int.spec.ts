import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FaqItem } from '@acpg/contracts/content';
import { createSqliteDocuments } from '../../../platform/documents/sqlite.ts';
import { createSqliteEventStore } from '../../../platform/event-store/sqlite.ts';
import { errorHandler } from '../../../platform/http/error-handler.ts';
import type { Platform } from '../../../platform/module.ts';
import { replayProjection } from '../../../platform/projections/runner.ts';
import { createSqliteProjectionStore } from '../../../platform/projections/sqlite.ts';
import { openSqlite } from '../../../platform/sqlite/open.ts';
import { seedContent } from '../seed-content.ts';
import { addFaqItem, removeFaqItem, updateFaqItem } from './commands.ts';
import { faqProjection } from './projection.ts';
import { faqRoutes } from './routes.ts';

/** The embedded adapters on an in-memory SQLite database, a clock that moves 1 s per reading, and the routes under /api/v1. */
const start = async () => {
  const db = openSqlite(':memory:');
  const eventStore = createSqliteEventStore(db);
  const documents = createSqliteDocuments(db);
  const projections = createSqliteProjectionStore(db);
  let now = Date.parse('2025-03-01T10:00:00.000Z');
  // Only the ports the FAQ route, commands and seed use; the rest of Platform plays no part here.
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
  await app.register(faqRoutes(platform), { prefix: '/api/v1' });
  await app.ready();
  const project = () => replayProjection({ eventStore, store: projections, projection: faqProjection });
  const close = async () => {
    await app.close();
    await documents.close();
    await eventStore.close();
    db.close();
  };
  return { app, platform, project, close };
};

describe('GET /api/v1/cms/faq', () => {
  let app: FastifyInstance;
  let platform: Platform;
  let project: () => Promise<unknown>;
  let close: () => Promise<void>;
  const admin = () => ({ actor: 'admin-1', correlationId: uuidv7() });
  const list = async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/cms/faq' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    return (body.data.items as unknown[]).map((item) => FaqItem.parse(item));
  };
  beforeEach(async () => {
    ({ app, platform, project, close } = await start());
  });
  afterEach(async () => close());

  it('answers an empty list before anything is published', async () => {
    expect(await list()).toEqual([]);
  });

  it('serves the seeded questions in position order, once however often the seed runs', async () => {
    await seedContent(platform);
    await seedContent(platform);
    await project();
    const items = await list();
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
    expect(new Set(items.map((item) => item.question)).size).toBe(items.length);
    expect((await platform.eventStore.readStream('content-faq')).every((event) => event.actor === 'system')).toBe(true);
  });

  it('reflects adds, moves, edits and removals through the command handlers', async () => {
    const first = await addFaqItem(platform, { question: 'What is an NHD report?', answer: 'A disclosure report.' }, admin());
    const second = await addFaqItem(platform, { question: 'How do I file a claim?', answer: 'From your account.' }, admin());
    const third = await addFaqItem(platform, { question: 'Can I cancel my plan?', answer: 'Yes.' }, admin());
    await expect(updateFaqItem(platform, third, { position: 0.5 }, admin())).rejects.toMatchObject({
      status: 400,
      message: 'The FAQ change is not valid.',
    });
    await updateFaqItem(platform, second, { position: 4, answer: 'Go to Property Reimbursement.' }, admin());
    await removeFaqItem(platform, first, admin());
    await project();
    expect(await list()).toEqual([
      { id: third, question: 'Can I cancel my plan?', answer: 'Yes.', position: 3 },
      { id: second, question: 'How do I file a claim?', answer: 'Go to Property Reimbursement.', position: 4 },
    ]);
  });

  it('answers 404 for a change to an item that does not exist', async () => {
    await expect(removeFaqItem(platform, 'no-such-item', admin())).rejects.toMatchObject({ status: 404, message: 'FAQ item not found.' });
  });
});
