import { z } from 'zod';
import { PermanentJobError } from '../jobs/errors.ts';
import type { JobProcessor } from '../jobs/port.ts';
import type { Platform } from '../module.ts';
import type { Schedule } from './port.ts';

/** The queue of every schedule's slot jobs (worked on the worker role). */
export const SCHEDULES_QUEUE = 'platform-schedules';
/** How often a worker looks at the clock; a slot shorter than this still runs once per slot. */
export const SCHEDULES_POLL_MS = 1000;

export const slotStart = (schedule: Pick<Schedule, 'everyMs'>, now: Date): number => Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs;
export const slotJobId = (schedule: Pick<Schedule, 'name'>, startMs: number) => `schedule:${schedule.name}:${new Date(startMs).toISOString()}`;

const SlotJob = z.object({ schedule: z.string(), at: z.iso.datetime() });

const checkNames = (schedules: readonly Schedule[]) => {
  const names = schedules.map((s) => s.name);
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) throw new Error(`Schedule names must be unique; repeated: ${[...new Set(repeated)].join(', ')}`);
  for (const s of schedules) if (!(Number.isInteger(s.everyMs) && s.everyMs > 0)) throw new Error(`Schedule ${s.name}: everyMs must be a positive integer`);
};

/**
 * One look at the clock (`platform.clock()`): for each schedule, the job of the current slot (at once) and of the next
 * one (delayed until it starts). Ids are the slots, so every worker may tick: each slot's job is enqueued once.
 */
export const tickSchedules = async (platform: Pick<Platform, 'jobs' | 'clock'>, schedules: readonly Schedule[]): Promise<void> => {
  const now = platform.clock();
  for (const schedule of schedules) {
    const current = slotStart(schedule, now);
    const next = current + schedule.everyMs;
    await platform.jobs.enqueue(SCHEDULES_QUEUE, schedule.name, { schedule: schedule.name, at: new Date(current).toISOString() }, { id: slotJobId(schedule, current), attempts: 3, backoffMs: 1000 });
    await platform.jobs.enqueue(SCHEDULES_QUEUE, schedule.name, { schedule: schedule.name, at: new Date(next).toISOString() }, {
      id: slotJobId(schedule, next),
      attempts: 3,
      backoffMs: 1000,
      delayMs: Math.max(0, next - now.getTime()),
    });
  }
};

/** The worker of SCHEDULES_QUEUE: runs the slot's schedule (an unknown name is dead-lettered). */
export const scheduleWorker =
  (platform: Platform, schedules: readonly Schedule[]): JobProcessor =>
  async (job) => {
    const data = SlotJob.safeParse(job.data);
    if (!data.success) throw new PermanentJobError(`not a schedule job: ${z.prettifyError(data.error)}`);
    const schedule = schedules.find((s) => s.name === data.data.schedule);
    if (!schedule) throw new PermanentJobError(`no schedule named ${data.data.schedule}`);
    await schedule.run(platform, { at: new Date(data.data.at) });
  };

/**
 * On the worker role: works SCHEDULES_QUEUE and ticks every `pollMs`. A failed tick (the queue's engine away) is
 * logged and tried again at the next one. Answers how to stop.
 */
export const startSchedules = async (platform: Platform, schedules: readonly Schedule[], { pollMs = SCHEDULES_POLL_MS } = {}): Promise<{ stop(): Promise<void> }> => {
  checkNames(schedules);
  if (schedules.length === 0) return { stop: async () => {} };
  const worker = await platform.jobs.work(SCHEDULES_QUEUE, scheduleWorker(platform, schedules), { concurrency: 1 });
  let ticking: Promise<void> = Promise.resolve();
  const tick = () => {
    ticking = tickSchedules(platform, schedules).catch((error: unknown) => platform.log.warn({ err: error }, 'schedules: tick failed; trying again at the next'));
  };
  tick();
  const timer = setInterval(tick, pollMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await ticking;
      await worker.close();
    },
  };
};
