import mongoose from 'mongoose';
import { describe } from 'vitest';
import { mongoSkipReason, mongoUrlForTests } from '../../../../test/mongo.ts';
import { tempSqlite } from '../../../test/sqlite-file.ts';
import { createMongoDocuments } from '../documents/mongo.ts';
import { createSqliteDocuments } from '../documents/sqlite.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import { memoryEventStore, projectionStoreContract } from './contract.ts';
import { createMongoProjectionStore } from './mongo.ts';
import { createSqliteProjectionStore } from './sqlite.ts';

projectionStoreContract('SQLite', async () => {
  const { db, remove } = tempSqlite('projections');
  return {
    store: createSqliteProjectionStore(db),
    documents: createSqliteDocuments(db),
    eventStore: createSqliteEventStore(db),
    cleanup: remove,
  };
});

// Fed by Kafka (distributed profile with STORE=sqlite): no skip by checkpoint, the version guard alone.
projectionStoreContract('SQLite fed out of position order', async () => {
  const { db, remove } = tempSqlite('projections');
  return {
    store: createSqliteProjectionStore(db, { inPositionOrder: false }),
    documents: createSqliteDocuments(db),
    eventStore: createSqliteEventStore(db),
    cleanup: remove,
  };
});

const mongo = await mongoUrlForTests();

describe.skipIf(!mongo)(`ProjectionStore on MongoDB${mongo ? '' : ` (${mongoSkipReason})`}`, () => {
  projectionStoreContract('MongoDB', async () => {
    const connection = await mongoose.createConnection(mongo!.url, { dbName: `projections_${Date.now()}` }).asPromise();
    return {
      store: createMongoProjectionStore(connection),
      documents: createMongoDocuments(connection),
      // The MongoDB event store is another adapter's concern; the projection store only reads what it is given.
      eventStore: memoryEventStore(),
      cleanup: async () => {
        await connection.dropDatabase();
        await connection.close();
        await mongo!.stop();
      },
    };
  });
});
