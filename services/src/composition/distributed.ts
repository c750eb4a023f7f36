import mongoose from 'mongoose';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { storeOf, type Config } from '../platform/config/schema.ts';
import type { Documents } from '../platform/documents/port.ts';
import type { EventStore } from '../platform/event-store/port.ts';
import type { ProjectionStore } from '../platform/projections/port.ts';
import { createMongoEventStore, mongoOutboxSource } from '../platform/event-store/mongo.ts';
import { createSqliteEventStore } from '../platform/event-store/sqlite.ts';
import { createKafkaEventBus, createKafkaPublisher } from '../platform/event-bus/kafka.ts';
import { createSqliteOutboxSource, startOutboxRelay, type OutboxSource } from '../platform/event-bus/outbox-relay.ts';
import { createMongoDocuments } from '../platform/documents/mongo.ts';
import { createSqliteDocuments } from '../platform/documents/sqlite.ts';
import { createMongoProjectionStore } from '../platform/projections/mongo.ts';
import { createSqliteProjectionStore } from '../platform/projections/sqlite.ts';
import { openSqlite } from '../platform/sqlite/open.ts';
import { createBullmqJobs } from '../platform/jobs/bullmq.ts';
import { createRedisCounters } from '../platform/counters/redis.ts';
import { createSmtpMailer, smtpTimeoutsOf } from '../platform/mail/smtp.ts';
import { createHttpSmsSender } from '../platform/sms/http.ts';
import { topicForStream } from '../platform/event-bus/port.ts';
import { createSqliteFileRows } from '../platform/files/sqlite.ts';
import type { Module } from '../platform/module.ts';
import { createMongoFileRows } from '../platform/files/mongo.ts';
import { filesKey } from '../platform/files/key.ts';
import { encryptedFiles } from '../platform/files/encrypted.ts';
import type { FileRows } from '../platform/files/port.ts';
import type { Adapters } from './adapters.ts';
import { sqliteWritable } from '../platform/sqlite/writable.ts';
import { sqliteFile } from './embedded.ts';

/** Where events and read models live, and the outbox the relay publishes to Kafka from. */
interface Stores {
  eventStore: EventStore;
  documents: Documents;
  projections: ProjectionStore;
  fileRows: FileRows;
  /** The outbox the relay reads (made only in the role that runs the relay). */
  outbox(): OutboxSource;
  /** How often the relay looks for events appended by other processes (its own appends wake it at once). */
  relayPollMs: number;
  /** Readiness: the store answers (MongoDB ping) or takes a write (the SQLite file). */
  check: [name: string, check: () => Promise<void>];
  close(): Promise<void>;
}

const mongoStores = async (url: string): Promise<Stores> => {
  const connection = await mongoose.createConnection(url).asPromise();
  const eventStore = await createMongoEventStore(connection);
  const documents = createMongoDocuments(connection);
  return {
    eventStore,
    documents,
    projections: createMongoProjectionStore(connection),
    fileRows: createMongoFileRows(connection),
    outbox: () => mongoOutboxSource(connection),
    relayPollMs: 500,
    check: [
      'mongodb',
      async () => {
        if (!connection.db) throw new Error('not connected');
        await connection.db.admin().ping();
      },
    ],
    close: async () => {
      await documents.close();
      await eventStore.close();
      await connection.close();
    },
  };
};

/**
 * STORE=sqlite: the processes of one host share the SQLite file in DATA_DIR (WAL: one writer at a time, readers never
 * blocked). Positions commit in order, so the relay's cursor (a row in the same file, moved after Kafka acknowledged)
 * never skips an event; after a crash it publishes at most its last batch again, which consumers ignore.
 */
const sqliteStores = (config: Config): Stores => {
  const db = openSqlite(sqliteFile(config), config.SQLITE_SYNCHRONOUS);
  const eventStore = createSqliteEventStore(db);
  const documents = createSqliteDocuments(db);
  return {
    eventStore,
    documents,
    // Kafka partitions deliver out of global order: the stream-version guard, not the checkpoint, dedupes.
    projections: createSqliteProjectionStore(db, { inPositionOrder: false }),
    fileRows: createSqliteFileRows(db),
    outbox: () => createSqliteOutboxSource(db, eventStore),
    // Appends come from the api and worker processes: a poll of the indexed log (two index reads, tens of µs) is cheap,
    // and each event on a paid order's way to its watcher waits for one (at 100 ms, about 50 ms per hop on average).
    relayPollMs: 20,
    check: ['sqlite', sqliteWritable(db)],
    close: async () => {
      await documents.close();
      await eventStore.close();
      db.close();
    },
  };
};

/**
 * Distributed profile: Kafka (bus, fed by the outbox relay), Redis (jobs, socket.io), and events and read models in
 * MongoDB or, with STORE=sqlite, in the SQLite file the processes of one host share.
 */
/** The topics holding the given event types (each module's on its own topic); every topic when a type is unknown or none are given. */
export const topicsOfTypes = (modules: readonly Pick<Module, 'name' | 'eventTypes'>[], prefix: string) => {
  const topicOf = (name: string) => topicForStream(`${name}-x`, prefix);
  const all = modules.map((m) => topicOf(m.name));
  const byType = new Map(modules.flatMap((m) => (m.eventTypes ?? []).map((type) => [type, topicOf(m.name)] as const)));
  return (types?: readonly string[]): string[] => {
    if (!types || types.some((type) => !byType.has(type))) return all;
    return all.filter((topic) => types.some((type) => byType.get(type) === topic));
  };
};

export const createDistributedAdapters = async (config: Config, log: Logger, modules: readonly Pick<Module, 'name' | 'eventTypes'>[]): Promise<Adapters> => {
  const required = (name: 'MONGODB_URL' | 'KAFKA_BROKERS' | 'REDIS_URL'): string => {
    const value = config[name];
    if (!value) throw new Error(`${name} is required when MODE=distributed`); // loadConfig checks it first
    return value;
  };
  const stores = storeOf(config) === 'sqlite' ? sqliteStores(config) : await mongoStores(required('MONGODB_URL'));
  const brokers = required('KAFKA_BROKERS').split(',').map((b) => b.trim());
  const topics = modules.map((m) => topicForStream(`${m.name}-x`, config.KAFKA_TOPIC_PREFIX));
  const bus = createKafkaEventBus({
    brokers,
    clientId: config.KAFKA_CLIENT_ID,
    topics,
    sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
    maxWaitTimeMs: config.KAFKA_MAX_WAIT_MS,
    topicsFor: topicsOfTypes(modules, config.KAFKA_TOPIC_PREFIX),
    logger: log.child({ port: 'event-bus' }),
  });
  const publisher = createKafkaPublisher({ brokers, clientId: `${config.KAFKA_CLIENT_ID}-relay`, topicPrefix: config.KAFKA_TOPIC_PREFIX });
  const jobs = createBullmqJobs({ connection: required('REDIS_URL'), prefix: 'acpg', logger: log.child({ port: 'jobs' }), lockDurationMs: config.JOBS_LOCK_DURATION_MS });
  // Rate limits and per-account bounds: every api process counts on the same Redis keys.
  const counters = createRedisCounters({ url: required('REDIS_URL'), prefix: 'acpg-counters', logger: log.child({ port: 'counters' }) });
  // Readiness only: a connection of its own that gives up fast, so a Redis away answers "not ready" at once.
  const redisProbe = new Redis(required('REDIS_URL'), { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 1000 });
  redisProbe.on('error', () => undefined); // reported by the readiness check
  // loadConfig already refused a distributed start without these.
  const mailer = createSmtpMailer({ url: config.SMTP_URL ?? '', from: config.MAIL_FROM, timeouts: smtpTimeoutsOf(config) });
  const sms = createHttpSmsSender({ url: config.SMS_API_URL ?? '', token: config.SMS_API_TOKEN ?? '', from: config.SMS_FROM ?? '' });
  return {
    eventStore: stores.eventStore,
    bus,
    documents: stores.documents,
    projections: stores.projections,
    jobs,
    mailer,
    sms,
    files: encryptedFiles(stores.fileRows, await filesKey(config)),
    counters,
    devOutbox: null, // refused by the configuration in this profile
    readiness: {
      [stores.check[0]]: stores.check[1],
      redis: async () => {
        if (redisProbe.status === 'wait' || redisProbe.status === 'end') await redisProbe.connect();
        await redisProbe.ping();
      },
      kafka: () => (bus.ping ? bus.ping() : Promise.resolve()),
    },
    startRelay: () =>
      startOutboxRelay({
        source: stores.outbox(),
        publish: (events) => publisher.publish(events),
        pollMs: stores.relayPollMs,
        logger: log.child({ port: 'outbox-relay' }),
      }),
    close: async () => {
      await jobs.close();
      redisProbe.disconnect();
      await counters.close();
      await bus.close();
      await publisher.close();
      await stores.close();
    },
  };
};
