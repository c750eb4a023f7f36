import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteDocuments } from '../documents/sqlite.ts';
import type { StoredEvent } from '../event-store/port.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import { openSqlite } from '../sqlite/open.ts';
import type { Projection } from './port.ts';
import { createSqliteProjectionStore } from './sqlite.ts';

/** One document per stream, counting the events applied to it. */
const tally: Projection = {
  name: 'tally',
  collection: 'tallies',
  handles: ['Tallied'],
  documentId: (event) => event.stream,
  evolve: (doc, event) => ({ _id: event.stream, count: Number(doc?.count ?? 0) + 1 }),
};

describe('SQLite projection store fed by Kafka (partitions deliver out of global position order)', () => {
  const opened: { db: DatabaseSync; dir: string }[] = [];
  afterEach(() => {
    for (const { db, dir } of opened.splice(0)) {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Three streams, one event each: positions 1, 2, 3. */
  const world = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'projections-kafka-'));
    const db = openSqlite(join(dir, 'app.db'));
    opened.push({ db, dir });
    const eventStore = createSqliteEventStore(db);
    for (const stream of ['tally-a', 'tally-b', 'tally-c']) {
      await eventStore.append(stream, 0, [
        { id: randomUUID(), type: 'Tallied', data: {}, occurredAt: new Date().toISOString(), actor: null, correlationId: randomUUID(), causationId: null },
      ]);
    }
    const events = await eventStore.readAll({ after: 0, limit: 10 });
    return { db, documents: createSqliteDocuments(db), events: events as [StoredEvent, StoredEvent, StoredEvent] };
  };

  it('applies an event that arrives after a later position (another partition), and redelivery stays a no-op', async () => {
    const { db, documents, events } = await world();
    const store = createSqliteProjectionStore(db, { inPositionOrder: false });
    const [first, second, third] = events;
    expect((await store.apply(tally, [third])).map((a) => a.event.id)).toEqual([third.id]);
    expect((await store.apply(tally, [first, second])).map((a) => a.event.id)).toEqual([first.id, second.id]);
    expect(await store.apply(tally, [second, third, first])).toEqual([]);
    const docs = await documents.find(tally.collection, {}, { sort: { _id: 1 } });
    expect(docs.map((d) => [d._id, d.count])).toEqual([
      ['tally-a', 1],
      ['tally-b', 1],
      ['tally-c', 1],
    ]);
    expect(await store.checkpoint(tally)).toBe(third.position);
  });

  it('in position order (the embedded tail, the default) takes the checkpoint as a promise that nothing earlier is left', async () => {
    const { db, documents, events } = await world();
    const store = createSqliteProjectionStore(db);
    const [first, , third] = events;
    await store.apply(tally, [third]);
    // What the option exists for: on this store an earlier position arriving late is taken as already applied.
    expect(await store.apply(tally, [first])).toEqual([]);
    expect(await documents.count(tally.collection)).toBe(1);
  });
});
