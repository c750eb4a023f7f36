import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from 'pino';
import type { EventStore, StoredEvent } from '../event-store/port.ts';
import { lagAfter } from '../operations/lag.ts';
import type { EventBatchHandler, EventBus, EventHandler, SubscribeOptions, Subscription } from './port.ts';
import { retryUntilDone, Wakeable } from './wakeable.ts';

export interface EmbeddedEventBusOptions {
  /** Poll interval when no in-process append woke the tail (another process writing the file). Default 1000 ms. */
  pollMs?: number;
  /** Events read per pass, and so the longest run of handler work between two turns of the event loop. Default 100. */
  batchSize?: number;
  /**
   * After a wake-up, wait this long so a burst of appends is read in one pass. Default 20 ms: under load each pass
   * (one read, one transaction of the handler's writes) then carries more events, and a live push is still prompt.
   */
  coalesceMs?: number;
  /** A group's checkpoint row is written at most this often while it moves (and when it stops). Default 250 ms. */
  saveMs?: number;
  /** A checkpoint that only skipped other groups' events is written at most this often. Default 1000 ms. */
  skipSaveMs?: number;
  /** Backoff of a failing handler: first delay and cap. Default 100 ms, 30 s. */
  retry?: { initialMs?: number; maxMs?: number };
  logger?: Logger;
}

/**
 * The embedded profile's bus: each group tails the SQLite event log from its checkpoint row in
 * `bus_checkpoints`, so delivery is in position order (hence in order per stream), at least once.
 * The checkpoint advances after the handler resolved; a failing event is retried, never skipped.
 * One process owns the file, so a group has one member: a second subscription of a live group is rejected.
 */
export const createEmbeddedEventBus = (db: DatabaseSync, store: EventStore, options: EmbeddedEventBusOptions = {}): EventBus => {
  const { pollMs = 1000, batchSize = 100, coalesceMs = 20, saveMs = 250, skipSaveMs = 1000, logger } = options;
  const initialMs = options.retry?.initialMs ?? 100;
  const maxMs = options.retry?.maxMs ?? 30_000;

  db.exec('CREATE TABLE IF NOT EXISTS bus_checkpoints (group_name TEXT PRIMARY KEY, position INTEGER NOT NULL) STRICT');
  const readCheckpoint = db.prepare('SELECT position FROM bus_checkpoints WHERE group_name = ?');
  const writeCheckpoint = db.prepare(
    'INSERT INTO bus_checkpoints (group_name, position) VALUES (?, ?) ON CONFLICT (group_name) DO UPDATE SET position = excluded.position',
  );

  const active = new Map<string, Subscription>();
  let closed = false;

  /**
   * The core: hands `consume` the group's events of one read in order; `consume` resolves with the position it got
   * through (all of them, or the event before one that still fails), and the group resumes after that position.
   */
  const tail = async (
    subscribeOptions: SubscribeOptions,
    consume: (batch: readonly StoredEvent[], deliver: (attempt: () => Promise<void>, first: StoredEvent) => Promise<boolean>) => Promise<number | null>,
  ): Promise<Subscription> => {
    const { group, types, fromBeginning = true } = subscribeOptions;
    if (closed) throw new Error('Event bus is closed');
    if (active.has(group)) {
      throw new Error(`Group ${group} already has a subscriber in this process; the embedded bus delivers a group to one subscriber`);
    }
    const wanted = types ? new Set(types) : undefined;
    const log = logger?.child({ group });

    let checkpoint = (readCheckpoint.get(group) as { position: number } | undefined)?.position;
    if (checkpoint === undefined) {
      checkpoint = fromBeginning ? 0 : await store.headPosition();
      writeCheckpoint.run(group, checkpoint);
    }
    let position: number = checkpoint;

    const wake = new Wakeable();
    // Only appends holding one of the group's types wake it: with a hundred groups in a process, waking every tail on
    // every commit cost a pass each (the head read, the hand-over) for nothing. The events it skipped are still
    // considered by its next pass (its position moves past them then), or by the poll.
    const stopListening = store.onAppended((events) => {
      if (!wanted || events.some((event) => wanted.has(event.type))) wake.wake();
    });

    /**
     * The events this process committed since the group's position, as the store handed them over: a pass that finds
     * them contiguous from its position to the head takes them from here instead of reading them back (under load the
     * re-read was a tenth of the request thread's time). Anything else (a gap, another process's appends, a backlog
     * past the cap) and the pass reads the log, as before.
     */
    let recent: StoredEvent[] = [];
    const stopTaking =
      store.onCommitted?.((events) => {
        if (recent.length + events.length > batchSize * 10) recent = [];
        else recent.push(...events);
      }) ?? (() => {});
    /** The group's events among the next ones up to `head` (at most `batchSize` considered) and the last position considered. */
    const takeRecent = (head: number): { batch: StoredEvent[]; through: number } | null => {
      let start = 0;
      while (start < recent.length && (recent[start] as StoredEvent).position <= position) start += 1;
      if (start > 0) recent = recent.slice(start);
      const count = Math.min(head - position, batchSize);
      if (count <= 0 || recent.length < count) return null;
      for (let i = 0; i < count; i += 1) {
        if ((recent[i] as StoredEvent).position !== position + 1 + i) {
          recent = [];
          return null;
        }
      }
      const considered = recent.slice(0, count);
      recent = recent.slice(count);
      return { batch: wanted ? considered.filter((event) => wanted.has(event.type)) : considered, through: position + count };
    };

    /** Runs `work` until it succeeds (backing off) or the subscription stops; false when stopped first. */
    const deliver = (work: () => Promise<void>, event: StoredEvent): Promise<boolean> =>
      retryUntilDone(work, { event, wake, pause: (ms) => wake.sleep(ms), log, initialMs, maxMs });

    /**
     * One pass reads the group's own event types only (an index serves it). When a pass ends short of a full batch,
     * every event up to the head seen before the read has been considered, so the group's position moves to that
     * head even if none of them was its type. The checkpoint row is written at most every `saveMs` (each write is a
     * commit of its own, which under load cost more than the passes' reads) and when the group stops: after a crash
     * a group may see the events of its last `saveMs` again, which projections (their own checkpoint and version
     * guard) and reactions (one job per event id) already tolerate. A full pass yields to the event loop before the
     * next, so catching up on a backlog never holds HTTP requests back for more than one batch.
     */
    const run = async (): Promise<void> => {
      let saved = position;
      let savedAt = Date.now();
      let delivered = false;
      const save = (force: boolean) => {
        if (position !== saved && (force || Date.now() - savedAt >= (delivered ? saveMs : skipSaveMs))) {
          writeCheckpoint.run(group, position);
          saved = position;
          savedAt = Date.now();
          delivered = false;
        }
      };
      try {
        while (!wake.interrupted) {
          const head = await store.headPosition();
          const taken = takeRecent(head);
          const batch = taken?.batch ?? (await store.readAll({ after: position, limit: batchSize, ...(wanted ? { types: [...wanted] } : {}) }));
          const through = batch.length > 0 ? await consume(batch, deliver) : position;
          const failed = through === null || through < (batch.at(-1)?.position ?? position);
          if (through !== null && through > position) position = through;
          // Every event up to `upTo` was considered: the group's position moves there even if none was its type.
          const upTo = taken ? taken.through : batch.length < batchSize ? head : position;
          if (!failed && upTo > position) position = upTo;
          const more = taken ? head > position : batch.length >= batchSize;
          delivered ||= batch.length > 0;
          save(false);
          if (!more) {
            await wake.wait(pollMs);
            if (coalesceMs > 0 && !wake.interrupted) await wake.sleep(coalesceMs);
          } else await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        save(true);
      }
    };

    const running = run().catch((error: unknown) => {
      // Reading the log failed (the database closed under us): the group stops and says so.
      log?.error({ err: error }, 'event bus tail stopped');
    });
    const subscription: Subscription = {
      async stop() {
        wake.interrupt();
        stopListening();
        stopTaking();
        await running;
        if (active.get(group) === subscription) active.delete(group);
      },
    };
    active.set(group, subscription);
    return subscription;
  };

  const subscribe = (options: SubscribeOptions, handler: EventHandler): Promise<Subscription> =>
    tail(options, async (batch, deliver) => {
      let through: number | null = null;
      for (const event of batch) {
        if (!(await deliver(() => handler(event), event))) break;
        through = event.position;
      }
      return through;
    });

  const subscribeBatches = (options: SubscribeOptions, handler: EventBatchHandler): Promise<Subscription> =>
    tail(options, async (batch, deliver) => ((await deliver(() => handler(batch), batch[0] as StoredEvent)) ? (batch.at(-1)?.position ?? null) : null));

  return {
    subscribe,
    subscribeBatches,
    lag: async (group, types) => {
      const row = readCheckpoint.get(group) as { position: number } | undefined;
      // A running group's position moves before its row (written every `saveMs`): the nearer of the two.
      return row ? lagAfter(store, row.position, types) : null;
    },
    ping: async () => {
      if (!db.isOpen) throw new Error('the SQLite database is closed');
    },
    async close() {
      closed = true;
      await Promise.all([...active.values()].map((subscription) => subscription.stop()));
    },
  };
};
