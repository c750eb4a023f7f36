import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../sqlite/open.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import type { EventStore, NewEvent, StoredEvent } from '../event-store/port.ts';
import { createEmbeddedEventBus } from './embedded.ts';

const event = (i: number, type = 'Tested'): NewEvent => ({
  id: `e-${i}`, type, data: { i }, occurredAt: '2026-01-01T00:00:00.000Z', actor: null, correlationId: 'c', causationId: null,
});

describe('embedded bus: events this process committed are handed over, not read back', () => {
  let cleanup = async () => {};
  afterEach(() => cleanup());

  const open = () => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-recent-'));
    const file = join(dir, 'events.sqlite');
    const db = openSqlite(file);
    const store = createSqliteEventStore(db);
    let reads = 0;
    const counted: EventStore = {
      ...store,
      readAll: (options) => {
        reads += 1;
        return store.readAll(options);
      },
    };
    const bus = createEmbeddedEventBus(db, counted, { batchSize: 10, pollMs: 50, coalesceMs: 5 });
    const other = openSqlite(file); // another connection: its appends are not handed over
    const otherStore = createSqliteEventStore(other);
    cleanup = async () => {
      await bus.close();
      other.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { store, otherStore, bus, reads: () => reads };
  };

  it('delivers the committed events without reading the log, in order, only the group\'s types, up to batchSize at a time', async () => {
    const { store, bus, reads } = open();
    const seen: StoredEvent[][] = [];
    await bus.subscribeBatches({ group: 'g', types: ['Tested'] }, async (events) => {
      seen.push([...events]);
    });
    await expect.poll(() => reads()).toBeGreaterThan(0); // the first pass, on the empty log
    const before = reads();
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.append(`s-${i}`, 0, [event(i, i % 5 === 0 ? 'Other' : 'Tested')])));
    await expect.poll(() => seen.flat().length).toBe(20);
    expect(reads()).toBe(before);
    expect(seen.every((batch) => batch.length <= 10)).toBe(true);
    const delivered = seen.flat();
    expect(delivered.map((e) => e.data)).toEqual(Array.from({ length: 25 }, (_, i) => ({ i })).filter(({ i }) => i % 5 !== 0));
    // As they read back from the log, field for field.
    expect(delivered).toEqual(await store.readAll({ after: 0, limit: 100, types: ['Tested'] }));
  });

  it('reads the log when events it was not handed lie between (another connection appended)', async () => {
    const { store, otherStore, bus } = open();
    const seen: StoredEvent[] = [];
    await bus.subscribe({ group: 'g' }, async (stored) => {
      seen.push(stored);
    });
    await store.append('s-1', 0, [event(1)]);
    await otherStore.append('s-2', 0, [event(2)]);
    await store.append('s-3', 0, [event(3)]);
    await expect.poll(() => seen.map((e) => e.id)).toEqual(['e-1', 'e-2', 'e-3']);
    expect(seen.map((e) => e.position)).toEqual([1, 2, 3]);
  });
});
