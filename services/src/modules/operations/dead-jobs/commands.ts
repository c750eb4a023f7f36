import type { JobDetail as JobView, JobSummary as JobRow } from '@acpg/contracts/operations';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { JobDetail, JobSummary } from '../../../platform/jobs/port.ts';
import { scrubValue } from '../../../platform/logging/secrets.ts';
import type { Platform } from '../../../platform/module.ts';
import { deadJobDecider, deadJobStream } from './decider.ts';

const noQueue = (queue: string) => new DomainError('not_found', 'QUEUE_NOT_FOUND', `There is no queue ${queue}.`);
const noJob = () => new DomainError('not_found', 'JOB_NOT_FOUND', 'There is no such job in this queue (it may have completed).');
const notDead = () => new DomainError('conflict', 'JOB_NOT_DEAD', 'This job is not in the dead letters any more: read the queue again.');

/** A queue some module works; any other name answers 404 (nothing is read from the engine for it). */
export const knownQueue = (platform: Platform, queue: string): string => {
  if (!platform.operations.queues.includes(queue)) throw noQueue(queue);
  return queue;
};

export const toJobRow = (job: JobSummary): JobRow => ({
  id: job.id,
  queue: job.queue,
  name: job.name,
  state: job.state,
  attempts_made: job.attemptsMade,
  created_at: job.createdAt,
  run_at: job.runAt,
  failed_at: job.failedAt,
  error: job.error,
});

/** A job's data leaves the server without its secrets: every secret-named field (code, token, password ...) and token-shaped text is dropped. */
export const toJobView = (job: JobDetail): JobView => ({ ...toJobRow(job), data: scrubValue(job.data) });

export const readJob = async (platform: Platform, queue: string, id: string): Promise<JobDetail> => {
  const job = await platform.jobs.job(knownQueue(platform, queue), id);
  if (!job) throw noJob();
  return job;
};

/**
 * Retries or discards a dead job, then records who did it and why. The jobs port moves only a dead job, atomically:
 * an unknown or completed job answers 404, a job no longer dead 409, and then nothing is recorded.
 */
export const actOnDeadJob = async (platform: Platform, action: 'retry' | 'discard', queue: string, id: string, reason: string, metadata: CommandMeta) => {
  const job = await readJob(platform, queue, id);
  if (job.state !== 'dead') throw notDead();
  const outcome = action === 'retry' ? await platform.jobs.retryDead(queue, id) : await platform.jobs.discardDead(queue, id);
  if (outcome === 'not_found') throw noJob();
  if (outcome === 'not_dead') throw notDead();
  const data = { queue, job_id: id, job_name: job.name, error: job.error, attempts_made: job.attemptsMade, reason };
  await handleCommand(platform.eventStore, deadJobStream(queue, id), deadJobDecider, {
    type: action === 'retry' ? 'RecordRetry' : 'RecordDiscard',
    data,
    metadata,
  });
  return job;
};
