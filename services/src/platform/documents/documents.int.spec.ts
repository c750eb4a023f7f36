import mongoose from 'mongoose';
import { describe } from 'vitest';
import { mongoSkipReason, mongoUrlForTests } from '../../../../test/mongo.ts';
import { tempSqlite } from '../../../test/sqlite-file.ts';
import { documentsContract } from './contract.ts';
import { createMongoDocuments } from './mongo.ts';
import { createSqliteDocuments } from './sqlite.ts';

documentsContract('SQLite', async () => {
  const { db, remove } = tempSqlite('documents');
  return {
    documents: createSqliteDocuments(db),
    cleanup: remove,
  };
});

const mongo = await mongoUrlForTests();

describe.skipIf(!mongo)(`Documents on MongoDB${mongo ? '' : ` (${mongoSkipReason})`}`, () => {
  documentsContract('MongoDB', async () => {
    const connection = await mongoose.createConnection(mongo!.url, { dbName: `documents_${Date.now()}` }).asPromise();
    return {
      documents: createMongoDocuments(connection),
      cleanup: async () => {
        await connection.dropDatabase();
        await connection.close();
        await mongo!.stop();
      },
    };
  });
});
