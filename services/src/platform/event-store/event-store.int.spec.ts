import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, describe } from 'vitest';
import { mongoSkipReason, mongoUrlForTests } from '../../../../test/mongo.ts';
import { openSqlite } from '../sqlite/open.ts';
import { eventStoreContract } from './contract.ts';
import { createMongoEventStore } from './mongo.ts';
import { createSqliteEventStore } from './sqlite.ts';

eventStoreContract('event store contract on SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
  const db = openSqlite(join(dir, 'events.sqlite'));
  const store = createSqliteEventStore(db);
  return {
    store,
    cleanup: async () => {
      await store.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

const mongo = await mongoUrlForTests();
afterAll(async () => {
  await mongo?.stop();
});

describe.skipIf(!mongo)(`event store contract on MongoDB${mongo ? '' : ` (${mongoSkipReason})`}`, () => {
  eventStoreContract('mongo adapter', async () => {
    // A database per test keeps positions starting at 1.
    const connection = mongoose.createConnection(mongo?.url ?? '', { dbName: `es_${randomUUID().replaceAll('-', '')}` });
    const store = await createMongoEventStore(connection);
    return {
      store,
      cleanup: async () => {
        await store.close();
        await connection.dropDatabase();
        await connection.close();
      },
    };
  });
});
