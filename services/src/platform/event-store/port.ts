import type { EventEnvelope } from '@acpg/contracts/envelope';

/** An event as a command handler produces it; the store assigns stream, version and position. */
export interface NewEvent {
  id: string; // UUIDv7, from the command's metadata
  type: string;
  data: unknown;
  occurredAt: string; // ISO 8601, from the command's metadata
  actor: string | null;
  correlationId: string;
  causationId: string | null;
  schemaVersion?: number; // default 1
}

export type StoredEvent = EventEnvelope;

/**
 * Expected version of a stream before the append: a number (0 = the stream must not exist yet),
 * or 'any' to skip the check.
 */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  /** Version of the stream after the append. */
  nextVersion: number;
  /** Global position of the last appended event. */
  lastPosition: number;
}

export interface ReadAllOptions {
  /** Return events with position strictly greater than this; 0 reads from the start. */
  after: number;
  limit: number;
  types?: readonly string[];
}

/** Newest first, for the admin tail: events before a position, optionally of some types and streams. */
export interface ReadLatestOptions {
  /** Return events with position strictly less than this; absent reads from the head. */
  before?: number;
  limit: number;
  types?: readonly string[];
  /** Only this stream, or (with `streamPrefix`) the streams whose name starts with it. */
  stream?: string;
  streamPrefix?: boolean;
}

export interface EventStore {
  append(stream: string, expectedVersion: ExpectedVersion, events: readonly NewEvent[]): Promise<AppendResult>;
  /** Events of one stream in version order, from `fromVersion` (inclusive, default 1). */
  readStream(stream: string, fromVersion?: number): Promise<StoredEvent[]>;
  /** Events of every stream in position order. */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /** Events of every stream in reverse position order (newest first). */
  readLatest(options: ReadLatestOptions): Promise<StoredEvent[]>;
  /** Highest position stored, 0 when empty. */
  headPosition(): Promise<number>;
  /** Called after each successful append with the stored events (in-process wake-up for tails). */
  onAppended(listener: (events: readonly StoredEvent[]) => void): () => void;
  /**
   * Where the store knows it: called after each commit of this process's appends with the events it stored, as they
   * read back (a tail in this process can take them instead of reading them again). Never for an append inside a
   * caller's transaction (it may still roll back).
   */
  onCommitted?(listener: (events: readonly StoredEvent[]) => void): () => void;
  close(): Promise<void>;
}

/** The stream's actual version differs from the expected one; HTTP maps it to 409. */
export class ConcurrencyError extends Error {
  readonly stream: string;
  readonly expected: ExpectedVersion;
  readonly actual: number;
  constructor(stream: string, expected: ExpectedVersion, actual: number) {
    super(`Stream ${stream} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'ConcurrencyError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}
