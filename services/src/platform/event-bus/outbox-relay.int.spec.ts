import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent, StoredEvent } from '../event-store/port.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import { openSqlite } from '../sqlite/open.ts';
import { waitUntil } from './contract.ts';
import { createSqliteOutboxSource, startOutboxRelay } from './outbox-relay.ts';

const newEvent = (n: number): NewEvent => ({
  id: randomUUID(),
  type: 'Relayed',
  data: { n },
  occurredAt: new Date().toISOString(),
  actor: null,
  correlationId: randomUUID(),
  causationId: null,
});

/**
 * The SQLite outbox the distributed profile's relay reads with STORE=sqlite: the api process appends, the projector's
 * relay publishes to Kafka and keeps its cursor in the same file.
 */
describe('outbox relay over the SQLite log', () => {
  const dirs: string[] = [];
  const connections: DatabaseSync[] = [];
  const stoppers: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const relay of stoppers.splice(0)) await relay.stop();
    for (const db of connections.splice(0)) if (db.isOpen) db.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const newFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-relay-'));
    dirs.push(dir);
    return join(dir, 'acpg.sqlite');
  };
  /** One process's view of the file: its own connection and store. */
  const open = (file: string): { db: DatabaseSync; store: EventStore } => {
    const db = openSqlite(file);
    connections.push(db);
    return { db, store: createSqliteEventStore(db) };
  };
  const appendSome = async (store: EventStore, from: number, count: number) => {
    for (let n = from; n < from + count; n++) await store.append(`relay-${n % 3}`, 'any', [newEvent(n)]);
  };
  const recorder = () => {
    const published: StoredEvent[] = [];
    return { published, publish: async (events: readonly StoredEvent[]) => void published.push(...events), ns: () => published.map((e) => (e.data as { n: number }).n) };
  };
  const relay = (db: DatabaseSync, store: EventStore, publish: (events: readonly StoredEvent[]) => Promise<void>) => {
    const running = startOutboxRelay({ source: createSqliteOutboxSource(db, store), publish, pollMs: 25, batchSize: 4 });
    stoppers.push(running);
    return running;
  };

  it('publishes in position order, and a relay restarted on the file publishes only what the last one had not', async () => {
    const file = newFile();
    const first = open(file);
    const sink = recorder();
    await appendSome(first.store, 0, 10);
    const running = relay(first.db, first.store, sink.publish);
    await waitUntil('the first ten events', () => sink.published.length >= 10);
    await running.stop();
    first.db.close();

    const again = open(file); // the projector process started again
    await appendSome(again.store, 10, 5);
    relay(again.db, again.store, sink.publish);
    await waitUntil('the five appended since', () => sink.published.length >= 15);
    expect(sink.ns()).toEqual(Array.from({ length: 15 }, (_, n) => n));
    const positions = sink.published.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('finds events another process appends to the file (by polling), in order', async () => {
    const file = newFile();
    const projector = open(file);
    const api = open(file);
    const sink = recorder();
    relay(projector.db, projector.store, sink.publish);
    await appendSome(api.store, 0, 9);
    await waitUntil('the api process’s events', () => sink.published.length >= 9);
    expect(sink.ns()).toEqual(Array.from({ length: 9 }, (_, n) => n));
  });

  it('retries a failed publish before anything later, and moves the cursor only after it succeeded', async () => {
    const file = newFile();
    const { db, store } = open(file);
    const sink = recorder();
    let failures = 2;
    const flaky = async (events: readonly StoredEvent[]) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('broker unavailable');
      }
      await sink.publish(events);
    };
    await appendSome(store, 0, 6);
    relay(db, store, flaky);
    await waitUntil('the events after two failed publishes', () => sink.published.length >= 6, 10_000);
    expect(sink.ns()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a relay killed after publishing, before moving its cursor, publishes that batch again: at least once, never a gap', async () => {
    const file = newFile();
    const { db, store } = open(file);
    await appendSome(store, 0, 3);
    const handedOut = await createSqliteOutboxSource(db, store).unpublished(10);
    expect(handedOut).toHaveLength(3);
    // killed here: published, not marked
    const afterRestart = createSqliteOutboxSource(db, store);
    const again = await afterRestart.unpublished(10);
    expect(again.map((e) => e.id)).toEqual(handedOut.map((e) => e.id));
    await afterRestart.markPublished(again.map((e) => e.id));
    expect(await createSqliteOutboxSource(db, store).unpublished(10)).toEqual([]);
    await expect(afterRestart.markPublished([randomUUID()])).rejects.toThrow(/was not handed out/);
  });
});
