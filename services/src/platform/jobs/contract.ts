import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Jobs, JobRecord } from './port.ts';
import { PermanentJobError } from './errors.ts';

/** Polls until `check` holds (or returns a value), failing with `what` after the deadline. */
export const eventually = async <T>(what: string, check: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> => {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

/**
 * What the adapter's engine still holds of a job's data (undefined when nothing): the port has no read of a job,
 * so each adapter's spec looks into its own engine.
 */
export type StoredJobData = (jobs: Jobs, queue: string, id: string) => Promise<unknown>;

/** The jobs port's behaviour, run against every adapter. */
export const jobsContract = (name: string, make: () => Jobs | Promise<Jobs>, storedData: StoredJobData) => {
  describe(`jobs contract: ${name}`, () => {
    const open: Jobs[] = [];
    const fresh = async () => {
      const jobs = await make();
      open.push(jobs);
      return jobs;
    };
    const queueName = () => `q-${randomUUID()}`;

    afterEach(async () => {
      await Promise.all(open.splice(0).map((jobs) => jobs.close()));
    });

    it('runs a job with its id, name and data', async () => {
      const jobs = await fresh();
      const queue = queueName();
      const seen: JobRecord[] = [];
      await jobs.work(queue, async (job) => {
        seen.push(job);
      });
      // ':' and integer-looking ids are legal on the port (BullMQ forbids both in its own ids).
      expect(await jobs.enqueue(queue, 'send-email', { to: 'a@example.com', n: 1 }, { id: 'evt:0190:email' })).toBe(true);
      expect(await jobs.enqueue(queue, 'send-sms', { to: '+15550001111' }, { id: '42' })).toBe(true);
      await eventually('both jobs to run', () => seen.length === 2);
      const byId = Object.fromEntries(seen.map((job) => [job.id, job]));
      expect(byId['evt:0190:email']).toMatchObject({ queue, name: 'send-email', data: { to: 'a@example.com', n: 1 }, attemptsMade: 0 });
      expect(byId['42']).toMatchObject({ queue, name: 'send-sms', data: { to: '+15550001111' } });
      expect(await jobs.deadLetters(queue)).toEqual([]);
    });

    it('ignores a duplicate id, before and after the first one ran', async () => {
      const jobs = await fresh();
      const queue = queueName();
      const runs: string[] = [];
      expect(await jobs.enqueue(queue, 'x', { v: 1 }, { id: 'dup' })).toBe(true);
      expect(await jobs.enqueue(queue, 'x', { v: 2 }, { id: 'dup' })).toBe(false);
      await jobs.work(queue, async (job) => {
        runs.push(`${job.id}:${(job.data as { v: number }).v}`);
      });
      await eventually('the first job to run', () => runs.includes('dup:1'));
      expect(await jobs.enqueue(queue, 'x', { v: 3 }, { id: 'dup' })).toBe(false);
      // A job enqueued after the duplicates runs after them (one worker, FIFO): once it ran, they would have too.
      expect(await jobs.enqueue(queue, 'x', { v: 9 }, { id: 'sentinel' })).toBe(true);
      await eventually('the sentinel to run', () => runs.includes('sentinel:9'));
      expect(runs).toEqual(['dup:1', 'sentinel:9']);
    });

    it('erases a job\'s data once it completed (no code or phone number at rest), and still ignores its id', async () => {
      const jobs = await fresh();
      const queue = queueName();
      const secret = { channel: 'sms', to: '+15550001111', text: 'Your code is 424242' };
      expect(await jobs.enqueue(queue, 'send', secret, { id: 'otp-1' })).toBe(true);
      // The probe sees the data while the job waits (so its answer below means something).
      expect(JSON.stringify(await storedData(jobs, queue, 'otp-1'))).toContain('424242');
      let ran = false;
      await jobs.work(queue, async () => {
        ran = true;
      });
      await eventually('the job to run', () => ran);
      await eventually('the completed job\'s data to be erased', async () => {
        const held = JSON.stringify((await storedData(jobs, queue, 'otp-1')) ?? null);
        return !held.includes('424242') && !held.includes('+15550001111');
      });
      expect(await jobs.enqueue(queue, 'send', secret, { id: 'otp-1' })).toBe(false);
    });

    it('does not run a delayed job before its delay', async () => {
      const jobs = await fresh();
      const queue = queueName();
      const ranAt = new Map<string, number>();
      await jobs.work(queue, async (job) => {
        ranAt.set(job.id, Date.now());
      }, { concurrency: 2 });
      const enqueuedAt = Date.now();
      await jobs.enqueue(queue, 'later', {}, { id: 'delayed', delayMs: 400 });
      await jobs.enqueue(queue, 'now', {}, { id: 'immediate' });
      await eventually('the immediate job', () => ranAt.has('immediate'));
      expect(ranAt.has('delayed')).toBe(false);
      const at = await eventually('the delayed job', () => ranAt.get('delayed'));
      expect(at - enqueuedAt).toBeGreaterThanOrEqual(400 - 5); // 5 ms: clock granularity between Redis and Node
    });

    it('retries a failing job with exponential backoff, then dead-letters it with its last error', async () => {
      const jobs = await fresh();
      const queue = queueName();
      const attempts: { at: number; attemptsMade: number }[] = [];
      await jobs.work(queue, async (job) => {
        attempts.push({ at: Date.now(), attemptsMade: job.attemptsMade });
        throw new Error(`boom ${attempts.length}`);
      });
      await jobs.enqueue(queue, 'flaky', { k: 'v' }, { id: 'fails', attempts: 3, backoffMs: 60 });
      const dead = await eventually('the dead letter', async () => {
        const letters = await jobs.deadLetters(queue);
        return letters.length > 0 ? letters : undefined;
      });
      expect(attempts.map((a) => a.attemptsMade)).toEqual([0, 1, 2]);
      const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
      expect(second - first).toBeGreaterThanOrEqual(60 - 5); // base * 2^0
      expect(third - second).toBeGreaterThanOrEqual(120 - 5); // base * 2^1
      expect(dead).toHaveLength(1);
      expect(dead[0]).toMatchObject({ id: 'fails', queue, name: 'flaky', data: { k: 'v' }, attemptsMade: 3, error: 'boom 3' });
      expect(Number.isNaN(Date.parse(dead[0]?.failedAt ?? ''))).toBe(false);
    });

    it('recovers: a job that fails once then succeeds is not dead-lettered', async () => {
      const jobs = await fresh();
      const queue = queueName();
      let calls = 0;
      let done = false;
      await jobs.work(queue, async () => {
        calls += 1;
        if (calls === 1) throw new Error('transient');
        done = true;
      });
      await jobs.enqueue(queue, 'once-flaky', {}, { id: 'j1', attempts: 3, backoffMs: 20 });
      await eventually('the second attempt to succeed', () => done);
      expect(calls).toBe(2);
      expect(await jobs.deadLetters(queue)).toEqual([]);
    });

    it('dead-letters at once a job whose processor throws PermanentJobError', async () => {
      const jobs = await fresh();
      const queue = queueName();
      let calls = 0;
      await jobs.work(queue, async () => {
        calls += 1;
        throw new PermanentJobError('invalid data: to is not an email');
      });
      await jobs.enqueue(queue, 'bad', { to: 'nope' }, { id: 'bad-1', attempts: 5, backoffMs: 10 });
      const dead = await eventually('the dead letter', async () => {
        const letters = await jobs.deadLetters(queue);
        return letters.length > 0 ? letters : undefined;
      });
      expect(calls).toBe(1);
      expect(dead[0]).toMatchObject({ id: 'bad-1', attemptsMade: 1, error: 'invalid data: to is not an email' });
    });

    it('counts a queue\'s jobs by state: waiting, delayed, active, dead; nothing once it has drained', async () => {
      const jobs = await fresh();
      const queue = queueName();
      expect(await jobs.counts(queue)).toEqual({ waiting: 0, delayed: 0, active: 0, dead: 0 });
      await jobs.enqueue(queue, 'now', {}, { id: 'now-1' });
      await jobs.enqueue(queue, 'now', {}, { id: 'now-2' });
      await jobs.enqueue(queue, 'later', {}, { id: 'later-1', delayMs: 60_000 });
      await jobs.enqueue(queue, 'bad', {}, { id: 'bad-1' });
      expect(await jobs.counts(queue)).toEqual({ waiting: 3, delayed: 1, active: 0, dead: 0 });
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await jobs.work(queue, async (job) => {
        if (job.name === 'bad') throw new PermanentJobError('refused');
        if (job.id === 'now-1') await held;
      }, { concurrency: 3 });
      try {
        await eventually('one active, one done, one dead', async () => {
          const c = await jobs.counts(queue);
          return c.active === 1 && c.waiting === 0 && c.dead === 1 ? c : undefined;
        });
      } finally {
        release();
      }
      await eventually('drained but the delayed one', async () => {
        const c = await jobs.counts(queue);
        return c.active === 0 && c.waiting === 0 ? c : undefined;
      });
      expect(await jobs.counts(queue)).toEqual({ waiting: 0, delayed: 1, active: 0, dead: 1 });
    });

    it('lists a queue\'s jobs by state with paging, and reads one job with its data', async () => {
      const jobs = await fresh();
      const queue = queueName();
      for (const n of [1, 2, 3]) await jobs.enqueue(queue, 'now', { n }, { id: `w${n}` });
      await jobs.enqueue(queue, 'later', { n: 9 }, { id: 'd1', delayMs: 60_000 });
      const first = await jobs.list(queue, 'waiting', { offset: 0, limit: 2 });
      expect(first.total).toBe(3);
      expect(first.items.map((job) => job.id)).toEqual(['w1', 'w2']);
      expect(first.items[0]).toMatchObject({ queue, name: 'now', state: 'waiting', attemptsMade: 0, failedAt: null });
      expect((await jobs.list(queue, 'waiting', { offset: 2, limit: 2 })).items.map((job) => job.id)).toEqual(['w3']);
      const delayed = await jobs.list(queue, 'delayed', { offset: 0, limit: 10 });
      expect(delayed).toMatchObject({ total: 1, items: [{ id: 'd1', state: 'delayed' }] });
      expect(Date.parse(delayed.items[0]?.runAt ?? '') - Date.now()).toBeGreaterThan(50_000);
      expect(await jobs.list(queue, 'dead', { offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
      expect(await jobs.job(queue, 'w2')).toMatchObject({ id: 'w2', state: 'waiting', data: { n: 2 } });
      expect(await jobs.job(queue, 'nope')).toBeNull();
    });

    it('retries a dead job (attempts reset, it runs again) and discards one; refuses a job that is not dead', async () => {
      const jobs = await fresh();
      const queue = queueName();
      let healthy = false;
      const runs: { id: string; attemptsMade: number }[] = [];
      const held = gate();
      await jobs.work(queue, async (job) => {
        if (job.id === 'busy') return held.opened;
        runs.push({ id: job.id, attemptsMade: job.attemptsMade });
        if (!healthy) throw new Error('smtp down');
      }, { concurrency: 2 });
      await jobs.enqueue(queue, 'send', { to: 'a' }, { id: 'dead-1', attempts: 2, backoffMs: 10 });
      await jobs.enqueue(queue, 'send', { to: 'b' }, { id: 'dead-2', attempts: 1 });
      await eventually('two dead jobs', async () => (await jobs.counts(queue)).dead === 2);
      const dead = await jobs.list(queue, 'dead', { offset: 0, limit: 10 });
      expect(dead.total).toBe(2);
      expect(dead.items.find((job) => job.id === 'dead-1')).toMatchObject({ state: 'dead', attemptsMade: 2, error: 'smtp down' });
      expect(await jobs.job(queue, 'dead-1')).toMatchObject({ state: 'dead', data: { to: 'a' }, error: 'smtp down' });

      await jobs.enqueue(queue, 'slow', {}, { id: 'busy' });
      await eventually('the busy job to run', async () => (await jobs.counts(queue)).active === 1);
      expect(await jobs.retryDead(queue, 'busy')).toBe('not_dead');
      expect(await jobs.discardDead(queue, 'busy')).toBe('not_dead');
      expect(await jobs.retryDead(queue, 'unknown')).toBe('not_found');
      held.open();

      healthy = true;
      runs.length = 0;
      expect(await jobs.retryDead(queue, 'dead-1')).toBe('done');
      await eventually('the retried job to run', () => runs.some((run) => run.id === 'dead-1'));
      expect(runs.find((run) => run.id === 'dead-1')?.attemptsMade).toBe(0);
      await eventually('the retried job to complete', async () => (await jobs.job(queue, 'dead-1')) === null);
      expect(await jobs.retryDead(queue, 'dead-1')).toBe('not_found');

      expect(await jobs.discardDead(queue, 'dead-2')).toBe('done');
      expect(await jobs.job(queue, 'dead-2')).toBeNull();
      expect(await jobs.discardDead(queue, 'dead-2')).toBe('not_found');
      expect(await jobs.enqueue(queue, 'send', { to: 'b' }, { id: 'dead-2' })).toBe(false); // its id stays taken
      expect(await jobs.counts(queue)).toMatchObject({ dead: 0 });
      expect(JSON.stringify((await storedData(jobs, queue, 'dead-2')) ?? null)).not.toContain('"b"');
    });

    it('runs at most N jobs at once with concurrency N, and does use N', async () => {
      const jobs = await fresh();
      const queue = queueName();
      const release = gate();
      let inFlight = 0;
      let maxInFlight = 0;
      let finished = 0;
      await jobs.work(queue, async () => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await release.opened;
        inFlight -= 1;
        finished += 1;
      }, { concurrency: 3 });
      for (let i = 0; i < 7; i += 1) await jobs.enqueue(queue, 'slow', { i }, { id: `c${i}` });
      await eventually('three jobs in flight', () => inFlight === 3);
      release.open();
      await eventually('all seven jobs', () => finished === 7);
      expect(maxInFlight).toBe(3);
    });

    it('close() waits for the jobs in hand', async () => {
      const jobs = await fresh();
      const queue = queueName();
      const release = gate();
      let started = false;
      let finished = false;
      await jobs.work(queue, async () => {
        started = true;
        await release.opened;
        finished = true;
      });
      await jobs.enqueue(queue, 'slow', {}, { id: 'in-hand' });
      await eventually('the job to start', () => started);
      let closed = false;
      const closing = jobs.close().then(() => {
        closed = true;
      });
      // A grace period that gives a close which does not wait the chance to return (not a wait for a state).
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(closed).toBe(false);
      release.open();
      await closing;
      expect(finished).toBe(true);
    });
  });
};
