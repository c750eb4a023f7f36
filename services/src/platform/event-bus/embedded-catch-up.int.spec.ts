import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../sqlite/open.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import type { NewEvent } from '../event-store/port.ts';
import { createEmbeddedEventBus } from './embedded.ts';

const event = (i: number): NewEvent => ({
  id: `e-${i}`, type: 'Tested', data: { i }, occurredAt: '2026-01-01T00:00:00.000Z', actor: null, correlationId: 'c', causationId: null,
});

describe('embedded bus: catching up on a backlog', () => {
  let cleanup = async () => {};
  afterEach(() => cleanup());

  const open = async (backlog: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'bus-catch-up-'));
    const db = openSqlite(join(dir, 'events.sqlite'));
    const store = createSqliteEventStore(db);
    await Promise.all(Array.from({ length: backlog }, (_, i) => store.append(`s-${i}`, 0, [event(i)])));
    const bus = createEmbeddedEventBus(db, store, { batchSize: 10, saveMs: 60_000, pollMs: 50 });
    cleanup = async () => {
      await bus.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    };
    const checkpoint = () => (db.prepare('SELECT position FROM bus_checkpoints WHERE group_name = ?').get('g') as { position: number } | undefined)?.position;
    return { bus, checkpoint };
  };

  it('lets the event loop run between full batches, so HTTP requests are not held until the backlog is done', async () => {
    const { bus } = await open(100);
    const batches: number[] = [];
    let batchesBeforeTheLoopRan = -1;
    setImmediate(() => (batchesBeforeTheLoopRan = batches.length));
    await bus.subscribeBatches({ group: 'g' }, async (events) => {
      batches.push(events.length);
    });
    await expect.poll(() => batches.reduce((a, b) => a + b, 0)).toBe(100);
    expect(batches.every((n) => n <= 10)).toBe(true);
    expect(batchesBeforeTheLoopRan).toBeGreaterThanOrEqual(0);
    expect(batchesBeforeTheLoopRan).toBeLessThanOrEqual(1);
  });

  it('writes the checkpoint row when the group stops, even before saveMs has passed', async () => {
    const { bus, checkpoint } = await open(25);
    let seen = 0;
    const subscription = await bus.subscribe({ group: 'g' }, async () => {
      seen += 1;
    });
    await expect.poll(() => seen).toBe(25);
    expect(checkpoint()).toBe(0); // written at subscribe; not again within saveMs
    await subscription.stop();
    expect(checkpoint()).toBe(25);
  });
});
