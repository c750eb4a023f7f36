import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from 'pino';
import type { EventStore, StoredEvent } from '../event-store/port.ts';
import { backoffMs, Wakeable } from './wakeable.ts';

/** Where the relay finds events not yet on the bus. */
export interface OutboxSource {
  /** The oldest unpublished events in position order (so in version order per stream). */
  unpublished(limit: number): Promise<StoredEvent[]>;
  /** Marks the events the last `unpublished` returned as published (the relay always passes the whole batch). */
  markPublished(ids: readonly string[]): Promise<void>;
  /** Optional in-process wake-up when events are appended; the relay polls as well. */
  onAppended?(listener: () => void): () => void;
}

export interface OutboxRelayOptions {
  source: OutboxSource;
  publish(events: readonly StoredEvent[]): Promise<void>;
  pollMs?: number;
  batchSize?: number;
  logger?: Logger;
}

/**
 * Moves events from the store to the bus, at least once, in position order: a batch is marked
 * published only after `publish` resolved, and a failed batch is retried (with backoff) before any later one.
 */
export const startOutboxRelay = (options: OutboxRelayOptions): { stop(): Promise<void> } => {
  const { source, publish, pollMs = 500, batchSize = 500, logger } = options;
  const wake = new Wakeable();
  const unsubscribe = source.onAppended?.(() => wake.wake());
  let stopping = false;

  const run = async (): Promise<void> => {
    let failures = 0;
    while (!stopping) {
      try {
        const batch = await source.unpublished(batchSize);
        if (batch.length === 0) {
          await wake.wait(pollMs);
          continue;
        }
        await publish(batch);
        await source.markPublished(batch.map((event) => event.id));
        failures = 0;
      } catch (error) {
        failures += 1;
        const delay = backoffMs(failures);
        logger?.error({ err: error, retryInMs: delay }, 'outbox relay failed to publish; retrying the same batch');
        await wake.sleep(delay);
      }
    }
  };

  const running = run();
  return {
    async stop() {
      stopping = true;
      unsubscribe?.();
      wake.interrupt();
      await running;
    },
  };
};

/**
 * The SQLite log's outbox for the relay to Kafka (distributed profile with STORE=sqlite; the Kafka bus contract): a
 * cursor row per relay name in `outbox_cursors`, in the same file, moved only after the bus acknowledged the batch.
 * SQLite commits positions in order (one writer at a time, whichever process), so a cursor never passes an event
 * still to commit; a relay killed between publish and cursor publishes that batch again (consumers ignore it).
 * The relay's own appends wake it; other processes' appends are found by its poll.
 */
export const createSqliteOutboxSource = (db: DatabaseSync, store: EventStore, name = 'kafka'): OutboxSource => {
  db.exec('CREATE TABLE IF NOT EXISTS outbox_cursors (name TEXT PRIMARY KEY, position INTEGER NOT NULL) STRICT');
  const read = db.prepare('SELECT position FROM outbox_cursors WHERE name = ?');
  const write = db.prepare(
    'INSERT INTO outbox_cursors (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position',
  );
  const cursor = (): number => (read.get(name) as { position: number } | undefined)?.position ?? 0;
  // Positions of the events handed out by the last `unpublished`, to move the cursor on `markPublished`.
  let handedOut = new Map<string, number>();

  return {
    async unpublished(limit) {
      const events = await store.readAll({ after: cursor(), limit });
      handedOut = new Map(events.map((event) => [event.id, event.position]));
      return events;
    },
    async markPublished(ids) {
      let highest = cursor();
      for (const id of ids) {
        const position = handedOut.get(id);
        if (position === undefined) throw new Error(`Event ${id} was not handed out by this outbox source`);
        highest = Math.max(highest, position);
      }
      write.run(name, highest);
    },
    onAppended(listener) {
      return store.onAppended(() => listener());
    },
  };
};
