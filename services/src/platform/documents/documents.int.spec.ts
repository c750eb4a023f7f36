import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { describe } from 'vitest';
import { mongoSkipReason, mongoUrlForTests } from '../../../../test/mongo.ts';
import { openSqlite } from '../sqlite/open.ts';
import { documentsContract } from './contract.ts';
import { createMongoDocuments } from './mongo.ts';
import { createSqliteDocuments } from './sqlite.ts';

documentsContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'documents-'));
  const db = openSqlite(join(dir, 'app.db'));
  return {
    documents: createSqliteDocuments(db),
    cleanup: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
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
