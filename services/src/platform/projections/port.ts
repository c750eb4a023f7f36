import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';

/**
 * A read model: a pure `evolve(doc, event)` per document. The runner keeps `_version` (the stream version of the
 * last event applied) on each document and skips events at or below it, so redelivery is a no-op.
 * Determinism: evolve may use only the doc and the event (time comes from event.occurredAt), so replay
 * from position 0 yields identical documents.
 */
export interface Projection {
  /** Unique name; also the checkpoint key. */
  name: string;
  /** Collection the documents live in. */
  collection: string;
  /** Event types this projection reads. */
  handles: readonly string[];
  /** Document id an event belongs to. */
  documentId(event: StoredEvent): string;
  /** Next state of the document; null deletes it. */
  evolve(doc: Doc | null, event: StoredEvent): Doc | null;
  /** Fields to index in the collection. */
  indexes?: readonly string[];
}

/** Called after a batch of documents is written (pushes to browsers happen here, never before the write). */
export type AfterApply = (projection: Projection, applied: { event: StoredEvent; doc: Doc | null }[]) => void;

/** Applies events to a projection's documents, atomically with its checkpoint where the engine allows. */
export interface ProjectionStore {
  apply(projection: Projection, events: readonly StoredEvent[]): Promise<{ event: StoredEvent; doc: Doc | null }[]>;
  checkpoint(projection: Projection): Promise<number>;
  /** Drops the documents and the checkpoint (replay). */
  reset(projection: Projection): Promise<void>;
}
