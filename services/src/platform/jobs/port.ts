export interface JobOptions {
  /** Idempotency key: a job whose id was already enqueued is ignored. Derive it from the event id. */
  id: string;
  /** Milliseconds before the first attempt. */
  delayMs?: number;
  /** Total attempts before the job goes to the dead letters. Default 5. */
  attempts?: number;
  /** Base of the exponential backoff in ms: attempt n waits base * 2^(n-1). Default 1000. */
  backoffMs?: number;
}

export interface JobRecord<T = unknown> {
  id: string;
  queue: string;
  name: string;
  data: T;
  attemptsMade: number;
}

export interface DeadLetter {
  id: string;
  queue: string;
  name: string;
  data: unknown;
  attemptsMade: number;
  error: string;
  failedAt: string;
}

/** How many jobs of a queue are in each state now (operators' queue depth; tests wait for a queue to drain). */
export interface JobCounts {
  /** Due now, not yet taken. */
  waiting: number;
  /** Due later: a delay, or a retry's backoff. */
  delayed: number;
  /** Being run. */
  active: number;
  /** In the dead letters. */
  dead: number;
}

/** A job's state as operators see it: due (waiting), due later (delayed), being run (active), dead-lettered (dead). */
export type JobState = 'waiting' | 'delayed' | 'active' | 'dead';
export const JOB_STATES: readonly JobState[] = ['waiting', 'delayed', 'active', 'dead'];

/** One job as an operator lists it (no data: that is in `JobDetail`, read one job at a time). */
export interface JobSummary {
  id: string;
  queue: string;
  name: string;
  state: JobState;
  attemptsMade: number;
  /** When it was enqueued (ISO 8601). */
  createdAt: string;
  /** When it is due (waiting, delayed), null when not known. */
  runAt: string | null;
  /** When it failed for good (dead), null otherwise. */
  failedAt: string | null;
  /** Its last error (a dead job's, or a retried one's last), null when none. */
  error: string | null;
}

export interface JobDetail extends JobSummary {
  data: unknown;
}

export interface JobPage {
  items: JobSummary[];
  /** Every job of the queue in that state. */
  total: number;
}

/** What an operator's retry or discard of a dead job did: done, no such job (unknown or completed), or not dead now. */
export type DeadJobOutcome = 'done' | 'not_found' | 'not_dead';

export type JobProcessor<T = unknown> = (job: JobRecord<T>) => Promise<void>;

export interface WorkerOptions {
  concurrency?: number; // default 1
}

export interface Worker {
  close(): Promise<void>;
}

export interface Jobs {
  /** Returns false when a job with that id already exists (duplicate ignored). */
  enqueue<T>(queue: string, name: string, data: T, options: JobOptions): Promise<boolean>;
  work<T>(queue: string, processor: JobProcessor<T>, options?: WorkerOptions): Promise<Worker>;
  deadLetters(queue: string): Promise<DeadLetter[]>;
  counts(queue: string): Promise<JobCounts>;
  /** A queue's jobs in one state, oldest first, `offset` and `limit` paging them. */
  list(queue: string, state: JobState, page: { offset: number; limit: number }): Promise<JobPage>;
  /** One job with its data; null when unknown or completed (a completed job keeps nothing). */
  job(queue: string, id: string): Promise<JobDetail | null>;
  /** A dead job back to waiting, its attempts reset (it runs again as if new); only a dead job. */
  retryDead(queue: string, id: string): Promise<DeadJobOutcome>;
  /** A dead job dropped for good (its data erased); only a dead job. */
  discardDead(queue: string, id: string): Promise<DeadJobOutcome>;
  close(): Promise<void>;
}
