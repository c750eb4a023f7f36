import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, Worker as BullWorker, type Job as BullJob } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { DeadJobOutcome, DeadLetter, JobCounts, JobDetail, JobOptions, JobPage, JobProcessor, Jobs, JobState, JobSummary, Worker, WorkerOptions } from './port.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, errorMessage, isPermanentJobError } from './errors.ts';

export interface BullmqJobsOptions {
  /** Redis URL, e.g. redis://localhost:6379 */
  connection: string;
  /** Namespace of every key. Default 'bull'. */
  prefix?: string;
  logger?: Logger;
  /** How long a job id stays taken after its job was enqueued, in ms (beyond its delay). Default 30 days. */
  idRetentionMs?: number;
  /**
   * A job's lock, in ms: a worker that dies holding a job (SIGKILL, a lost host) gives it up after this, and the
   * stalled-job check (as often) puts it back to run again. Default BullMQ's 30 s.
   */
  lockDurationMs?: number;
  /** Test seam: awaited just before the job is added (a test kills the process there). */
  beforeAdd?: (jobId: string) => Promise<void>;
}

export const DEFAULT_ID_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * BullMQ forbids ':' in queue names and job ids, and integer-looking job ids. Both are encoded
 * deterministically and reversibly: '%' and ':' are percent-escaped and a job id gets a 'j-' prefix.
 */
const escape = (value: string) => value.replaceAll('%', '%25').replaceAll(':', '%3A');
const unescape = (value: string) => value.replaceAll('%3A', ':').replaceAll('%25', '%');
export const toBullJobId = (id: string) => `j-${escape(id)}`;
/**
 * The id of one add attempt: the port id's BullMQ id plus '%n' and a nonce. An escaped id only ever has '%'
 * followed by '25' or '3A', so the suffix is unambiguous; it tells an attempt that won the id from one that
 * was deduplicated (both get the winner's id back from BullMQ).
 */
const attemptJobId = (id: string) => `${toBullJobId(id)}%n${randomUUID()}`;
export const fromBullJobId = (jobId: string) => {
  const plain = jobId.split('%n')[0] ?? jobId;
  return unescape(plain.startsWith('j-') ? plain.slice(2) : plain);
};
export const toBullQueueName = (queue: string) => escape(queue);

/**
 * The distributed profile's jobs on BullMQ. Duplicate ids: the port id is BullMQ's deduplication id with a
 * time to live (`idRetentionMs` beyond the job's delay), so taking the id and adding the job are one Redis
 * script, atomic: a process killed at any point either added the job (the id is taken and the job will run)
 * or did not (the caller's retry adds it). The id record expires, so nothing grows without bound, and it
 * outlives the job: a completed job is removed at once, data included, and its id stays taken for the
 * retention. Each attempt adds under its own BullMQ job id (see `attemptJobId`); BullMQ answers the winner's,
 * so the caller learns whether its attempt added the job. Ids accepted by versions before this one sit in
 * a set (`<prefix>:<queue>:port-ids`) that is only read now. Dead letters are the queue's failed jobs, kept
 * with their data to diagnose: BullMQ moves a job there only when its attempts are spent (or a processor
 * threw PermanentJobError, mapped to UnrecoverableError).
 */
export const createBullmqJobs = (options: BullmqJobsOptions): Jobs => {
  const prefix = options.prefix ?? 'bull';
  const log = options.logger;
  // Producer side fails fast when Redis is away; workers block and must retry forever (BullMQ's rule).
  const client = new Redis(options.connection);
  const workerConnection = new Redis(options.connection, { maxRetriesPerRequest: null });
  for (const c of [client, workerConnection]) c.on('error', (err) => log?.error({ err }, 'jobs: redis connection error'));

  const queues = new Map<string, Queue>();
  const workers = new Set<Worker>();
  let closed = false;

  const queueOf = (queue: string): Queue => {
    let q = queues.get(queue);
    if (!q) {
      q = new Queue(toBullQueueName(queue), { connection: client, prefix });
      q.on('error', (err) => log?.error({ queue, err }, 'jobs: queue error'));
      queues.set(queue, q);
    }
    return q;
  };

  const legacyIdsKey = (queue: string) => `${prefix}:${toBullQueueName(queue)}:port-ids`;
  const retentionMs = options.idRetentionMs ?? DEFAULT_ID_RETENTION_MS;

  const enqueue = async <T>(queue: string, name: string, data: T, opts: JobOptions): Promise<boolean> => {
    if (closed) throw new Error('jobs: enqueue after close');
    const portId = toBullJobId(opts.id);
    if ((await client.sismember(legacyIdsKey(queue), portId)) === 1) return false;
    const jobId = attemptJobId(opts.id);
    const delay = Math.max(0, opts.delayMs ?? 0);
    await options.beforeAdd?.(jobId);
    const job = await queueOf(queue).add(name, data, {
      jobId,
      // One script: the id is taken (SET NX PX) and the job stored together, or neither.
      deduplication: { id: portId, ttl: delay + retentionMs },
      delay,
      attempts: Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS),
      backoff: { type: 'exponential', delay: Math.max(0, opts.backoffMs ?? DEFAULT_BACKOFF_MS) },
      // A completed job (and its data: codes, addresses) leaves Redis at once; its id stays taken until it expires.
      removeOnComplete: true,
      removeOnFail: false,
    });
    return job.id === jobId;
  };

  const work = async <T>(queue: string, processor: JobProcessor<T>, workerOptions: WorkerOptions = {}): Promise<Worker> => {
    if (closed) throw new Error('jobs: work after close');
    const bullWorker = new BullWorker(
      toBullQueueName(queue),
      async (job) => {
        try {
          await processor({
            id: fromBullJobId(job.id ?? ''),
            queue,
            name: job.name,
            data: job.data as T,
            attemptsMade: job.attemptsMade,
          });
        } catch (error) {
          if (isPermanentJobError(error)) throw new UnrecoverableError(errorMessage(error));
          throw error instanceof Error ? error : new Error(errorMessage(error));
        }
      },
      {
        connection: workerConnection,
        prefix,
        concurrency: Math.max(1, workerOptions.concurrency ?? 1),
        ...(options.lockDurationMs === undefined ? {} : { lockDuration: options.lockDurationMs, stalledInterval: options.lockDurationMs }),
      },
    );
    bullWorker.on('error', (err) => log?.error({ queue, err }, 'jobs: worker error'));
    bullWorker.on('failed', (job, err) => {
      if (!job) return;
      const spent = job.attemptsMade >= (job.opts.attempts ?? 1) || err instanceof UnrecoverableError;
      const entry = { queue, jobId: fromBullJobId(job.id ?? ''), name: job.name, attemptsMade: job.attemptsMade, err };
      if (spent) log?.error(entry, 'job failed for good: moved to the dead letters');
      else log?.warn(entry, 'job failed: will retry');
    });
    await bullWorker.waitUntilReady();
    const worker: Worker = {
      close: async () => {
        workers.delete(worker);
        await bullWorker.close(); // waits for the jobs in hand
      },
    };
    workers.add(worker);
    return worker;
  };

  const deadLetters = async (queue: string): Promise<DeadLetter[]> => {
    const failed = await queueOf(queue).getFailed(0, -1);
    return failed
      .map((job) => ({
        id: fromBullJobId(job.id ?? ''),
        queue,
        name: job.name,
        data: job.data as unknown,
        attemptsMade: job.attemptsMade,
        error: job.failedReason ?? '',
        failedAt: new Date(job.finishedOn ?? job.processedOn ?? job.timestamp).toISOString(),
      }))
      .sort((a, b) => a.failedAt.localeCompare(b.failedAt));
  };

  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.all([...workers].map((w) => w.close()));
    await Promise.all([...queues.values()].map((q) => q.close()));
    await Promise.all([client, workerConnection].map((c) => c.quit().catch(() => c.disconnect())));
  };

  const counts = async (queue: string): Promise<JobCounts> => {
    const c = await queueOf(queue).getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
    return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), delayed: c.delayed ?? 0, active: c.active ?? 0, dead: c.failed ?? 0 };
  };

  const summaryOf = (queue: string, job: BullJob, state: JobState): JobSummary => ({
    id: fromBullJobId(job.id ?? ''),
    queue,
    name: job.name,
    state,
    attemptsMade: job.attemptsMade,
    createdAt: new Date(job.timestamp).toISOString(),
    runAt: state === 'waiting' || state === 'delayed' ? new Date(job.timestamp + (job.delay ?? 0)).toISOString() : null,
    failedAt: state === 'dead' ? new Date(job.finishedOn ?? job.processedOn ?? job.timestamp).toISOString() : null,
    error: job.failedReason ? job.failedReason : null,
  });

  const list = async (queue: string, state: JobState, page: { offset: number; limit: number }): Promise<JobPage> => {
    const type = BULL_STATE[state];
    const q = queueOf(queue);
    const limit = Math.max(0, page.limit);
    const offset = Math.max(0, page.offset);
    const [jobs, counted] = await Promise.all([
      limit === 0 ? Promise.resolve([]) : q.getJobs([type], offset, offset + limit - 1, true),
      q.getJobCounts(type),
    ]);
    return { items: jobs.filter((job): job is BullJob => Boolean(job)).map((job) => summaryOf(queue, job, state)), total: counted[type] ?? 0 };
  };

  /**
   * The BullMQ job of a port id: the deduplication record names it while the id is retained; after that, a dead job
   * is still found among the failed ones.
   */
  const bullJobOf = async (queue: string, id: string): Promise<BullJob | null> => {
    const q = queueOf(queue);
    const jobId = await q.getDeduplicationJobId(toBullJobId(id));
    const byId = jobId ? await q.getJob(jobId) : undefined;
    if (byId) return byId;
    const failed = await q.getFailed(0, -1);
    return failed.find((job) => job && fromBullJobId(job.id ?? '') === id) ?? null;
  };

  const stateOf = async (job: BullJob): Promise<JobState | null> => {
    const state = await job.getState();
    if (state === 'failed') return 'dead';
    if (state === 'waiting' || state === 'prioritized' || state === 'waiting-children') return 'waiting';
    if (state === 'delayed') return 'delayed';
    if (state === 'active') return 'active';
    return null; // completed (removed at once) or unknown
  };

  const job = async (queue: string, id: string): Promise<JobDetail | null> => {
    const found = await bullJobOf(queue, id);
    const state = found ? await stateOf(found) : null;
    if (!found || !state) return null;
    return { ...summaryOf(queue, found, state), data: found.data as unknown };
  };

  /** Runs `act` on a dead job; BullMQ's own scripts check the state again, so a race answers not_dead. */
  const onDead = async (queue: string, id: string, act: (job: BullJob) => Promise<unknown>): Promise<DeadJobOutcome> => {
    const found = await bullJobOf(queue, id);
    const state = found ? await stateOf(found) : null;
    if (!found || !state) return 'not_found';
    if (state !== 'dead') return 'not_dead';
    try {
      await act(found);
      return 'done';
    } catch (error) {
      log?.warn({ queue, jobId: id, err: error }, 'jobs: dead job changed state before the operator\'s action');
      return 'not_dead';
    }
  };

  const retryDead = (queue: string, id: string) => onDead(queue, id, (found) => found.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }));
  const discardDead = (queue: string, id: string) =>
    onDead(queue, id, async (found) => {
      // Removing a job frees its deduplication id: put it back for what was left of its time, so a discarded job's id
      // stays taken as a completed one's does (a redelivered event makes no second job).
      const key = `${queueOf(queue).keys.de}:${toBullJobId(id)}`;
      const [holder, ttl] = await Promise.all([client.get(key), client.pttl(key)]);
      await found.remove();
      if (holder && ttl > 0) await client.set(key, holder, 'PX', ttl, 'NX');
    });

  return { enqueue, work, deadLetters, counts, list, job, retryDead, discardDead, close };
};

const BULL_STATE = { waiting: 'wait', delayed: 'delayed', active: 'active', dead: 'failed' } as const satisfies Record<JobState, string>;
