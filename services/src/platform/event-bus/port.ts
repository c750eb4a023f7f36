import type { StoredEvent } from '../event-store/port.ts';

export type EventHandler = (event: StoredEvent) => Promise<void>;
/** Receives the events of one read, in order; a failure hands the same events over again. */
export type EventBatchHandler = (events: readonly StoredEvent[]) => Promise<void>;

export interface SubscribeOptions {
  /** Consumer group: each group gets every event once (at least once); members of a group share the work. */
  group: string;
  /** Only these event types reach the handler (others still advance the checkpoint). */
  types?: readonly string[];
  /**
   * Where a group with no checkpoint starts: true, position 0 (projections); false, the head of the log when
   * `subscribe` resolves (reactions: a new one never re-sends the past), kept as the group's start, so a group
   * stopped before its first event resumes there. Default true.
   */
  fromBeginning?: boolean;
}

export interface Subscription {
  /** Stops delivery after the event in hand; resolves when stopped. */
  stop(): Promise<void>;
}

/**
 * Delivers stored events to consumer groups in order per stream, at least once, with a checkpoint per group.
 * Embedded: tails the SQLite log. Distributed: Kafka topics fed by the outbox relay.
 */
/** How far a consumer group is behind: events it has still to take, and when the oldest of them happened (null: none, or unknown). */
export interface GroupLag {
  behind: number;
  /** True when `behind` stopped counting at the cap (there are at least that many). */
  capped: boolean;
  oldestAt: string | null;
}

export interface EventBus {
  /** A group's lag, where the adapter can tell (embedded: its checkpoint against the log; Kafka: committed offsets against the high watermarks); null when the group never ran. */
  lag?(group: string, types?: readonly string[]): Promise<GroupLag | null>;
  /** Throws when the bus's engine cannot be reached (readiness). */
  ping?(): Promise<void>;
  subscribe(options: SubscribeOptions, handler: EventHandler): Promise<Subscription>;
  /** Like `subscribe`, in batches (projections write a batch in one transaction). Batches never mix groups. */
  subscribeBatches(options: SubscribeOptions, handler: EventBatchHandler): Promise<Subscription>;
  close(): Promise<void>;
}

/** Topic of a module's events in the distributed profile: the stream id's prefix names the module. */
export const topicForStream = (stream: string, prefix = 'acpg'): string => {
  const module = stream.split('-')[0] ?? 'misc';
  return `${prefix}.${module}`;
};
