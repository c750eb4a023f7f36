import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { v7 as uuidv7 } from 'uuid';
import { createSqliteDocuments } from '../src/platform/documents/sqlite.ts';
import { createSqliteEventStore } from '../src/platform/event-store/sqlite.ts';
import { errorHandler } from '../src/platform/http/error-handler.ts';
import type { Platform } from '../src/platform/module.ts';
import type { Projection } from '../src/platform/projections/port.ts';
import { replayProjection } from '../src/platform/projections/runner.ts';
import { createSqliteProjectionStore } from '../src/platform/projections/sqlite.ts';
import { openSqlite } from '../src/platform/sqlite/open.ts';

export interface BareRoutes {
  app: FastifyInstance;
  platform: Platform;
  /** Brings the read model up to date with the store (no projector runs here). */
  project: () => Promise<unknown>;
  close: () => Promise<void>;
}

/**
 * One module's routes alone under /api/v1, on the embedded adapters over an in-memory SQLite database: nothing seeded,
 * no projector, and a clock that moves `clockStep` ms per reading. For the tests the whole app (`startTestApp`)
 * cannot host: an empty store, or time under the test's control.
 */
export const startBareRoutes = async (
  routes: (platform: Platform) => FastifyPluginAsync,
  projection: Projection,
  { clockStep = 1000 } = {},
): Promise<BareRoutes> => {
  const db = openSqlite(':memory:');
  const eventStore = createSqliteEventStore(db);
  const documents = createSqliteDocuments(db);
  const projections = createSqliteProjectionStore(db);
  let now = Date.parse('2025-03-01T10:00:00.000Z');
  // Only the ports routes, commands and seeds read; the rest of Platform plays no part here.
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
  await app.register(routes(platform), { prefix: '/api/v1' });
  await app.ready();
  return {
    app,
    platform,
    project: () => replayProjection({ eventStore, store: projections, projection }),
    close: async () => {
      await app.close();
      await documents.close();
      await eventStore.close();
      db.close();
    },
  };
};

/** `startBareRoutes` afresh for each test of the suite, closed after it: `bare()` is the current test's. */
export const useBareRoutes = (...args: Parameters<typeof startBareRoutes>): (() => BareRoutes) => {
  let current: BareRoutes | undefined;
  beforeEach(async () => {
    current = await startBareRoutes(...args);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('the bare routes are used outside a test');
    return current;
  };
};
