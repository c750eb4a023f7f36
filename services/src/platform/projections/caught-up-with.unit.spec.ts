import { describe, expect, it } from 'vitest';
import type { EventStore, StoredEvent } from '../event-store/port.ts';
import type { Projection, ProjectionStore } from './port.ts';
import { caughtUpWith } from './caught-up.ts';

const projection: Projection = { name: 'copy', collection: 'copy', handles: ['Wanted'], documentId: () => null, evolve: (doc) => doc };
const event = (position: number, type: string) => ({ position, type }) as StoredEvent;

/** A log and a checkpoint the test moves by hand. */
const fakes = (log: StoredEvent[], checkpoint: { at: number }) => ({
  eventStore: {
    headPosition: async () => log.at(-1)?.position ?? 0,
    readAll: async ({ after, limit, types }: { after: number; limit: number; types?: readonly string[] }) =>
      log.filter((e) => e.position > after && (!types || types.includes(e.type))).slice(0, limit),
  } as Pick<EventStore, 'readAll' | 'headPosition'>,
  store: { checkpoint: async () => checkpoint.at } as Pick<ProjectionStore, 'checkpoint'>,
});

describe('Platform.caughtUp', () => {
  it('answers at once when no event of the projection’s types lies past its checkpoint (others do not count)', async () => {
    const { eventStore, store } = fakes([event(1, 'Wanted'), event(2, 'Other'), event(3, 'Other')], { at: 1 });
    await expect(caughtUpWith(eventStore, store)(projection, { waitMs: 0 })).resolves.toBe(true);
  });

  it('waits for the checkpoint to pass the newest event of its types, and says false when it never does', async () => {
    const checkpoint = { at: 0 };
    const { eventStore, store } = fakes([event(1, 'Wanted'), event(2, 'Wanted')], checkpoint);
    const caughtUp = caughtUpWith(eventStore, store);
    await expect(caughtUp(projection, { waitMs: 30 })).resolves.toBe(false);
    const waiting = caughtUp(projection, { waitMs: 5_000 });
    setTimeout(() => (checkpoint.at = 2), 20);
    await expect(waiting).resolves.toBe(true);
  });

  it('does not wait for events appended after it was asked (a busy log never keeps a reader waiting)', async () => {
    const log = [event(1, 'Wanted'), event(2, 'Other')];
    const { eventStore, store } = fakes(log, { at: 1 });
    // Each read of the log finds one more event of its types, appended since the question.
    const busy = { ...eventStore, readAll: async (options: Parameters<EventStore['readAll']>[0]) => (log.push(event(log.length + 1, 'Wanted')), eventStore.readAll(options)) };
    await expect(caughtUpWith(busy, store)(projection, { waitMs: 0 })).resolves.toBe(true);
  });
});
