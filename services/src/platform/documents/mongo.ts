import type mongoose from 'mongoose';
import type { Doc, Documents } from './port.ts';
import { withTieBreaker } from './sqlite-query.ts';

type Collection = mongoose.mongo.Collection<Doc>;
type MongoFilter = mongoose.mongo.Filter<Doc>;

/**
 * Read models in MongoDB through the native collections of a mongoose connection (read models have no
 * schema to validate: they are whatever a projection's evolve returns). The connection belongs to the
 * caller: close() leaves it open.
 */
export const createMongoDocuments = (connection: mongoose.Connection): Documents => {
  const collection = async (name: string): Promise<Collection> => {
    if (!connection.db) await connection.asPromise();
    if (!connection.db) throw new Error('MongoDB connection is not open');
    return connection.db.collection<Doc>(name);
  };
  return {
    async upsert(name, doc) {
      if (typeof doc._id !== 'string' || doc._id === '') throw new Error(`Document in ${name} needs a string _id`);
      await (await collection(name)).replaceOne({ _id: doc._id } as MongoFilter, doc, { upsert: true });
    },
    async get(name, id) {
      return (await (await collection(name)).findOne({ _id: id } as MongoFilter)) as Doc | null;
    },
    async delete(name, id) {
      return (await (await collection(name)).deleteOne({ _id: id } as MongoFilter)).deletedCount > 0;
    },
    async find(name, filter = {}, options = {}) {
      let cursor = (await collection(name)).find(filter as MongoFilter).sort(withTieBreaker(options.sort));
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(Math.abs(options.limit));
      return (await cursor.toArray()) as Doc[];
    },
    async count(name, filter = {}) {
      return (await collection(name)).countDocuments(filter as MongoFilter);
    },
    async aggregate(name, pipeline) {
      return (await collection(name)).aggregate(pipeline).toArray();
    },
    async drop(name) {
      // deleteMany keeps the collection's indexes (drop() would remove them).
      await (await collection(name)).deleteMany({});
    },
    async ensureIndexes(name, fields) {
      const target = await collection(name);
      for (const field of fields) if (field !== '_id') await target.createIndex({ [field]: 1 });
    },
    async close() {},
  };
};
