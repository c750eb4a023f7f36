import type mongoose from 'mongoose';
import type { mongo } from 'mongoose';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
} from './port.ts';
import { assertExpectedVersion } from './sqlite.ts';
import type { OutboxSource } from '../event-bus/outbox-relay.ts';

/** One stored event: `_id` is the event id; `published` feeds the outbox relay. */
interface EventDocument {
  _id: string;
  type: string;
  stream: string;
  version: number;
  position: number;
  occurredAt: string;
  actor: string | null;
  correlationId: string;
  causationId: string | null;
  schemaVersion: number;
  data: unknown;
  published: boolean;
}

interface CounterDocument {
  _id: string;
  seq: number;
}

/** The Mongo store is also the outbox source of the relay (event-bus/outbox-relay.ts). */
export interface MongoEventStore extends EventStore {
  /** Unpublished events in position order (hence in version order per stream). */
  unpublished(limit: number): Promise<StoredEvent[]>;
  markPublished(ids: readonly string[]): Promise<void>;
}

type AppendListener = (events: readonly StoredEvent[]) => void;

/** Append listeners per connection, so an outbox source made from the connection wakes on appends in this process. */
const listenersByConnection = new WeakMap<mongoose.Connection, Set<AppendListener>>();
const listenersOf = (connection: mongoose.Connection): Set<AppendListener> => {
  let listeners = listenersByConnection.get(connection);
  if (!listeners) {
    listeners = new Set();
    listenersByConnection.set(connection, listeners);
  }
  return listeners;
};

const eventsCollection = async (connection: mongoose.Connection): Promise<mongo.Collection<EventDocument>> => {
  await connection.asPromise();
  const db = connection.db;
  if (!db) throw new Error('MongoDB connection has no database');
  return db.collection<EventDocument>('events');
};

const readUnpublished = async (events: mongo.Collection<EventDocument>, limit: number): Promise<StoredEvent[]> => {
  const docs = await events.find({ published: false }).sort({ position: 1 }).limit(limit).toArray();
  return docs.map(toStoredEvent);
};

const markAsPublished = async (events: mongo.Collection<EventDocument>, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  await events.updateMany({ _id: { $in: [...ids] } }, { $set: { published: true } });
};

/**
 * The outbox of the Mongo store for the relay: events with `published: false`, in position order.
 * It wakes on appends made through a store created on the same connection; other processes' appends
 * are found by the relay's poll.
 */
export const mongoOutboxSource = (connection: mongoose.Connection): OutboxSource => ({
  unpublished: async (limit) => readUnpublished(await eventsCollection(connection), limit),
  markPublished: async (ids) => markAsPublished(await eventsCollection(connection), ids),
  onAppended: (listener) => {
    const listeners = listenersOf(connection);
    const wake: AppendListener = () => listener();
    listeners.add(wake);
    return () => {
      listeners.delete(wake);
    };
  },
});

const POSITION_COUNTER = 'events.position';
const DUPLICATE_KEY = 11000;

const toStoredEvent = (doc: EventDocument): StoredEvent => ({
  id: doc._id,
  type: doc.type,
  stream: doc.stream,
  version: doc.version,
  position: doc.position,
  occurredAt: doc.occurredAt,
  actor: doc.actor,
  correlationId: doc.correlationId,
  causationId: doc.causationId,
  schemaVersion: doc.schemaVersion,
  data: doc.data,
});

const isDuplicateKey = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY;

/**
 * The distributed profile's event store: the `events` collection, optimistic concurrency by the
 * unique (stream, version) index, global position from `$inc` on a counter document.
 * On a replica set (the compose file and testcontainers run one) an append is one transaction, so
 * a multi-event append is all or nothing and positions commit in order; on a standalone server it
 * falls back to plain writes, where a multi-event append racing another writer can be partial.
 */
/** A regular expression matching strings that start with `prefix` (its special characters escaped). */
const startsWith = (prefix: string): string => `^${prefix.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&')}`;

export const createMongoEventStore = async (connection: mongoose.Connection): Promise<MongoEventStore> => {
  const events = await eventsCollection(connection);
  const db = events.db;
  const counters = db.collection<CounterDocument>('counters');

  await events.createIndexes([
    { key: { stream: 1, version: 1 }, name: 'stream_version', unique: true },
    { key: { position: 1 }, name: 'position', unique: true },
    { key: { published: 1, position: 1 }, name: 'unpublished_position', partialFilterExpression: { published: false } },
  ]);
  // Start the counter at the highest stored position, so a lost counter document cannot reuse positions.
  const last = await events.find({}, { projection: { position: 1 } }).sort({ position: -1 }).limit(1).next();
  try {
    await counters.updateOne({ _id: POSITION_COUNTER }, { $setOnInsert: { seq: last?.position ?? 0 } }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error; // another process created it first
  }

  const hello = await db.command({ hello: 1 });
  const supportsTransactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  const client = connection.getClient();
  const listeners = listenersOf(connection);
  const own = new Set<AppendListener>();

  const headPosition = async (): Promise<number> => {
    const top = await events.find({}, { projection: { position: 1 } }).sort({ position: -1 }).limit(1).next();
    return top?.position ?? 0;
  };

  const currentVersion = async (stream: string, session?: mongo.ClientSession): Promise<number> => {
    const top = await events
      .find({ stream }, { projection: { version: 1 }, ...(session ? { session } : {}) })
      .sort({ version: -1 })
      .limit(1)
      .next();
    return top?.version ?? 0;
  };

  const appendOnce = async (
    stream: string,
    expected: ExpectedVersion,
    newEvents: readonly NewEvent[],
    session?: mongo.ClientSession,
  ): Promise<StoredEvent[]> => {
    const options = session ? { session } : {};
    const actual = await currentVersion(stream, session);
    if (expected !== 'any' && expected !== actual) throw new ConcurrencyError(stream, expected, actual);
    const counter = await counters.findOneAndUpdate(
      { _id: POSITION_COUNTER },
      { $inc: { seq: newEvents.length } },
      { returnDocument: 'after', upsert: true, ...options },
    );
    if (!counter) throw new Error('Position counter missing');
    const firstPosition = counter.seq - newEvents.length + 1;
    const docs: EventDocument[] = newEvents.map((event, index) => ({
      _id: event.id,
      type: event.type,
      stream,
      version: actual + index + 1,
      position: firstPosition + index,
      occurredAt: event.occurredAt,
      actor: event.actor,
      correlationId: event.correlationId,
      causationId: event.causationId,
      schemaVersion: event.schemaVersion ?? 1,
      // Through JSON, so both adapters store the same thing (no undefined, no Date objects).
      data: JSON.parse(JSON.stringify(event.data ?? null)) as unknown,
      published: false,
    }));
    try {
      await events.insertMany(docs, { ordered: true, ...options });
    } catch (error) {
      if (isDuplicateKey(error) && isStreamVersionConflict(error)) {
        throw new ConcurrencyError(stream, expected, await currentVersion(stream));
      }
      throw error;
    }
    return docs.map(toStoredEvent);
  };

  const appendWithRetry = async (stream: string, expected: ExpectedVersion, newEvents: readonly NewEvent[]) => {
    // 'any' skips the check, so losing the race for the next version is retried rather than reported.
    for (let attempt = 1; ; attempt++) {
      try {
        if (!supportsTransactions) return await appendOnce(stream, expected, newEvents);
        const session = client.startSession();
        try {
          return await session.withTransaction(() => appendOnce(stream, expected, newEvents, session));
        } finally {
          await session.endSession();
        }
      } catch (error) {
        if (expected === 'any' && error instanceof ConcurrencyError && attempt < 10) continue;
        throw error;
      }
    }
  };

  return {
    async append(stream, expectedVersion, newEvents): Promise<AppendResult> {
      assertExpectedVersion(expectedVersion);
      if (newEvents.length === 0) {
        const actual = await currentVersion(stream);
        if (expectedVersion !== 'any' && expectedVersion !== actual) throw new ConcurrencyError(stream, expectedVersion, actual);
        return { nextVersion: actual, lastPosition: await headPosition() };
      }
      const stored = await appendWithRetry(stream, expectedVersion, newEvents);
      for (const listener of listeners) {
        try {
          listener(stored);
        } catch {
          // A listener is a wake-up hint; the append has committed.
        }
      }
      const lastEvent = stored[stored.length - 1] as StoredEvent;
      return { nextVersion: lastEvent.version, lastPosition: lastEvent.position };
    },

    async readStream(stream, fromVersion = 1) {
      const docs = await events.find({ stream, version: { $gte: fromVersion } }).sort({ version: 1 }).toArray();
      return docs.map(toStoredEvent);
    },

    async readAll({ after, limit, types }) {
      if (types && types.length === 0) return [];
      const filter: mongo.Filter<EventDocument> = { position: { $gt: after } };
      if (types) filter.type = { $in: [...types] };
      const docs = await events.find(filter).sort({ position: 1 }).limit(limit).toArray();
      return docs.map(toStoredEvent);
    },

    async readLatest({ before, limit, types, stream, streamPrefix }) {
      if (types && types.length === 0) return [];
      const filter: mongo.Filter<EventDocument> = before === undefined ? {} : { position: { $lt: before } };
      if (types) filter.type = { $in: [...types] };
      if (stream !== undefined) filter.stream = streamPrefix ? { $regex: startsWith(stream) } : stream;
      const docs = await events.find(filter).sort({ position: -1 }).limit(limit).toArray();
      return docs.map(toStoredEvent);
    },

    headPosition,

    onAppended(listener) {
      listeners.add(listener);
      own.add(listener);
      return () => {
        listeners.delete(listener);
        own.delete(listener);
      };
    },

    unpublished: (limit) => readUnpublished(events, limit),
    markPublished: (ids) => markAsPublished(events, ids),

    async close() {
      // The connection belongs to the composition root; only this store's listeners go.
      for (const listener of own) listeners.delete(listener);
      own.clear();
    },
  };
};

/** The unique (stream, version) index was hit, not the event id (a duplicate id is a caller bug, reported as is). */
const isStreamVersionConflict = (error: unknown): boolean => {
  const keyPattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
  if (keyPattern) return 'stream' in keyPattern && 'version' in keyPattern;
  const message = error instanceof Error ? error.message : '';
  return message.includes('index: stream_version ');
};
