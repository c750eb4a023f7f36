import type { DatabaseSync } from 'node:sqlite';
import type { Logger } from 'pino';
import { inTransaction } from '../sqlite/open.ts';
import type { DeadJobOutcome, DeadLetter, JobCounts, JobDetail, JobOptions, JobPage, JobProcessor, JobRecord, Jobs, JobState, JobSummary, Worker, WorkerOptions } from './port.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, errorMessage, isPermanentJobError } from './errors.ts';

export interface SqliteJobsOptions {
  /** Longest wait before looking for due jobs again (jobs enqueued by another process, clock drift). Default 1000. */
  pollMs?: number;
  logger?: Logger;
  /** Epoch milliseconds; run times and failure times are taken from it. */
  clock?: () => number;
}

interface ClaimedRow {
  id: string;
  queue: string;
  name: string;
  data: string;
  attempts_made: number;
  attempts: number;
  backoff_ms: number;
}

interface DeadRow {
  id: string;
  queue: string;
  name: string;
  data: string;
  attempts_made: number;
  last_error: string | null;
  finished_at: number | null;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS job_queue (
    queue TEXT NOT NULL,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('waiting', 'active', 'done', 'dead')),
    run_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    attempts_made INTEGER NOT NULL DEFAULT 0,
    backoff_ms INTEGER NOT NULL,
    last_error TEXT,
    created_at INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (queue, id)
  );
  CREATE INDEX IF NOT EXISTS job_queue_due ON job_queue (queue, state, run_at);
`;

/**
 * The embedded profile's durable job queue, in the shared SQLite file. Job ids are unique per queue and
 * kept after completion, so an id is never run twice; a completed job's data is erased (replaced by '{}'),
 * so no message, code or address stays at rest. Dead letters keep their data to diagnose and replay them:
 * for a sign-in code that is a code already past use (valid 10 minutes, and the job died after its retries). One instance per database file: at creation it
 * makes runnable again the jobs a crashed process left 'active' (the interrupted run counts as an attempt,
 * so a job that kills the process cannot loop forever).
 */
export const createSqliteJobs = (db: DatabaseSync, options: SqliteJobsOptions = {}): Jobs => {
  const pollMs = options.pollMs ?? 1000;
  const clock = options.clock ?? Date.now;
  const log = options.logger;
  db.exec(SCHEMA);

  const insert = db.prepare(`
    INSERT OR IGNORE INTO job_queue (queue, id, name, data, state, run_at, attempts, backoff_ms, created_at)
    VALUES (?, ?, ?, ?, 'waiting', ?, ?, ?, ?)`);
  const claim = db.prepare(`
    UPDATE job_queue SET state = 'active', attempts_made = attempts_made + 1
    WHERE rowid = (
      SELECT rowid FROM job_queue WHERE queue = ? AND state = 'waiting' AND run_at <= ? ORDER BY run_at, rowid LIMIT 1
    )
    RETURNING id, queue, name, data, attempts_made, attempts, backoff_ms`);
  const nextRunAt = db.prepare(`SELECT MIN(run_at) AS run_at FROM job_queue WHERE queue = ? AND state = 'waiting'`);
  // A done job keeps its row (its id stays taken) but not its data: an OTP or a phone number must not rest here.
  const complete = db.prepare(`UPDATE job_queue SET state = 'done', data = '{}', last_error = NULL, finished_at = ? WHERE queue = ? AND id = ?`);
  const retry = db.prepare(`UPDATE job_queue SET state = 'waiting', run_at = ?, last_error = ? WHERE queue = ? AND id = ?`);
  const bury = db.prepare(`UPDATE job_queue SET state = 'dead', last_error = ?, finished_at = ? WHERE queue = ? AND id = ?`);
  const dead = db.prepare(`
    SELECT id, queue, name, data, attempts_made, last_error, finished_at FROM job_queue
    WHERE queue = ? AND state = 'dead' ORDER BY finished_at, rowid`);

  const countsOf = db.prepare(`
    SELECT
      COALESCE(SUM(state = 'waiting' AND run_at <= ?), 0) AS waiting,
      COALESCE(SUM(state = 'waiting' AND run_at > ?), 0) AS delayed,
      COALESCE(SUM(state = 'active'), 0) AS active,
      COALESCE(SUM(state = 'dead'), 0) AS dead
    FROM job_queue WHERE queue = ?`);

  const stateWhere: Record<JobState, string> = {
    waiting: `state = 'waiting' AND run_at <= ?`,
    delayed: `state = 'waiting' AND run_at > ?`,
    active: `state = 'active' AND ? IS NOT NULL`,
    dead: `state = 'dead' AND ? IS NOT NULL`,
  };
  const columns = 'id, queue, name, data, state, run_at, attempts_made, last_error, created_at, finished_at';
  const listOf = Object.fromEntries(
    Object.entries(stateWhere).map(([state, where]) => [
      state,
      {
        rows: db.prepare(`SELECT ${columns} FROM job_queue WHERE queue = ? AND ${where} ORDER BY ${state === 'dead' ? 'finished_at' : 'run_at'}, rowid LIMIT ? OFFSET ?`),
        total: db.prepare(`SELECT COUNT(*) AS n FROM job_queue WHERE queue = ? AND ${where}`),
      },
    ]),
  ) as Record<JobState, { rows: ReturnType<DatabaseSync['prepare']>; total: ReturnType<DatabaseSync['prepare']> }>;
  const one = db.prepare(`SELECT ${columns} FROM job_queue WHERE queue = ? AND id = ?`);
  // Only a dead row moves: the state in the WHERE makes each one atomic against a worker or another operator.
  const revive = db.prepare(`UPDATE job_queue SET state = 'waiting', run_at = ?, attempts_made = 0, finished_at = NULL WHERE queue = ? AND id = ? AND state = 'dead'`);
  // A discarded job keeps its row as a completed one does (its id stays taken), without its data.
  const drop = db.prepare(`UPDATE job_queue SET state = 'done', data = '{}', finished_at = ? WHERE queue = ? AND id = ? AND state = 'dead'`);

  const summaryOf = (row: StoredRow, now: number): JobSummary => ({
    id: row.id,
    queue: row.queue,
    name: row.name,
    state: row.state === 'waiting' ? (row.run_at > now ? 'delayed' : 'waiting') : (row.state as 'active' | 'dead'),
    attemptsMade: row.attempts_made,
    createdAt: new Date(row.created_at).toISOString(),
    runAt: row.state === 'waiting' ? new Date(row.run_at).toISOString() : null,
    failedAt: row.state === 'dead' && row.finished_at !== null ? new Date(row.finished_at).toISOString() : null,
    error: row.last_error,
  });

  recoverInterrupted(db, clock());

  /** In-process wake-up: enqueue pokes the workers of its queue instead of waiting for the next poll. */
  const wakers = new Map<string, Set<() => void>>();
  const workers = new Set<Worker>();
  let closed = false;

  const enqueue = async <T>(queue: string, name: string, data: T, opts: JobOptions): Promise<boolean> => {
    if (closed) throw new Error('jobs: enqueue after close');
    const now = clock();
    const attempts = Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS);
    const backoffMs = Math.max(0, opts.backoffMs ?? DEFAULT_BACKOFF_MS);
    const json = JSON.stringify(data ?? null);
    // Taking the id and storing the job are one INSERT OR IGNORE: no kill can fall between them (issue 20 item 9).
    const { changes } = insert.run(queue, opts.id, name, json, now + Math.max(0, opts.delayMs ?? 0), attempts, backoffMs, now);
    const added = Number(changes) === 1;
    if (added) for (const wake of wakers.get(queue) ?? []) wake();
    return added;
  };

  const work = async <T>(queue: string, processor: JobProcessor<T>, workerOptions: WorkerOptions = {}): Promise<Worker> => {
    if (closed) throw new Error('jobs: work after close');
    const concurrency = Math.max(1, workerOptions.concurrency ?? 1);
    const inHand = new Set<Promise<void>>();
    let stopping = false;
    let timer: NodeJS.Timeout | undefined;

    const settle = (row: ClaimedRow, error: unknown) => {
      const now = clock();
      if (error === undefined) {
        complete.run(now, row.queue, row.id);
        return;
      }
      const message = errorMessage(error);
      if (isPermanentJobError(error) || row.attempts_made >= row.attempts) {
        bury.run(message, now, row.queue, row.id);
        log?.error({ queue, jobId: row.id, name: row.name, attemptsMade: row.attempts_made, err: error }, 'job failed for good: moved to the dead letters');
      } else {
        const wait = row.backoff_ms * 2 ** (row.attempts_made - 1);
        retry.run(now + wait, message, row.queue, row.id);
        log?.warn({ queue, jobId: row.id, name: row.name, attemptsMade: row.attempts_made, retryInMs: wait, err: error }, 'job failed: will retry');
      }
    };

    const run = async (row: ClaimedRow) => {
      const job: JobRecord<T> = {
        id: row.id,
        queue: row.queue,
        name: row.name,
        data: JSON.parse(row.data) as T,
        attemptsMade: row.attempts_made - 1, // attempts before this one, as BullMQ reports it
      };
      let failure: unknown;
      try {
        await processor(job);
      } catch (error) {
        failure = error ?? new Error('job failed without an error');
      }
      try {
        settle(row, failure);
      } catch (error) {
        // The row stays 'active' and is recovered at the next start.
        log?.error({ queue, jobId: row.id, err: error }, 'job outcome could not be stored');
      }
    };

    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (stopping) return;
      const next = (nextRunAt.get(queue) as { run_at: number | null } | undefined)?.run_at ?? null;
      const wait = next === null ? pollMs : Math.min(pollMs, Math.max(0, next - clock()));
      timer = setTimeout(pump, wait);
    };

    function pump() {
      if (stopping) return;
      try {
        while (inHand.size < concurrency) {
          const row = inTransaction(db, () => claim.get(queue, clock()) as ClaimedRow | undefined);
          if (!row) break;
          const running: Promise<void> = run(row).finally(() => {
            inHand.delete(running);
            pump();
          });
          inHand.add(running);
        }
        // Full: a finishing job pumps again. Otherwise wait for the next due job (or the poll).
        if (inHand.size < concurrency) schedule();
      } catch (error) {
        log?.error({ queue, err: error }, 'jobs: could not claim');
        if (!stopping) timer = setTimeout(pump, pollMs);
      }
    }

    const wake = () => {
      if (stopping || inHand.size >= concurrency) return;
      // After the enqueuer's turn, so a burst of enqueues is claimed in one pass.
      queueMicrotask(pump);
    };
    const queueWakers = wakers.get(queue) ?? new Set();
    queueWakers.add(wake);
    wakers.set(queue, queueWakers);

    const worker: Worker = {
      close: async () => {
        stopping = true;
        if (timer) clearTimeout(timer);
        queueWakers.delete(wake);
        workers.delete(worker);
        await Promise.allSettled([...inHand]);
      },
    };
    workers.add(worker);
    pump();
    return worker;
  };

  const deadLetters = async (queue: string): Promise<DeadLetter[]> =>
    (dead.all(queue) as unknown as DeadRow[]).map((row) => ({
      id: row.id,
      queue: row.queue,
      name: row.name,
      data: JSON.parse(row.data) as unknown,
      attemptsMade: row.attempts_made,
      error: row.last_error ?? '',
      failedAt: new Date(row.finished_at ?? 0).toISOString(),
    }));

  const close = async () => {
    closed = true;
    await Promise.all([...workers].map((w) => w.close()));
  };

  const counts = async (queue: string): Promise<JobCounts> => {
    const now = clock();
    const row = countsOf.get(now, now, queue) as Record<keyof JobCounts, number | bigint>;
    return { waiting: Number(row.waiting), delayed: Number(row.delayed), active: Number(row.active), dead: Number(row.dead) };
  };

  const list = async (queue: string, state: JobState, page: { offset: number; limit: number }): Promise<JobPage> => {
    const now = clock();
    const statements = listOf[state];
    const rows = statements.rows.all(queue, now, Math.max(0, page.limit), Math.max(0, page.offset)) as unknown as StoredRow[];
    const total = Number((statements.total.get(queue, now) as { n: number | bigint }).n);
    return { items: rows.map((row) => summaryOf(row, now)), total };
  };

  const job = async (queue: string, id: string): Promise<JobDetail | null> => {
    const row = one.get(queue, id) as StoredRow | undefined;
    if (!row || row.state === 'done') return null;
    return { ...summaryOf(row, clock()), data: JSON.parse(row.data) as unknown };
  };

  const outcome = (changes: number | bigint, queue: string, id: string): DeadJobOutcome => {
    if (Number(changes) === 1) return 'done';
    const row = one.get(queue, id) as StoredRow | undefined;
    return !row || row.state === 'done' ? 'not_found' : 'not_dead';
  };

  const retryDead = async (queue: string, id: string): Promise<DeadJobOutcome> => {
    const result = outcome(revive.run(clock(), queue, id).changes, queue, id);
    if (result === 'done') for (const wake of wakers.get(queue) ?? []) wake();
    return result;
  };

  const discardDead = async (queue: string, id: string): Promise<DeadJobOutcome> => outcome(drop.run(clock(), queue, id).changes, queue, id);

  return { enqueue, work, deadLetters, counts, list, job, retryDead, discardDead, close };
};

interface StoredRow {
  id: string;
  queue: string;
  name: string;
  data: string;
  state: 'waiting' | 'active' | 'done' | 'dead';
  run_at: number;
  attempts_made: number;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

const recoverInterrupted = (db: DatabaseSync, now: number) => {
  inTransaction(db, () => {
    // Rows completed before data was erased on completion.
    db.prepare(`UPDATE job_queue SET data = '{}' WHERE state = 'done' AND data <> '{}'`).run();
    db.prepare(
      `UPDATE job_queue SET state = 'dead', finished_at = ?,
         last_error = COALESCE(last_error || ' (then interrupted by a stop)', 'interrupted by a stop while running')
       WHERE state = 'active' AND attempts_made >= attempts`,
    ).run(now);
    db.prepare(
      `UPDATE job_queue SET state = 'waiting', run_at = ?, last_error = COALESCE(last_error, 'interrupted by a stop while running')
       WHERE state = 'active'`,
    ).run(now);
  });
};
