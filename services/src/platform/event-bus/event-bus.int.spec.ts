import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openSqlite } from '../sqlite/open.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import { eventBusContract } from './contract.ts';
import { createEmbeddedEventBus } from './embedded.ts';
import { createKafkaEventBus, createKafkaPublisher } from './kafka.ts';
import { createSqliteOutboxSource, startOutboxRelay } from './outbox-relay.ts';

const sqliteStore = () => {
  const dir = mkdtempSync(join(tmpdir(), 'event-bus-'));
  const db = openSqlite(join(dir, 'events.sqlite'));
  const store = createSqliteEventStore(db);
  const close = async () => {
    await store.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, store, close };
};

eventBusContract('event bus contract on the embedded SQLite tail', async () => {
  const { db, store, close } = sqliteStore();
  const bus = createEmbeddedEventBus(db, store, { pollMs: 200 });
  return {
    bus,
    store,
    cleanup: async () => {
      await bus.close();
      await close();
    },
  };
});

eventBusContract('event bus contract on Kafka (SQLite store → outbox relay → Kafka mock cluster → Kafka bus)', async ({ modules }) => {
  const brokers = inject('kafkaBrokers').split(',');
  const { db, store, close } = sqliteStore();
  const topicPrefix = `contract-${randomUUID().slice(0, 8)}`;
  const publisher = createKafkaPublisher({ brokers, clientId: `${topicPrefix}-relay`, topicPrefix });
  const relay = startOutboxRelay({ source: createSqliteOutboxSource(db, store), publish: (events) => publisher.publish(events), pollMs: 100 });
  const bus = createKafkaEventBus({
    brokers,
    clientId: topicPrefix,
    topics: modules.map((module) => `${topicPrefix}.${module}`),
    // The mock cluster holds a group's next join for about the session timeout after a member left.
    sessionTimeoutMs: 6000,
  });
  return {
    bus,
    store,
    cleanup: async () => {
      await bus.close();
      await relay.stop();
      await publisher.close();
      await close();
    },
  };
});
