import { z } from 'zod';
import type { JobWorker, Platform } from '../module.ts';
import type { ReactionJob } from '../reactions/port.ts';
import { PermanentJobError } from './errors.ts';
import type { JobOptions, JobRecord } from './port.ts';

/** How a job is retried: total attempts before the dead letters, base of the exponential backoff (port defaults if left out). */
export interface JobRetries {
  attempts?: number;
  backoffMs?: number;
}

export interface JobSpec<Schema extends z.ZodType> extends JobRetries {
  queue: string;
  /** What the worker is asked to do, e.g. 'send' (the job's name on the port). */
  name: string;
  /** The job's data: the enqueuer builds its input, the worker gets it parsed. */
  data: Schema;
  /** How a refusal names a job whose data does not parse: `invalid <what>: <problem>`. Default `<queue> job`. */
  what?: string;
}

/** Does the job with its data parsed; throws to retry, PermanentJobError when a retry cannot help. */
export type JobHandler<Data> = (platform: Platform, data: Data, job: JobRecord<Data>) => Promise<void>;

export interface JobDefinition<Schema extends z.ZodType> {
  readonly queue: string;
  readonly name: string;
  /** A reaction's job (`Reaction.jobs`); `key` tells apart several jobs made from one event and ends the job's id. */
  job(data: z.input<Schema>, options?: JobRetries & { key?: string; delayMs?: number }): ReactionJob;
  /** Enqueues it outside a reaction; `options.id` is the idempotency key. False when that id was enqueued before. */
  enqueue(platform: Pick<Platform, 'jobs'>, data: z.input<Schema>, options: JobOptions): Promise<boolean>;
  /** The module's worker of the queue (`Module.workers`): data that does not parse is dead-lettered at once, logged. */
  worker(handle: JobHandler<z.output<Schema>>, options?: { concurrency?: number }): JobWorker;
}

const retriesOf = (spec: JobRetries, options: JobRetries): JobRetries => {
  const attempts = options.attempts ?? spec.attempts;
  const backoffMs = options.backoffMs ?? spec.backoffMs;
  return { ...(attempts === undefined ? {} : { attempts }), ...(backoffMs === undefined ? {} : { backoffMs }) };
};

/** One queue's job, typed once: what reactions and enqueuers build is what its worker parses. */
export const defineJob = <Schema extends z.ZodType>(spec: JobSpec<Schema>): JobDefinition<Schema> => {
  const { queue, name } = spec;
  const what = spec.what ?? `${queue} job`;
  return {
    queue,
    name,
    job: (data, options = {}) => ({
      queue,
      name,
      data,
      ...retriesOf(spec, options),
      ...(options.key === undefined ? {} : { key: options.key }),
      ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    }),
    enqueue: (platform, data, options) => platform.jobs.enqueue(queue, name, data, { ...retriesOf(spec, {}), ...options }),
    worker: (handle, options = {}) => ({
      queue,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      processor: (platform) => async (job) => {
        const parsed = spec.data.safeParse(job.data);
        if (!parsed.success) {
          const problem = z.prettifyError(parsed.error);
          platform.log.error({ queue: job.queue, jobId: job.id, name: job.name, problem }, `${what} is invalid: dead-lettered`);
          throw new PermanentJobError(`invalid ${what}: ${problem}`);
        }
        await handle(platform, parsed.data, { ...job, data: parsed.data });
      },
    }),
  };
};
