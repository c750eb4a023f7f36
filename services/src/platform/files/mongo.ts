import mongoose, { type Connection } from 'mongoose';
import type { FileRow, FileRows } from './port.ts';

interface FileDoc {
  _id: string;
  content_type: string;
  encrypted: boolean;
  bytes: mongoose.mongo.Binary;
  created_at: string;
}

/** Files in MongoDB, one document each (uploads are at most 15 MB, under the 16 MB document limit). */
export const createMongoFileRows = (connection: Connection): FileRows => {
  const collection = connection.collection<FileDoc>('files');
  return {
    async put(row) {
      const doc = { content_type: row.contentType, encrypted: row.encrypted, bytes: new mongoose.mongo.Binary(row.bytes), created_at: row.createdAt };
      await collection.replaceOne({ _id: row.key }, doc, { upsert: true });
    },
    async get(key): Promise<FileRow | null> {
      const doc = await collection.findOne({ _id: key });
      if (!doc) return null;
      return { key, contentType: doc.content_type, encrypted: doc.encrypted, bytes: Buffer.from(doc.bytes.buffer), createdAt: doc.created_at };
    },
    async delete(key) {
      const result = await collection.deleteOne({ _id: key });
      return result.deletedCount > 0;
    },
  };
};
