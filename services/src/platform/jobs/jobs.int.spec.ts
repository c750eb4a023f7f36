import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../../../test/engines.global-setup.ts';
import { openSqlite } from '../sqlite/open.ts';
import { createBullmqJobs, fromBullJobId, toBullJobId, toBullQueueName } from './bullmq.ts';
import { eventually, jobsContract } from './contract.ts';
import type { Jobs } from './port.ts';
import { createSqliteJobs } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'jobs-int-'));
const dbs: DatabaseSync[] = [];
afterAll(() => {
  for (const db of dbs) if (db.isOpen) db.close();
  rmSync(dir, { recursive: true, force: true });
});

let fileNo = 0;
const newFile = () => join(dir, `jobs-${(fileNo += 1)}.sqlite`);
const open = (file: string) => {
  const db = openSqlite(file);
  dbs.push(db);
  return db;
};

const dbOf = new WeakMap<Jobs, DatabaseSync>();
jobsContract(
  'sqlite',
  () => {
    const db = open(newFile());
    const jobs = createSqliteJobs(db, { pollMs: 200 });
    dbOf.set(jobs, db);
    return jobs;
  },
  async (jobs, queue, id) => {
    const row = dbOf.get(jobs)?.prepare('SELECT data FROM job_queue WHERE queue = ? AND id = ?').get(queue, id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as unknown) : undefined;
  },
);

const BULL_PREFIX = 'jobs-contract';
jobsContract(
  'bullmq',
  () => createBullmqJobs({ connection: inject('redisUrl'), prefix: BULL_PREFIX }),
  async (_jobs, queue, id) => {
    const connection = new Redis(inject('redisUrl'));
    const probe = new Queue(toBullQueueName(queue), { connection, prefix: BULL_PREFIX });
    try {
      const jobId = await probe.getDeduplicationJobId(toBullJobId(id));
      return jobId ? ((await probe.getJob(jobId))?.data as unknown) : undefined;
    } finally {
      await probe.close();
      await connection.quit();
    }
  },
);

describe('sqlite jobs: durability', () => {
  const opened: Jobs[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((jobs) => jobs.close()));
  });

  it('keeps an enqueued job across a restart and runs it after', async () => {
    const file = newFile();
    const db1 = open(file);
    const first = createSqliteJobs(db1);
    expect(await first.enqueue('mail', 'send', { to: 'a@example.com' }, { id: 'survivor' })).toBe(true);
    await first.close();
    db1.close();

    const second = createSqliteJobs(open(file), { pollMs: 100 });
    opened.push(second);
    const seen: unknown[] = [];
    await second.work('mail', async (job) => {
      seen.push(job.data);
    });
    await eventually('the job to run after the restart', () => seen.length === 1);
    expect(seen).toEqual([{ to: 'a@example.com' }]);
    expect(await second.enqueue('mail', 'send', {}, { id: 'survivor' })).toBe(false);
  });

  it('makes a job left active by a crash runnable again, counting the interrupted attempt', async () => {
    const file = newFile();
    const db1 = open(file);
    const first = createSqliteJobs(db1);
    await first.enqueue('mail', 'send', { n: 1 }, { id: 'interrupted', attempts: 3 });
    await first.enqueue('mail', 'send', { n: 2 }, { id: 'spent', attempts: 1 });
    // What a crash mid-run leaves behind: claimed rows, never settled.
    db1.exec(`UPDATE job_queue SET state = 'active', attempts_made = 1`);
    db1.close();

    const second = createSqliteJobs(open(file), { pollMs: 100 });
    opened.push(second);
    const seen: { id: string; attemptsMade: number }[] = [];
    await second.work('mail', async (job) => {
      seen.push({ id: job.id, attemptsMade: job.attemptsMade });
    });
    await eventually('the interrupted job to run again', () => seen.length === 1);
    expect(seen).toEqual([{ id: 'interrupted', attemptsMade: 1 }]);
    const dead = await second.deadLetters('mail');
    expect(dead).toMatchObject([{ id: 'spent', attemptsMade: 1, error: 'interrupted by a stop while running' }]);
  });

  it('erases at start the data of jobs completed before data was erased on completion', async () => {
    const file = newFile();
    const db1 = open(file);
    const first = createSqliteJobs(db1);
    await first.enqueue('mail', 'send', { to: '+15550001111', text: 'Your code is 424242' }, { id: 'old-done' });
    await first.enqueue('mail', 'send', { to: '+15550002222' }, { id: 'still-waiting' });
    await first.close();
    db1.exec(`UPDATE job_queue SET state = 'done' WHERE id = 'old-done'`); // what an older version left behind
    db1.close();

    const db2 = open(file);
    opened.push(createSqliteJobs(db2));
    const data = (id: string) => (db2.prepare('SELECT data FROM job_queue WHERE id = ?').get(id) as { data: string }).data;
    expect(data('old-done')).toBe('{}');
    expect(JSON.parse(data('still-waiting'))).toEqual({ to: '+15550002222' });
  });

  it('runs a job enqueued by another connection (found by polling)', async () => {
    const file = newFile();
    const jobs = createSqliteJobs(open(file), { pollMs: 50 });
    opened.push(jobs);
    const seen: string[] = [];
    await jobs.work('mail', async (job) => {
      seen.push(job.id);
    });
    const other = createSqliteJobs(open(file));
    opened.push(other);
    await other.enqueue('mail', 'send', {}, { id: 'from-elsewhere' });
    await eventually('the polled job', () => seen.length === 1);
    expect(seen).toEqual(['from-elsewhere']);
  });
});

describe('bullmq job id encoding', () => {
  it('is reversible and never integer-like nor contains ":"', () => {
    for (const id of ['42', 'a:b:c', '%3A', 'evt:%25:x', '']) {
      const encoded = toBullJobId(id);
      expect(encoded).not.toContain(':');
      expect(`${parseInt(encoded, 10)}`).not.toBe(encoded);
      expect(fromBullJobId(encoded)).toBe(id);
    }
    expect(toBullJobId('a:b')).not.toBe(toBullJobId('a%3Ab'));
  });
});
