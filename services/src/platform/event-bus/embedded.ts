import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from 'pino';
import type { EventStore, StoredEvent } from '../event-store/port.ts';
import type { EventBus, EventHandler, SubscribeOptions, Subscription } from './port.ts';
import { backoffMs, Wakeable } from './wakeable.ts';

export interface EmbeddedEventBusOptions {
  /** Poll interval when no in-process append woke the tail (another process writing the file). Default 1000 ms. */
  pollMs?: number;
  /** Events read per batch. Default 200. */
  batchSize?: number;
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
  const { pollMs = 1000, batchSize = 200, logger } = options;
  const initialMs = options.retry?.initialMs ?? 100;
  const maxMs = options.retry?.maxMs ?? 30_000;

  db.exec('CREATE TABLE IF NOT EXISTS bus_checkpoints (group_name TEXT PRIMARY KEY, position INTEGER NOT NULL) STRICT');
  const readCheckpoint = db.prepare('SELECT position FROM bus_checkpoints WHERE group_name = ?');
  const writeCheckpoint = db.prepare(
    'INSERT INTO bus_checkpoints (group_name, position) VALUES (?, ?) ON CONFLICT (group_name) DO UPDATE SET position = excluded.position',
  );

  const active = new Map<string, Subscription>();
  let closed = false;

  const subscribe = async (subscribeOptions: SubscribeOptions, handler: EventHandler): Promise<Subscription> => {
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
    const stopListening = store.onAppended(() => wake.wake());

    const deliver = async (event: StoredEvent): Promise<boolean> => {
      for (let attempt = 1; !wake.interrupted; attempt++) {
        try {
          await handler(event);
          return true;
        } catch (error) {
          const delay = backoffMs(attempt, initialMs, maxMs);
          log?.error(
            { err: error, eventId: event.id, type: event.type, stream: event.stream, position: event.position, attempt, retryInMs: delay },
            'event handler failed; retrying the same event',
          );
          await wake.sleep(delay);
        }
      }
      return false;
    };

    const run = async (): Promise<void> => {
      while (!wake.interrupted) {
        const batch = await store.readAll({ after: position, limit: batchSize });
        if (batch.length === 0) {
          await wake.wait(pollMs);
          continue;
        }
        let saved = position;
        for (const event of batch) {
          if (wake.interrupted) break;
          if (wanted && !wanted.has(event.type)) {
            position = event.position; // skipped events advance the checkpoint, written once per batch
            continue;
          }
          if (!(await deliver(event))) break;
          position = saved = event.position;
          writeCheckpoint.run(group, position);
        }
        if (position !== saved) writeCheckpoint.run(group, position);
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
        await running;
        if (active.get(group) === subscription) active.delete(group);
      },
    };
    active.set(group, subscription);
    return subscription;
  };

  return {
    subscribe,
    async close() {
      closed = true;
      await Promise.all([...active.values()].map((subscription) => subscription.stop()));
    },
  };
};
