import { describe, expect, it } from 'vitest';
import type { JobOptions, JobProcessor, Jobs } from '../jobs/port.ts';
import type { Platform } from '../module.ts';
import type { Schedule } from './port.ts';
import { SCHEDULES_QUEUE, scheduleWorker, slotJobId, tickSchedules } from './start.ts';

/** Jobs that keep what was enqueued and ignore a repeated id, as the adapters do. */
const recordingJobs = () => {
  const enqueued: { name: string; data: unknown; options: JobOptions }[] = [];
  const jobs: Jobs = {
    enqueue: async (queue, name, data, options) => {
      expect(queue).toBe(SCHEDULES_QUEUE);
      if (enqueued.some((j) => j.options.id === options.id)) return false;
      enqueued.push({ name, data, options });
      return true;
    },
    work: async () => ({ close: async () => {} }),
    deadLetters: async () => [],
    counts: async () => ({ waiting: 0, delayed: 0, active: 0, dead: 0 }),
    list: async () => ({ items: [], total: 0 }),
    job: async () => null,
    retryDead: async () => 'not_found',
    discardDead: async () => 'not_found',
    close: async () => {},
  };
  return { jobs, enqueued };
};

const every5Minutes: Schedule = { name: 'test.every-5', everyMs: 300_000, run: async () => {} };

describe('platform schedules', () => {
  it('a tick enqueues the current slot at once and the next one delayed until it starts; ticks in one slot add nothing', async () => {
    const { jobs, enqueued } = recordingJobs();
    let now = Date.parse('2026-11-23T10:02:30.000Z');
    const platform = { jobs, clock: () => new Date(now) };
    await tickSchedules(platform, [every5Minutes]);
    now += 60_000;
    await tickSchedules(platform, [every5Minutes]); // two workers, or the next poll: the same slots
    expect(enqueued.map((j) => [j.options.id, j.options.delayMs ?? 0])).toEqual([
      ['schedule:test.every-5:2026-11-23T10:00:00.000Z', 0],
      ['schedule:test.every-5:2026-11-23T10:05:00.000Z', 150_000],
    ]);
    now = Date.parse('2026-11-23T10:05:00.000Z');
    await tickSchedules(platform, [every5Minutes]);
    expect(enqueued.map((j) => j.options.id).at(-1)).toBe(slotJobId(every5Minutes, Date.parse('2026-11-23T10:10:00.000Z')));
    expect(enqueued).toHaveLength(3);
  });

  it('the worker runs the named schedule with its slot, and dead-letters an unknown name', async () => {
    const ran: string[] = [];
    const schedule: Schedule = { ...every5Minutes, run: async (_platform, slot) => void ran.push(slot.at.toISOString()) };
    const work: JobProcessor = scheduleWorker({} as Platform, [schedule]);
    await work({ id: 'x', queue: SCHEDULES_QUEUE, name: schedule.name, data: { schedule: schedule.name, at: '2026-11-23T10:05:00.000Z' }, attemptsMade: 0 });
    expect(ran).toEqual(['2026-11-23T10:05:00.000Z']);
    await expect(work({ id: 'y', queue: SCHEDULES_QUEUE, name: 'nope', data: { schedule: 'nope', at: '2026-11-23T10:05:00.000Z' }, attemptsMade: 0 })).rejects.toThrow('no schedule named nope');
  });
});
