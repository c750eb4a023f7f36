import { SpanKind } from '@opentelemetry/api';
import { DEFAULT_ATTEMPTS, isPermanentJobError } from '../jobs/errors.ts';
import type { JobProcessor, JobRecord, Jobs, Worker, WorkerOptions } from '../jobs/port.ts';
import type { Metrics } from './metrics.ts';
import { correlationKey } from './traced-ports.ts';
import { decorate, endAfter, originOf, Recent, type Tracing } from './tracing.ts';

const jobKey = (queue: string, id: string) => `job:${queue}\n${id}`;

/**
 * The correlation id a job's data carries when the process that enqueued it is another one: the event envelope most
 * jobs hold (`{ payment: <event> }`, `{ cause: <event> }`).
 */
export const correlationInData = (data: unknown): string | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  for (const value of Object.values(data)) {
    const id = typeof value === 'object' && value !== null ? (value as { correlationId?: unknown }).correlationId : undefined;
    if (typeof id === 'string') return id;
  }
  return undefined;
};

/**
 * Whether a failed attempt was the job's last: refused for good, or its attempts spent. Attempts are known from this
 * process's enqueue; a job enqueued by another process counts with the port's default (DEFAULT_ATTEMPTS).
 */
export const wasLastAttempt = (error: unknown, job: Pick<JobRecord, 'attemptsMade'>, attempts: number | undefined): boolean =>
  isPermanentJobError(error) || job.attemptsMade + 1 >= Math.max(1, attempts ?? DEFAULT_ATTEMPTS);

/**
 * The jobs port with its outcomes counted (`jobs_completed_total`, `jobs_failed_total`, `jobs_dead_total` by queue)
 * and, when traces are on, each run a span: a child of the reaction that enqueued it (same process), else carrying the
 * correlation id its data holds. The adapters are untouched; every other method reaches them as is.
 */
export const observedJobs = (jobs: Jobs, metrics: Metrics, tracing: Tracing | null): Jobs => {
  const attemptsOf = new Recent<number>(20_000);
  const enqueue: Jobs['enqueue'] = async (queue, name, data, options) => {
    // Kept before the enqueue: a worker in this process may take the job before the enqueue's promise settles.
    const key = jobKey(queue, options.id);
    if (options.attempts !== undefined && attemptsOf.get(key) === undefined) attemptsOf.set(key, options.attempts);
    const origin = tracing?.current();
    if (origin && !tracing?.recall(key)) tracing?.remember(key, origin);
    return jobs.enqueue(queue, name, data, options);
  };
  const work = <T>(queue: string, processor: JobProcessor<T>, options?: WorkerOptions): Promise<Worker> =>
    jobs.work<T>(
      queue,
      async (job) => {
        const run = async () => {
          try {
            await processor(job);
            metrics.jobCompleted(queue);
          } catch (error) {
            metrics.jobFailed(queue, wasLastAttempt(error, job, attemptsOf.get(jobKey(queue, job.id))));
            throw error;
          }
        };
        if (!tracing) return run();
        const enqueuedBy = tracing.recall(jobKey(queue, job.id));
        const correlationId = enqueuedBy?.correlationId ?? correlationInData(job.data);
        const parent = enqueuedBy ?? (correlationId === undefined ? undefined : tracing.recall(correlationKey(correlationId)));
        const span = tracing.start(`job ${queue}`, parent, {
          kind: SpanKind.CONSUMER,
          correlationId,
          attributes: { 'acpg.job.queue': queue, 'acpg.job.name': job.name, 'acpg.job.id': job.id, 'acpg.job.attempt': job.attemptsMade + 1 },
        });
        return endAfter(span, () => tracing.within(originOf(span, correlationId), run));
      },
      options,
    );
  return decorate(jobs, { enqueue, work });
};
