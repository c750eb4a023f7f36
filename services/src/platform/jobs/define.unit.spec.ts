import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Platform } from '../module.ts';
import { defineJob } from './define.ts';
import { PermanentJobError } from './errors.ts';
import type { JobOptions, Jobs } from './port.ts';

const greeting = defineJob({ queue: 'greetings', name: 'greet', data: z.object({ to: z.string().min(1), times: z.number().int() }), attempts: 8, backoffMs: 500 });
const record = (data: unknown) => ({ id: 'j-1', queue: 'greetings', name: 'greet', data, attemptsMade: 0 });

describe('defineJob', () => {
  it('builds a reaction\'s job with the queue, name and retries, a key and a delay when asked, a site\'s retries first', () => {
    expect(greeting.job({ to: 'Jane', times: 2 })).toEqual({ queue: 'greetings', name: 'greet', data: { to: 'Jane', times: 2 }, attempts: 8, backoffMs: 500 });
    expect(greeting.job({ to: 'Jane', times: 2 }, { key: 'r-1', delayMs: 60, attempts: 3 })).toEqual({ queue: 'greetings', name: 'greet', data: { to: 'Jane', times: 2 }, attempts: 3, backoffMs: 500, key: 'r-1', delayMs: 60 });
    const bare = defineJob({ queue: 'q', name: 'n', data: z.object({}) });
    expect(bare.job({})).toEqual({ queue: 'q', name: 'n', data: {} });
  });

  it('enqueues on its queue with its retries and the caller\'s id', async () => {
    const calls: [string, string, unknown, JobOptions][] = [];
    const jobs = { enqueue: async (queue: string, name: string, data: unknown, options: JobOptions) => (calls.push([queue, name, data, options]), true) } as unknown as Jobs;
    expect(await greeting.enqueue({ jobs }, { to: 'Jane', times: 1 }, { id: 'evt-1', backoffMs: 10 })).toBe(true);
    expect(calls).toEqual([['greetings', 'greet', { to: 'Jane', times: 1 }, { id: 'evt-1', attempts: 8, backoffMs: 10 }]]);
  });

  it('hands the worker the parsed data, and refuses bad data for good without running it', async () => {
    const seen: unknown[] = [];
    const worker = greeting.worker(async (_platform, data, job) => void seen.push([data, job.id]), { concurrency: 3 });
    expect(worker).toMatchObject({ queue: 'greetings', concurrency: 3 });
    const run = worker.processor({ log: pino({ level: 'silent' }) } as Platform);
    await run(record({ to: 'Jane', times: 2, extra: true }));
    expect(seen).toEqual([[{ to: 'Jane', times: 2 }, 'j-1']]);
    const refused = run(record({ to: '', times: 1.5 }));
    await expect(refused).rejects.toBeInstanceOf(PermanentJobError);
    await expect(refused).rejects.toThrow(/^invalid greetings job: .*to/s);
    expect(seen).toHaveLength(1);
  });
});
