/**
 * A process that enqueues one BullMQ job and waits to be killed (SIGKILL) at a chosen point:
 * `before-add` stops inside enqueue just before the job is added (where the old id record was already written),
 * `after-add` stops once enqueue returned (before the caller could record that it did). Prints the point reached.
 */
import { createBullmqJobs } from '../src/platform/jobs/bullmq.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const stop = env('STOP_AT');
const hang = () => new Promise<never>(() => setInterval(() => undefined, 60_000));

const jobs = createBullmqJobs({
  connection: env('REDIS_URL'),
  prefix: env('PREFIX'),
  beforeAdd: async () => {
    if (stop !== 'before-add') return;
    process.stdout.write('before-add\n');
    await hang();
  },
});
await jobs.enqueue(env('QUEUE'), 'start-membership', { paid: true }, { id: env('JOB_ID') });
process.stdout.write('after-add\n');
await hang();
