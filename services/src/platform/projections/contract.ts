import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Doc, Documents } from '../documents/port.ts';
import type { AppendResult, EventStore, NewEvent, StoredEvent } from '../event-store/port.ts';
import type { Projection, ProjectionStore } from './port.ts';
import { replayProjection } from './runner.ts';

export interface ProjectionStoreUnderTest {
  store: ProjectionStore;
  /** Documents adapter over the same engine, to read what the store wrote. */
  documents: Documents;
  eventStore: EventStore;
  cleanup(): Promise<void>;
}

/** A counter per stream: enough to see a lost, doubled or reordered event, and a delete. */
const counterProjection = (suffix: string, name = `counters_${suffix}`): Projection => ({
  name,
  collection: `counters_${suffix}`,
  handles: [`Counted_${suffix}`, `CounterRenamed_${suffix}`, `CounterRemoved_${suffix}`],
  documentId: (event) => event.stream,
  evolve(doc, event) {
    const data = event.data as { by?: number; label?: string };
    if (event.type.startsWith('CounterRemoved')) return null;
    const base: Doc = doc ?? { _id: event.stream, label: null, count: 0, history: [] };
    if (event.type.startsWith('CounterRenamed')) return { ...base, label: data.label ?? null, renamedAt: event.occurredAt };
    return {
      ...base,
      count: Number(base.count) + (data.by ?? 1),
      history: [...(base.history as number[]), event.version],
      lastAt: event.occurredAt,
    };
  },
  indexes: ['label'],
});

const newEvent = (type: string, data: unknown, n: number): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  occurredAt: new Date(Date.UTC(2024, 2, 1, 0, 0, n)).toISOString(),
  actor: 'user-1',
  correlationId: randomUUID(),
  causationId: null,
  schemaVersion: 1,
});

/** An in-memory event store for adapters whose engine has none of its own in the test. */
export const memoryEventStore = (): EventStore => {
  const events: StoredEvent[] = [];
  const listeners = new Set<(events: readonly StoredEvent[]) => void>();
  return {
    async append(stream, expected, batch): Promise<AppendResult> {
      let version = events.filter((e) => e.stream === stream).length;
      if (expected !== 'any' && expected !== version) throw new Error(`${stream} is at ${version}, expected ${expected}`);
      const stored = batch.map((e, i) => ({
        ...e,
        stream,
        version: ++version,
        position: events.length + 1 + i,
        schemaVersion: e.schemaVersion ?? 1,
      }));
      events.push(...stored);
      for (const listener of listeners) listener(stored);
      return { nextVersion: version, lastPosition: events.length };
    },
    readStream: async (stream, from = 1) => events.filter((e) => e.stream === stream && e.version >= from),
    readAll: async ({ after, limit, types }) =>
      events.filter((e) => e.position > after && (!types || types.includes(e.type))).slice(0, limit),
    readLatest: async ({ before, limit, types, stream, streamPrefix }) =>
      events
        .filter((e) => (before === undefined || e.position < before) && (!types || types.includes(e.type)))
        .filter((e) => stream === undefined || (streamPrefix ? e.stream.startsWith(stream) : e.stream === stream))
        .reverse()
        .slice(0, limit),
    headPosition: async () => events.length,
    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {},
  };
};

/** Runs the ProjectionStore contract against one adapter. */
export const projectionStoreContract = (name: string, make: () => Promise<ProjectionStoreUnderTest>): void => {
  describe(`ProjectionStore contract: ${name}`, () => {
    let subject: ProjectionStoreUnderTest;
    let n = 0;

    beforeAll(async () => {
      subject = await make();
    });
    afterAll(async () => {
      await subject?.cleanup();
    });

    const setup = () => {
      const suffix = randomUUID().replaceAll('-', '').slice(0, 10);
      const projection = counterProjection(suffix);
      const [counted, renamed, removed] = projection.handles as [string, string, string];
      const append = async (stream: string, type: string, data: unknown = {}) => {
        await subject.eventStore.append(stream, 'any', [newEvent(type, data, ++n)]);
      };
      const pending = async (after: number) => subject.eventStore.readAll({ after, limit: 10_000, types: projection.handles });
      /** Every document of the projection as JSON, sorted by id: the bytes a reader would see. */
      const snapshot = async () => JSON.stringify(await subject.documents.find(projection.collection, {}, { sort: { _id: 1 } }));
      return { suffix, projection, counted, renamed, removed, append, pending, snapshot };
    };

    it('applies events to documents and advances the checkpoint', async () => {
      const { suffix, projection, counted, renamed, append, pending } = setup();
      expect(await subject.store.checkpoint(projection)).toBe(0);
      await append(`counter-${suffix}-a`, counted, { by: 2 });
      await append(`counter-${suffix}-b`, counted, { by: 5 });
      await append(`counter-${suffix}-a`, renamed, { label: 'Roof' });
      await append(`counter-${suffix}-a`, counted, { by: 3 });
      const events = await pending(0);
      expect(events).toHaveLength(4);

      const applied = await subject.store.apply(projection, events);
      expect(applied.map((a) => a.event.id)).toEqual(events.map((e) => e.id));
      expect(await subject.store.checkpoint(projection)).toBe(events[3]!.position);

      const a = await subject.documents.get(projection.collection, `counter-${suffix}-a`);
      expect(a).toMatchObject({ _id: `counter-${suffix}-a`, label: 'Roof', count: 5, history: [1, 3], _version: 3, _stream: `counter-${suffix}-a` });
      expect(applied[3]!.doc).toEqual(a);
      expect(await subject.documents.get(projection.collection, `counter-${suffix}-b`)).toMatchObject({ count: 5, _version: 1 });
      expect(await subject.documents.find(projection.collection, { label: 'Roof' })).toHaveLength(1);
    });

    it('treats redelivery of applied events as a no-op, byte for byte', async () => {
      const { suffix, projection, counted, append, pending, snapshot } = setup();
      await append(`counter-${suffix}-a`, counted, { by: 1 });
      await append(`counter-${suffix}-a`, counted, { by: 1 });
      await append(`counter-${suffix}-b`, counted, { by: 4 });
      const events = await pending(0);
      await subject.store.apply(projection, events);
      const before = await snapshot();
      const checkpoint = await subject.store.checkpoint(projection);

      expect(await subject.store.apply(projection, events)).toEqual([]);
      for (const event of events) expect(await subject.store.apply(projection, [event])).toEqual([]);
      expect(await subject.store.apply(projection, [events[1]!, events[0]!])).toEqual([]);
      expect(await snapshot()).toBe(before);
      expect(await subject.store.checkpoint(projection)).toBe(checkpoint);
    });

    it('guards documents by stream version even without a checkpoint', async () => {
      const { suffix, projection, counted, append, pending, snapshot } = setup();
      await append(`counter-${suffix}-a`, counted, { by: 1 });
      await append(`counter-${suffix}-a`, counted, { by: 1 });
      const events = await pending(0);
      await subject.store.apply(projection, events);
      const before = await snapshot();
      // Same collection, another name: no checkpoint, so only the version guard stands between it and a double count.
      const twin: Projection = { ...projection, name: `${projection.name}_twin` };
      expect(await subject.store.apply(twin, events)).toEqual([]);
      expect(await snapshot()).toBe(before);
      expect(await subject.store.checkpoint(twin)).toBe(events[1]!.position);
    });

    it('deletes a document when evolve returns null', async () => {
      const { suffix, projection, counted, removed, append, pending } = setup();
      await append(`counter-${suffix}-a`, counted, { by: 1 });
      await append(`counter-${suffix}-b`, counted, { by: 1 });
      await subject.store.apply(projection, await pending(0));
      const after = await subject.store.checkpoint(projection);
      await append(`counter-${suffix}-b`, removed);
      const [removal] = await pending(after);
      const applied = await subject.store.apply(projection, [removal!]);
      expect(applied).toEqual([{ event: removal, doc: null }]);
      expect(await subject.documents.get(projection.collection, `counter-${suffix}-b`)).toBeNull();
      expect(await subject.documents.get(projection.collection, `counter-${suffix}-a`)).not.toBeNull();
      expect(await subject.store.checkpoint(projection)).toBe(removal!.position);
    });

    it('skips an event whose document id is null, and still moves the checkpoint past it', async () => {
      const { suffix, projection, counted, append, pending, snapshot } = setup();
      await append(`counter-${suffix}-a`, counted, { by: 1 });
      await append(`ignored-${suffix}`, counted, { by: 1 });
      const events = await pending(0);
      const picky: Projection = { ...projection, documentId: (event) => (event.stream.startsWith('ignored-') ? null : event.stream) };
      const applied = await subject.store.apply(picky, events);
      expect(applied.map((a) => a.event.stream)).toEqual([`counter-${suffix}-a`]);
      expect(JSON.parse(await snapshot())).toHaveLength(1);
      expect(await subject.store.checkpoint(picky)).toBe(events[1]!.position);
    });

    it('replays from position 0 to byte-identical documents', async () => {
      const { suffix, projection, counted, renamed, removed, append, pending, snapshot } = setup();
      for (let i = 0; i < 25; i++) {
        const stream = `counter-${suffix}-${i % 4}`;
        await append(stream, i % 7 === 3 ? renamed : counted, { by: i, label: `L${i}` });
      }
      await append(`counter-${suffix}-2`, removed);
      await append(`counter-${suffix}-2`, counted, { by: 100 });
      // Live: in small uneven batches, as a bus would deliver them.
      const events = await pending(0);
      for (let i = 0; i < events.length; i += 3) await subject.store.apply(projection, events.slice(i, i + 3));
      const live = await snapshot();
      expect(JSON.parse(live)).toHaveLength(4);

      const result = await replayProjection({ eventStore: subject.eventStore, store: subject.store, projection, batchSize: 4 });
      expect(result.events).toBe(events.length);
      expect(await snapshot()).toBe(live);
      expect(await subject.store.checkpoint(projection)).toBe(events.at(-1)!.position);
    });

    it('reset drops the documents and the checkpoint', async () => {
      const { suffix, projection, counted, append, pending } = setup();
      await append(`counter-${suffix}-a`, counted);
      await subject.store.apply(projection, await pending(0));
      await subject.store.reset(projection);
      expect(await subject.store.checkpoint(projection)).toBe(0);
      expect(await subject.documents.count(projection.collection)).toBe(0);
    });
  });
};
