import { z } from 'zod';
import type { EventStore } from '../platform/event-store/port.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** 2026-02-30 is no day (Date.parse would roll it over or refuse it). */
const isRealDay = (value: string): boolean => {
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

/**
 * `--until`: a day (`YYYY-MM-DD`, the end of that day UTC: its last millisecond included) or an ISO 8601 instant with
 * its offset (`2026-03-01T12:00:00Z`, `2026-03-01T12:00:00-08:00`). Answers the instant in milliseconds.
 */
export const UntilDate = z
  .string()
  .refine((value) => (DAY.test(value) ? isRealDay(value) : z.iso.datetime({ offset: true }).safeParse(value).success), {
    message: '--until must be a day (YYYY-MM-DD, the end of that day UTC) or an ISO 8601 instant with its offset, such as 2026-03-01T12:00:00Z',
  })
  .transform((value, ctx) => {
    const ms = DAY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) + DAY_MS - 1 : Date.parse(value);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: `--until is not a real date: "${value}"` });
      return z.NEVER;
    }
    return ms;
  });

/**
 * The log as of `untilMs`: the position of the last event before the first one recorded (its `occurredAt`) after that
 * instant, 0 when none was. A prefix of the log, not every event with an earlier time: an event is never replayed
 * without the ones before it (a reaction's effect without its cause), even if a clock went back.
 */
export const positionAsOf = async (eventStore: EventStore, untilMs: number, batchSize = 5000): Promise<number> => {
  let after = 0;
  for (;;) {
    const batch = await eventStore.readAll({ after, limit: batchSize });
    for (const event of batch) {
      if (Date.parse(event.occurredAt) > untilMs) return after;
      after = event.position;
    }
    if (batch.length < batchSize) return after;
  }
};
