import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { z } from 'zod';
import { storeOf, type Config } from '../platform/config/schema.ts';
import type { EventStore } from '../platform/event-store/port.ts';
import { createMongoEventStore } from '../platform/event-store/mongo.ts';
import { createSqliteEventStore } from '../platform/event-store/sqlite.ts';
import type { ProjectionStore } from '../platform/projections/port.ts';
import { createMongoProjectionStore } from '../platform/projections/mongo.ts';
import { createSqliteProjectionStore } from '../platform/projections/sqlite.ts';
import { openSqlite } from '../platform/sqlite/open.ts';
import { sqliteFile } from '../composition/embedded.ts';

/**
 * A replay namespace: read models rebuilt beside the live ones, never in their place. SQLite (the embedded profile and
 * STORE=sqlite): a database file of its own, `DATA_DIR/replay-<name>.db` (tables `documents`, `projection_checkpoints`),
 * so the replay never takes the live file's write lock and the running app is never blocked by it (it only reads the
 * event log there, and WAL readers never block the writer). MongoDB: collections `replay_<name>__<collection>` (the
 * checkpoints' too) in the live database.
 */
export const NamespaceName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'a namespace name is 1 to 40 lower-case letters, digits and hyphens, starting with a letter or digit');

export const namespaceFile = (config: Pick<Config, 'DATA_DIR'>, name: string) => join(config.DATA_DIR, `replay-${name}.db`);
export const namespacePrefix = (name: string) => `replay_${name}__`;

export interface NamespaceTarget {
  /** The live event log, read only. */
  eventStore: EventStore;
  /** The namespace's read models and checkpoints. */
  projections: ProjectionStore;
  /** Where an analyst reads it. */
  where: string;
  close(): Promise<void>;
}

const withMongo = async <T>(config: Config, work: (connection: mongoose.Connection) => Promise<T>): Promise<T> => {
  if (!config.MONGODB_URL) throw new Error('MONGODB_URL is required when MODE=distributed');
  const connection = await mongoose.createConnection(config.MONGODB_URL).asPromise();
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
};

export const openNamespace = async (config: Config, name: string): Promise<NamespaceTarget> => {
  if (storeOf(config) === 'sqlite') {
    // The live file: this connection only reads the log (its CREATE IF NOT EXISTS find the tables already there).
    const live = openSqlite(sqliteFile(config));
    const target = openSqlite(namespaceFile(config, name));
    const eventStore = createSqliteEventStore(live);
    return {
      eventStore,
      projections: createSqliteProjectionStore(target),
      where: namespaceFile(config, name),
      close: async () => {
        await eventStore.close();
        live.close();
        target.close();
      },
    };
  }
  if (!config.MONGODB_URL) throw new Error('MONGODB_URL is required when MODE=distributed');
  const connection = await mongoose.createConnection(config.MONGODB_URL).asPromise();
  const eventStore = await createMongoEventStore(connection);
  return {
    eventStore,
    projections: createMongoProjectionStore(connection, { prefix: namespacePrefix(name) }),
    where: `MongoDB collections ${namespacePrefix(name)}*`,
    close: async () => {
      await eventStore.close();
      await connection.close();
    },
  };
};

/** The namespaces replayed so far. */
export const listNamespaces = async (config: Config): Promise<string[]> => {
  if (storeOf(config) === 'sqlite') {
    const names = readdirSync(config.DATA_DIR).flatMap((file) => /^replay-([a-z0-9][a-z0-9-]*)\.db$/.exec(file)?.[1] ?? []);
    return names.sort();
  }
  return withMongo(config, async (connection) => {
    const collections = await connection.db?.listCollections({}, { nameOnly: true }).toArray();
    const names = (collections ?? []).flatMap((c) => /^replay_([a-z0-9][a-z0-9-]*)__/.exec(c.name)?.[1] ?? []);
    return [...new Set(names)].sort();
  });
};

/** Removes a namespace (its file, or its collections); false when there was none. */
export const dropNamespace = async (config: Config, name: string): Promise<boolean> => {
  if (storeOf(config) === 'sqlite') {
    const file = namespaceFile(config, name);
    if (!(await listNamespaces(config)).includes(name)) return false;
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    return true;
  }
  return withMongo(config, async (connection) => {
    const collections = (await connection.db?.listCollections({}, { nameOnly: true }).toArray()) ?? [];
    const mine = collections.filter((c) => c.name.startsWith(namespacePrefix(name)));
    for (const c of mine) await connection.db?.dropCollection(c.name);
    return mine.length > 0;
  });
};
