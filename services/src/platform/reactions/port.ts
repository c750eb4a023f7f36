import type { StoredEvent } from '../event-store/port.ts';
import type { Platform } from '../module.ts';

/** A side effect to run later, by the worker of `queue`, with retries and then a dead letter. */
export interface ReactionJob {
  queue: string;
  /** What the worker is asked to do, e.g. 'send'. */
  name: string;
  data: unknown;
  /** Tells apart several jobs made from one event (one per recipient); part of the job id. */
  key?: string;
  /** Total attempts before the dead letters (default 5) and the base of the exponential backoff (default 1 s). */
  attempts?: number;
  backoffMs?: number;
  delayMs?: number;
}

/**
 * Turns events into jobs (an email, a report, a renewal), never doing the side effect itself. Each job's id is
 * `<reaction>:<event id>[:<key>]`, so an event delivered again makes no second job. Runs on the worker role from the
 * head of the log (a reaction added later never re-sends the past), and never during a replay.
 */
export interface Reaction {
  /** Unique across modules, `<module>.<what>`: names the consumer group (`reaction:<name>`) and prefixes job ids. */
  name: string;
  handles: readonly string[];
  /** The jobs this event asks for (none is fine). May read what it needs, e.g. the account's email address. */
  jobs(event: StoredEvent, platform: Platform): Promise<readonly ReactionJob[]>;
}
