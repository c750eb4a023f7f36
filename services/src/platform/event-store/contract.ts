import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConcurrencyError, type EventStore, type NewEvent } from './port.ts';

export interface EventStoreFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}

let sequence = 0;
const newEvent = (type: string, data: unknown = { n: ++sequence }, overrides: Partial<NewEvent> = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  occurredAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
  actor: 'user-1',
  correlationId: randomUUID(),
  causationId: null,
  ...overrides,
});

const streamName = (module = 'order') => `${module}-${randomUUID()}`;

/** The behaviour every EventStore adapter must show; run from an adapter's `*.int.spec.ts` with a fresh, empty store per test. */
export const eventStoreContract = (name: string, make: () => Promise<EventStoreFixture>): void => {
  describe(name, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    beforeEach(async () => {
      fixture = await make();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('appends to a new stream and reads it back in version order', async () => {
      const stream = streamName();
      const first = await store.append(stream, 0, [newEvent('OrderPlaced'), newEvent('OrderPaid')]);
      expect(first).toEqual({ nextVersion: 2, lastPosition: 2 });
      const second = await store.append(stream, 2, [newEvent('OrderShipped')]);
      expect(second).toEqual({ nextVersion: 3, lastPosition: 3 });

      const events = await store.readStream(stream);
      expect(events.map((e) => [e.type, e.version, e.position])).toEqual([
        ['OrderPlaced', 1, 1],
        ['OrderPaid', 2, 2],
        ['OrderShipped', 3, 3],
      ]);
      expect((await store.readStream(stream, 2)).map((e) => e.version)).toEqual([2, 3]);
      expect(await store.readStream(streamName())).toEqual([]);
    });

    it('keeps every envelope field, with schemaVersion 1 by default', async () => {
      const stream = streamName();
      const explicit = newEvent('OrderPlaced', { total: 125.5, items: [{ sku: 'NHD', qty: 1 }], note: null }, {
        actor: null,
        causationId: randomUUID(),
        schemaVersion: 3,
      });
      const defaulted = newEvent('OrderPaid', { paid: true });
      await store.append(stream, 0, [explicit, defaulted]);

      const [first, second] = await store.readStream(stream);
      expect(first).toEqual({
        id: explicit.id,
        type: 'OrderPlaced',
        stream,
        version: 1,
        position: 1,
        occurredAt: explicit.occurredAt,
        actor: null,
        correlationId: explicit.correlationId,
        causationId: explicit.causationId,
        schemaVersion: 3,
        data: { total: 125.5, items: [{ sku: 'NHD', qty: 1 }], note: null },
      });
      expect(second).toEqual({
        id: defaulted.id,
        type: 'OrderPaid',
        stream,
        version: 2,
        position: 2,
        occurredAt: defaulted.occurredAt,
        actor: 'user-1',
        correlationId: defaulted.correlationId,
        causationId: null,
        schemaVersion: 1,
        data: { paid: true },
      });
      expect(await store.readAll({ after: 0, limit: 10 })).toEqual([first, second]);
    });

    it('rejects a stale expected version with ConcurrencyError and stores nothing', async () => {
      const stream = streamName();
      await store.append(stream, 0, [newEvent('OrderPlaced')]);

      const stale = store.append(stream, 0, [newEvent('OrderPaid'), newEvent('OrderShipped')]);
      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(stale).rejects.toMatchObject({ stream, expected: 0, actual: 1 });
      await expect(store.append(stream, 5, [newEvent('OrderPaid')])).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(streamName(), 1, [newEvent('OrderPaid')])).rejects.toBeInstanceOf(ConcurrencyError);

      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['OrderPlaced']);
      expect(await store.readAll({ after: 0, limit: 10 })).toHaveLength(1);
      expect(await store.headPosition()).toBe(1);
    });

    it("appends without a check when the expected version is 'any'", async () => {
      const stream = streamName();
      expect((await store.append(stream, 'any', [newEvent('OrderPlaced')])).nextVersion).toBe(1);
      expect((await store.append(stream, 'any', [newEvent('OrderPaid')])).nextVersion).toBe(2);
      expect((await store.readStream(stream)).map((e) => e.version)).toEqual([1, 2]);
    });

    it('reads all streams in position order after a position, with a limit and a type filter', async () => {
      const order = streamName('order');
      const payment = streamName('payment');
      await store.append(order, 0, [newEvent('OrderPlaced')]); // 1
      await store.append(payment, 0, [newEvent('PaymentStarted')]); // 2
      await store.append(order, 1, [newEvent('OrderPaid')]); // 3
      await store.append(payment, 1, [newEvent('PaymentSucceeded')]); // 4
      await store.append(order, 2, [newEvent('OrderShipped')]); // 5

      const all = await store.readAll({ after: 0, limit: 100 });
      expect(all.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
      expect(all.map((e) => e.stream)).toEqual([order, payment, order, payment, order]);

      const page = await store.readAll({ after: 1, limit: 2 });
      expect(page.map((e) => e.position)).toEqual([2, 3]);

      const filtered = await store.readAll({ after: 1, limit: 100, types: ['OrderPlaced', 'OrderShipped', 'PaymentSucceeded'] });
      expect(filtered.map((e) => [e.position, e.type])).toEqual([
        [4, 'PaymentSucceeded'],
        [5, 'OrderShipped'],
      ]);
      const limited = await store.readAll({ after: 0, limit: 1, types: ['OrderPaid', 'OrderShipped'] });
      expect(limited.map((e) => e.type)).toEqual(['OrderPaid']);
      expect(await store.readAll({ after: 5, limit: 10 })).toEqual([]);
    });

    it('reads newest first before a position, by type and by exact or prefixed stream', async () => {
      const order = streamName('order');
      const payment = streamName('payment');
      await store.append(order, 0, [newEvent('OrderPlaced')]); // 1
      await store.append(payment, 0, [newEvent('PaymentStarted')]); // 2
      await store.append(order, 1, [newEvent('OrderPaid')]); // 3
      await store.append(`${order}0`, 0, [newEvent('OrderPlaced')]); // 4

      expect((await store.readLatest({ limit: 100 })).map((e) => e.position)).toEqual([4, 3, 2, 1]);
      expect((await store.readLatest({ before: 4, limit: 2 })).map((e) => e.position)).toEqual([3, 2]);
      expect((await store.readLatest({ limit: 100, types: ['OrderPlaced'] })).map((e) => e.position)).toEqual([4, 1]);
      expect((await store.readLatest({ limit: 100, stream: order })).map((e) => e.position)).toEqual([3, 1]);
      expect((await store.readLatest({ limit: 100, stream: order, streamPrefix: true })).map((e) => e.position)).toEqual([4, 3, 1]);
      expect(await store.readLatest({ limit: 100, stream: 'order.*', streamPrefix: true })).toEqual([]);
      expect(await store.readLatest({ limit: 100, types: [] })).toEqual([]);
    });

    it('reports the head position (0 when empty)', async () => {
      expect(await store.headPosition()).toBe(0);
      await store.append(streamName(), 0, [newEvent('OrderPlaced'), newEvent('OrderPaid')]);
      await store.append(streamName(), 0, [newEvent('OrderPlaced')]);
      expect(await store.headPosition()).toBe(3);
    });

    it('lets exactly one of two concurrent appends at the same expected version win', async () => {
      const stream = streamName();
      await store.append(stream, 0, [newEvent('OrderPlaced')]);
      const results = await Promise.allSettled([
        store.append(stream, 1, [newEvent('OrderPaid', { by: 'a' }), newEvent('OrderShipped', { by: 'a' })]),
        store.append(stream, 1, [newEvent('OrderCancelled', { by: 'b' })]),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);

      const events = await store.readStream(stream);
      const winner = results[0]?.status === 'fulfilled' ? 'a' : 'b';
      expect(events.map((e) => e.version)).toEqual(winner === 'a' ? [1, 2, 3] : [1, 2]);
      expect(events.slice(1).every((e) => (e.data as { by: string }).by === winner)).toBe(true);
    });

    it('tells listeners about appended events after they are stored', async () => {
      const stream = streamName();
      const seen: { ids: string[]; readable: number }[] = [];
      const pending: Promise<void>[] = [];
      const unsubscribe = store.onAppended((events) => {
        pending.push(
          store.readStream(stream).then((stored) => {
            seen.push({ ids: events.map((e) => e.id), readable: stored.length });
          }),
        );
      });
      const placed = newEvent('OrderPlaced');
      await store.append(stream, 0, [placed]);
      unsubscribe();
      await store.append(stream, 1, [newEvent('OrderPaid')]);
      await Promise.all(pending);
      expect(seen).toEqual([{ ids: [placed.id], readable: 1 }]);
    });
  });
};
