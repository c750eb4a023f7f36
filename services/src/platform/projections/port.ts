import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import type { Realtime } from '../realtime/port.ts';
import type { Platform } from '../module.ts';

/** An event the store applied, with the document as written (null: deleted). */
export interface Applied {
  event: StoredEvent;
  doc: Doc | null;
}

/**
 * A read model: a pure `evolve(doc, event)` per document. The runner keeps `_version` (the stream version of the
 * last event applied) on each document and skips events at or below it, so redelivery is a no-op.
 * Determinism: evolve may use only the doc and the event (time comes from event.occurredAt), so replay
 * from position 0 yields identical documents. Modules build one with `defineProjection` (typed events).
 */
export interface Projection {
  /** Unique name; also the checkpoint key. */
  name: string;
  /** Collection the documents live in. */
  collection: string;
  /** Event types this projection reads. */
  handles: readonly string[];
  /** Document id an event belongs to; null skips the event. */
  documentId(event: StoredEvent): string | null;
  /** Next state of the document; null deletes it. */
  evolve(doc: Doc | null, event: StoredEvent): Doc | null;
  /** Fields to index in the collection. */
  indexes?: readonly string[];
  /**
   * Live pushes that follow a change of this read model. The runner calls it after the batch is written (so a client
   * never sees a status the read model lacks), never during a replay; a failure is logged and never blocks the projection.
   */
  afterApply?(applied: readonly Applied[], realtime: Realtime, reader?: PushReader): void | Promise<void>;
}

/**
 * What a push may read besides its own rows (the module's local copies, e.g. which provider an owner belongs to): the
 * owning module's scoped platform, handed by the runner. Absent in tests that run a projection without a module.
 */
export type PushReader = Pick<Platform, 'documents' | 'caughtUp'>;

/** Applies events to a projection's documents, atomically with its checkpoint where the engine allows. */
export interface ProjectionStore {
  apply(projection: Projection, events: readonly StoredEvent[]): Promise<Applied[]>;
  checkpoint(projection: Projection): Promise<number>;
  /** Drops the documents and the checkpoint (replay). */
  reset(projection: Projection): Promise<void>;
}
