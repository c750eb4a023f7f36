import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../../../test/engines.global-setup.ts';
import { createBullmqJobs } from './bullmq.ts';
import { eventually } from './contract.ts';
import type { Jobs } from './port.ts';

const CHILD = fileURLToPath(new URL('../../../test/bullmq-enqueue-child.ts', import.meta.url));
const PREFIX = 'jobs-crash';

/** Runs the child until it prints `point`, then SIGKILLs it there. */
const killAt = async (point: 'before-add' | 'after-add', queue: string, id: string) => {
  const child = spawn(process.execPath, [CHILD], {
    env: { ...process.env, REDIS_URL: inject('redisUrl'), PREFIX, QUEUE: queue, JOB_ID: id, STOP_AT: point },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  try {
    await eventually(`the child to reach ${point}`, () => out.includes(`${point}\n`), 20_000);
  } finally {
    child.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
};

/**
 * Issue 20 item 9: a process killed between taking a job's id and adding the job must not lose the job (a paid
 * membership that never starts) nor run it twice: after the restart the caller's retry adds it once.
 */
describe('bullmq jobs: a kill during enqueue', () => {
  const opened: Jobs[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
  });

  const restartAndRun = async (queue: string, id: string) => {
    const jobs = createBullmqJobs({ connection: inject('redisUrl'), prefix: PREFIX });
    opened.push(jobs);
    const added = await jobs.enqueue(queue, 'start-membership', { paid: true }, { id }); // the caller's retry
    const runs: string[] = [];
    await jobs.work(queue, async (job) => {
      runs.push(job.id);
    });
    await eventually('the job to run', () => runs.includes(id));
    expect(await jobs.enqueue(queue, 'start-membership', { paid: true }, { id })).toBe(false);
    expect(await jobs.enqueue(queue, 'x', {}, { id: 'sentinel' })).toBe(true);
    await eventually('the sentinel to run', () => runs.includes('sentinel'));
    expect(runs).toEqual([id, 'sentinel']);
    return added;
  };

  it('runs the job exactly once when the process dies just before the add', async () => {
    const queue = `q-${randomUUID()}`;
    await killAt('before-add', queue, 'membership-paid:1');
    expect(await restartAndRun(queue, 'membership-paid:1')).toBe(true);
  }, 30_000);

  it('runs the job exactly once when the process dies right after the add', async () => {
    const queue = `q-${randomUUID()}`;
    await killAt('after-add', queue, 'membership-paid:2');
    expect(await restartAndRun(queue, 'membership-paid:2')).toBe(false);
  }, 30_000);

  it('lets a job id expire after its retention (the id records are bounded)', async () => {
    const jobs = createBullmqJobs({ connection: inject('redisUrl'), prefix: PREFIX, idRetentionMs: 200 });
    opened.push(jobs);
    const queue = `q-${randomUUID()}`;
    const runs: string[] = [];
    await jobs.work(queue, async (job) => {
      runs.push(job.id);
    });
    expect(await jobs.enqueue(queue, 'x', {}, { id: 'short' })).toBe(true);
    expect(await jobs.enqueue(queue, 'x', {}, { id: 'short' })).toBe(false);
    await eventually('the job to run', () => runs.length === 1);
    // The record expires on its own: nothing is left for this id once the retention passed.
    await eventually('the id record to expire', async () => (await jobs.enqueue(queue, 'x', {}, { id: 'short' })) === true, 5_000);
    await eventually('the second job to run', () => runs.length === 2);
  }, 30_000);
});
