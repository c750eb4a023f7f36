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
  close(): Promise<void>;
}
