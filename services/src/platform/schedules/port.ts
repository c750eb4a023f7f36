import type { Platform } from '../module.ts';

/**
 * Work a module does on the clock (renewals due, reservations abandoned): every `everyMs`, one job per slot. The slot
 * is `floor(now / everyMs)`: the job id `schedule:<name>:<slot start>` makes it run once per slot however many worker
 * processes tick. `run` must be idempotent (a slot's job may be retried) and read the time from `platform.clock()`.
 */
export interface Schedule {
  /** Unique across modules, `<module>.<what>`. */
  name: string;
  everyMs: number;
  run(platform: Platform, slot: { at: Date }): Promise<void>;
}
