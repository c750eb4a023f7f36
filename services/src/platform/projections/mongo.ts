import type mongoose from 'mongoose';
import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import type { Applied, ProjectionStore } from './port.ts';
import { alreadyApplied, evolveDocument } from './step.ts';

type Docs = mongoose.mongo.Collection<Doc>;
type MongoFilter = mongoose.mongo.Filter<Doc>;
interface Checkpoint {
  _id: string;
  position: number;
}

const DUPLICATE_KEY = 11000;
const MAX_ATTEMPTS = 20;

const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;

export interface MongoProjectionStoreOptions {
  /**
   * Prefixes every collection the store writes, its checkpoints' included: a replay into a namespace
   * (`replay_<name>__<collection>`) never touches the live read models or their checkpoints.
   */
  prefix?: string;
}

/**
 * Distributed projection store: each document write is a compare-and-set on the `_version`/`_stream`
 * it was read with (insert when it did not exist), and an event at or below the document's stream
 * version is skipped, so redelivery is a no-op and concurrent projectors never lose an update.
 * The checkpoint (collection `projection_checkpoints`) is advisory (progress for operators and replay
 * tools): the highest position applied, moved forward after the writes.
 */
export const createMongoProjectionStore = (connection: mongoose.Connection, { prefix = '' }: MongoProjectionStoreOptions = {}): ProjectionStore => {
  const db = async (): Promise<mongoose.mongo.Db> => {
    if (!connection.db) await connection.asPromise();
    if (!connection.db) throw new Error('MongoDB connection is not open');
    return connection.db;
  };
  const checkpoints = async () => (await db()).collection<Checkpoint>(`${prefix}projection_checkpoints`);

  /** Applies one event to its document; returns the written document (null: deleted), or undefined when skipped. */
  const applyOne = async (
    docs: Docs,
    projection: Parameters<ProjectionStore['apply']>[0],
    event: StoredEvent,
  ): Promise<{ doc: Doc | null } | undefined> => {
    const id = projection.documentId(event);
    if (id === null) return undefined;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = (await docs.findOne({ _id: id } as MongoFilter)) as Doc | null;
      if (alreadyApplied(current, event)) return undefined;
      const next = evolveDocument(projection, id, current, event);
      // The document as read: a write only lands if nobody changed it since.
      const guard = { _id: id, _version: current?._version ?? null, _stream: current?._stream ?? null } as MongoFilter;
      if (current === null) {
        if (next === null) return undefined;
        try {
          await docs.insertOne(next);
          return { doc: next };
        } catch (error) {
          if (isDuplicateKey(error)) continue;
          throw error;
        }
      }
      const result = next === null ? await docs.deleteOne(guard) : await docs.replaceOne(guard, next);
      const hit = 'deletedCount' in result ? result.deletedCount : result.matchedCount;
      if (hit === 1) return { doc: next };
    }
    throw new Error(`Projection ${projection.name}: document ${id} kept changing under event ${event.id}`);
  };

  const readCheckpoint = async (name: string): Promise<number> => (await (await checkpoints()).findOne({ _id: name }))?.position ?? 0;

  return {
    async apply(projection, events) {
      const docs = (await db()).collection<Doc>(`${prefix}${projection.collection}`);
      const applied: Applied[] = [];
      let position = 0;
      // No skip by checkpoint: members of a Kafka group see different partitions, so positions
      // arrive out of global order and a checkpoint from one member says nothing about another's events.
      for (const event of events) {
        position = Math.max(position, event.position);
        if (!projection.handles.includes(event.type)) continue;
        const written = await applyOne(docs, projection, event);
        if (written) applied.push({ event, doc: written.doc });
      }
      if (position > 0) {
        await (await checkpoints()).updateOne({ _id: projection.name }, { $max: { position } }, { upsert: true });
      }
      return applied;
    },

    checkpoint: (projection) => readCheckpoint(projection.name),

    async reset(projection) {
      await (await db()).collection<Doc>(`${prefix}${projection.collection}`).deleteMany({});
      await (await checkpoints()).deleteOne({ _id: projection.name });
    },
  };
};
