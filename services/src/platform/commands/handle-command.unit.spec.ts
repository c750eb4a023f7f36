import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../event-store/port.ts';
import { createSqliteEventStore } from '../event-store/sqlite.ts';
import { DomainError, VersionConflict, isVersionConflict } from './domain-error.ts';
import { openSqlite } from '../sqlite/open.ts';
import { seedStream } from './seed-stream.ts';
import { handleCommand, isAlreadyExists, type Command, type CommandMeta, type Decider } from './handle-command.ts';

/** A seat counter: the smallest decider with a refusal, a no-op and state that a concurrent writer changes. */
type SeatEvent = { type: 'SeatsBooked'; data: { seats: number; booked_at: string } };
type SeatCommand = Command<'BookSeats', { seats: number }>;
type SeatState = { booked: number };
const CAPACITY = 3;
const seats: Decider<SeatCommand, SeatEvent, SeatState> = {
  initialState: () => ({ booked: 0 }),
  evolve: (state, event) => ({ booked: state.booked + event.data.seats }),
  decide: (command, state) => {
    if (command.data.seats === 0) return [];
    if (state.booked + command.data.seats > CAPACITY) throw new DomainError('conflict', 'SOLD_OUT', 'Not enough seats left.');
    return [{ type: 'SeatsBooked', data: { seats: command.data.seats, booked_at: command.metadata.now.toISOString() } }];
  },
};

const NOW = new Date('2025-03-01T10:00:00.000Z');
const STREAM = 'show-1';
const meta = (): CommandMeta => {
  let n = 0;
  return { now: NOW, actor: 'user-1', correlationId: 'corr-1', causationId: 'cause-1', newId: () => `id-${++n}` };
};
const book = (n: number, metadata = meta()): SeatCommand => ({ type: 'BookSeats', data: { seats: n }, metadata });
const otherWriter = (seatCount: number): NewEvent => ({
  id: `other-${seatCount}-${Math.random()}`,
  type: 'SeatsBooked',
  data: { seats: seatCount, booked_at: NOW.toISOString() },
  occurredAt: NOW.toISOString(),
  actor: 'other',
  correlationId: 'other',
  causationId: null,
});

describe('handleCommand (load, fold, decide, append at the loaded version)', () => {
  let store: EventStore;
  let given: (...seatCounts: number[]) => Promise<void>;
  /** Another writer appends after each of the next `times` loads, before the handler appends. */
  let concurrentWriterAfterLoads: (times: number) => void;
  beforeEach(() => {
    const db = openSqlite(':memory:');
    const sqlite = createSqliteEventStore(db);
    let raceLeft = 0;
    store = {
      ...sqlite,
      readStream: async (stream, from) => {
        const history = await sqlite.readStream(stream, from);
        if (raceLeft > 0) {
          raceLeft -= 1;
          await sqlite.append(stream, 'any', [otherWriter(1)]);
        }
        return history;
      },
      close: async () => {
        await sqlite.close();
        db.close();
      },
    };
    given = async (...seatCounts) => {
      for (const count of seatCounts) await sqlite.append(STREAM, 'any', [otherWriter(count)]);
    };
    concurrentWriterAfterLoads = (times) => {
      raceLeft = times;
    };
  });
  afterEach(async () => store.close());

  it('given a new stream, when a command decides an event, then it is appended with the metadata and the new state is returned', async () => {
    const handled = await handleCommand(store, STREAM, seats, book(2));
    expect(handled).toEqual({
      events: [{ id: 'id-1', type: 'SeatsBooked', data: { seats: 2, booked_at: NOW.toISOString() } }],
      state: { booked: 2 },
      version: 1,
    });
    const [stored] = await store.readStream(STREAM);
    expect(stored).toMatchObject({
      id: 'id-1',
      stream: STREAM,
      version: 1,
      type: 'SeatsBooked',
      data: { seats: 2, booked_at: NOW.toISOString() },
      occurredAt: NOW.toISOString(),
      actor: 'user-1',
      correlationId: 'corr-1',
      causationId: 'cause-1',
    });
  });

  it('given earlier events, when a command is handled, then the decider sees the folded state', async () => {
    await given(1, 1);
    await expect(handleCommand(store, STREAM, seats, book(2))).rejects.toMatchObject({ kind: 'conflict', code: 'SOLD_OUT' });
    const handled = await handleCommand(store, STREAM, seats, book(1));
    expect(handled).toMatchObject({ state: { booked: 3 }, version: 3 });
  });

  it('when the decision yields no events, then nothing is appended', async () => {
    await given(1);
    const handled = await handleCommand(store, STREAM, seats, book(0));
    expect(handled).toEqual({ events: [], state: { booked: 1 }, version: 1 });
    expect(await store.readStream(STREAM)).toHaveLength(1);
  });

  it('given a concurrent append, when retries remain, then it decides again on the newer state and appends', async () => {
    concurrentWriterAfterLoads(1);
    const handled = await handleCommand(store, STREAM, seats, book(2), { retries: 1 });
    expect(handled).toMatchObject({ state: { booked: 3 }, version: 2 });
    expect((await store.readStream(STREAM)).map((event) => event.actor)).toEqual(['other', 'user-1']);
  });

  it('given a concurrent append, when retrying, then the decider may refuse in words on the newer state', async () => {
    await given(1);
    concurrentWriterAfterLoads(1);
    await expect(handleCommand(store, STREAM, seats, book(2), { retries: 1 })).rejects.toMatchObject({ kind: 'conflict', code: 'SOLD_OUT' });
  });

  it('given concurrent appends on every attempt, when the retries are spent, then a VersionConflict (not a refusal) and nothing of ours is appended', async () => {
    concurrentWriterAfterLoads(3);
    const refusal = handleCommand(store, STREAM, seats, book(1), { retries: 2, conflictMessage: 'Reload and try again.' });
    await expect(refusal).rejects.toBeInstanceOf(VersionConflict);
    await expect(refusal).rejects.toMatchObject({ stream: STREAM, message: 'Reload and try again.' });
    expect(await refusal.catch((error: unknown) => error instanceof DomainError || !isVersionConflict(error))).toBe(false);
    expect((await store.readStream(STREAM)).map((event) => event.actor)).toEqual(['other', 'other', 'other']);
  });

  it('without retries, the first concurrent append is a VersionConflict with the default message', async () => {
    concurrentWriterAfterLoads(1);
    await expect(handleCommand(store, STREAM, seats, book(1))).rejects.toMatchObject({
      name: 'VersionConflict',
      message: 'Someone else changed this at the same time. Reload and try again.',
    });
  });

  it('folds through fromStored when the decider has one, skipping the types it does not know', async () => {
    await store.append(STREAM, 0, [{ ...otherWriter(1), type: 'SomethingElse' }, otherWriter(2)]);
    const reading: Decider<SeatCommand, SeatEvent, SeatState> = {
      ...seats,
      fromStored: (event) => (event.type === 'SeatsBooked' ? { type: 'SeatsBooked', data: event.data as SeatEvent['data'] } : null),
    };
    const handled = await handleCommand(store, STREAM, reading, book(1));
    expect(handled).toMatchObject({ state: { booked: 3 }, version: 3 });
  });

  describe('newStream (creations and seeds)', () => {
    it('given no stream, when a creation is handled, then it is appended at version 1', async () => {
      const handled = await handleCommand(store, STREAM, seats, book(1), { newStream: true });
      expect(handled).toMatchObject({ version: 1, state: { booked: 1 } });
    });

    it('given the stream exists, then 409 ALREADY_EXISTS with the message, and nothing is appended', async () => {
      await given(1);
      const refusal = handleCommand(store, STREAM, seats, book(1), { newStream: true, existsMessage: 'This show already exists.' });
      await expect(refusal).rejects.toMatchObject({ kind: 'conflict', code: 'ALREADY_EXISTS', message: 'This show already exists.' });
      expect(isAlreadyExists(await refusal.catch((error: unknown) => error))).toBe(true);
      expect(await store.readStream(STREAM)).toHaveLength(1);
    });

    it('given another writer creates the stream between load and append, then 409 ALREADY_EXISTS without a retry', async () => {
      concurrentWriterAfterLoads(3);
      await expect(handleCommand(store, STREAM, seats, book(1), { newStream: true, retries: 2 })).rejects.toMatchObject({ kind: 'conflict', code: 'ALREADY_EXISTS' });
      expect((await store.readStream(STREAM)).map((event) => event.actor)).toEqual(['other']);
    });
  });

  it('decides several commands in turn on the state so far and appends them at once, each in its own envelope', async () => {
    const later = { ...meta(), now: new Date('2025-03-01T11:00:00.000Z'), actor: 'user-2', newId: () => 'id-later' };
    const handled = await handleCommand(store, STREAM, seats, [book(2), book(1, later)]);
    expect(handled).toMatchObject({ state: { booked: 3 }, version: 2 });
    const stored = await store.readStream(STREAM);
    expect(stored.map((e) => [e.id, e.actor, e.occurredAt])).toEqual([
      ['id-1', 'user-1', NOW.toISOString()],
      ['id-later', 'user-2', '2025-03-01T11:00:00.000Z'],
    ]);
    await expect(handleCommand(store, 'show-2', seats, [book(2), book(2)])).rejects.toMatchObject({ code: 'SOLD_OUT' });
    expect(await store.readStream('show-2')).toEqual([]);
  });

  it('seedStream writes a new stream once and then leaves it alone', async () => {
    const seed = meta();
    expect(await seedStream(store, STREAM, seats, [book(1, seed), book(1, seed)])).toBe(true);
    expect(await seedStream(store, STREAM, seats, [book(1)])).toBe(false);
    expect(await store.readStream(STREAM)).toHaveLength(2);
  });
});
