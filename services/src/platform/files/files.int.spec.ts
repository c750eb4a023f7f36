import mongoose from 'mongoose';
import { afterAll, describe } from 'vitest';
import { mongoSkipReason, mongoUrlForTests } from '../../../../test/mongo.ts';
import { openSqlite } from '../sqlite/open.ts';
import { filesContract } from './contract.ts';
import { createMongoFileRows } from './mongo.ts';
import { createSqliteFileRows } from './sqlite.ts';

filesContract('SQLite', async () => {
  const db = openSqlite(':memory:');
  return { rows: createSqliteFileRows(db), close: async () => db.close() };
});

const mongo = await mongoUrlForTests();
describe.skipIf(!mongo)(`MongoDB${mongo ? '' : ` (${mongoSkipReason})`}`, () => {
  afterAll(() => mongo?.stop());
  filesContract('MongoDB', async () => {
    const connection = await mongoose.createConnection(mongo!.url, { dbName: `files_${Date.now()}_${Math.random().toString(36).slice(2)}` }).asPromise();
    return {
      rows: createMongoFileRows(connection),
      close: async () => {
        await connection.dropDatabase();
        await connection.close();
      },
    };
  });
});
