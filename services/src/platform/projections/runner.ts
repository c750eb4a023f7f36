import type { Documents } from '../documents/port.ts';
import type { EventBus, Subscription } from '../event-bus/port.ts';
import type { EventStore } from '../event-store/port.ts';
import type { Realtime } from '../realtime/port.ts';
import type { Projection, ProjectionStore, PushReader } from './port.ts';

/** The part of a logger (pino's shape) the runner needs. */
export interface ProjectionLog {
  error(details: object, message: string): void;
}

export interface RunProjectionOptions {
  bus: EventBus;
  store: ProjectionStore;
  projection: Projection;
  /** Where the projection's `afterApply` pushes (after the write; its failure is logged and never blocks the projection). */
  realtime?: Realtime;
  /** What `afterApply` may read (the owning module's scoped platform). */
  reader?: PushReader;
  log?: ProjectionLog;
}

/** Consumer group of a projection on the event bus. */
export const projectionGroup = (projection: Projection): string => `projection:${projection.name}`;

/** Keeps a read model up to date from the bus (at least once; the store makes redelivery a no-op). */
export const runProjection = ({ bus, store, projection, realtime, reader, log }: RunProjectionOptions): Promise<Subscription> =>
  bus.subscribeBatches({ group: projectionGroup(projection), types: projection.handles, fromBeginning: true }, async (events) => {
    const applied = await store.apply(projection, events);
    if (!projection.afterApply || !realtime || applied.length === 0) return;
    const first = events[0];
    const report = (error: unknown) =>
      log?.error({ err: error, projection: projection.name, eventId: first?.id, correlationId: first?.correlationId }, 'afterApply failed');
    try {
      // An async afterApply must not leave an unhandled rejection behind.
      const result: unknown = projection.afterApply(applied, realtime, reader);
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  });

export interface ReplayOptions {
  eventStore: EventStore;
  store: ProjectionStore;
  projection: Projection;
  /** Events read and applied per batch (one transaction per batch on SQLite). */
  batchSize?: number;
  /** The last position applied (the log as of an instant); every event when absent. */
  untilPosition?: number;
}

/**
 * Rebuilds a read model from position 0: drops its documents and checkpoint, then applies every event it handles (up to
 * `untilPosition` when given).
 */
export const replayProjection = async ({ eventStore, store, projection, batchSize = 2000, untilPosition }: ReplayOptions): Promise<{ events: number; ms: number }> => {
  const started = performance.now();
  await store.reset(projection);
  let after = 0;
  let events = 0;
  for (;;) {
    const read = await eventStore.readAll({ after, limit: batchSize, types: projection.handles });
    const batch = untilPosition === undefined ? read : read.filter((event) => event.position <= untilPosition);
    if (batch.length === 0) break;
    await store.apply(projection, batch);
    events += batch.length;
    after = batch[batch.length - 1]!.position;
    if (batch.length < read.length || read.length < batchSize) break;
  }
  return { events, ms: Math.round(performance.now() - started) };
};

/** Declares the indexes a projection's queries need. */
export const ensureProjectionIndexes = async (documents: Documents, projection: Projection): Promise<void> => {
  if (projection.indexes?.length) await documents.ensureIndexes(projection.collection, projection.indexes);
};
