import type { InteractionSummaryQuery } from '@acpg/contracts/insights';
import type { Filter, Pipeline } from '../../../platform/documents/port.ts';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 24 * 60 * 60 * 1000;

/**
 * created_at is stored as `toISOString()` (UTC, `Z`), so bounds are normalised the same way and compare as text. That
 * holds for the years 0000 to 9999 only (beyond, toISOString writes `+010000-…`, which sorts before every stored time),
 * so a bound past either end is clamped to it: `to=9999-12-31` reaches the end of the day it names, year 9999's last.
 */
const FIRST = Date.parse('0000-01-01T00:00:00.000Z');
const LAST = Date.parse('9999-12-31T23:59:59.999Z');
const iso = (ms: number): string => new Date(Math.min(Math.max(ms, FIRST), LAST)).toISOString();

const startMs = (value: string): number => Date.parse(BARE_DATE.test(value) ? `${value}T00:00:00.000Z` : value);

/** From this instant on; a bound after year 9999 matches nothing. */
const startBound = (value: string): Filter => (startMs(value) > LAST ? { $gt: iso(LAST) } : { $gte: iso(startMs(value)) });

/** Up to this instant; a bare date includes that whole (UTC) day; a bound after year 9999 matches everything. */
const endBound = (value: string): Filter => {
  const end = BARE_DATE.test(value) ? startMs(value) + DAY : startMs(value);
  if (end > LAST) return { $lte: iso(LAST) };
  if (end < FIRST) return { $lt: iso(FIRST) };
  return BARE_DATE.test(value) ? { $lt: iso(end) } : { $lte: iso(end) };
};

export const interactionFilter = (query: InteractionSummaryQuery): Filter => {
  const filter: Filter = {};
  for (const field of ['page_name', 'button_name', 'interaction_type', 'user_id'] as const) {
    const value = query[field];
    if (value !== undefined) filter[field] = value;
  }
  if (query.from !== undefined || query.to !== undefined) {
    filter.created_at = {
      ...(query.from !== undefined ? startBound(query.from) : {}),
      ...(query.to !== undefined ? endBound(query.to) : {}),
    };
  }
  return filter;
};

/** The time, then the id (UUIDv7, time-ordered; `listSort` adds it), break ties in the order asked. */
export const INTERACTION_TIE_BREAKERS = ['created_at'] as const;

/** Largest number of pages and buttons the summary lists (the busiest ones). */
export const SUMMARY_TOP = 100;

export const countsBy = (filter: Filter, field: 'page_name' | 'button_name'): Pipeline => [
  { $match: filter },
  { $group: { _id: `$${field}`, count: { $sum: 1 } } },
  { $sort: { count: -1, _id: 1 } },
  { $limit: SUMMARY_TOP },
];

/** Days are UTC: the first ten characters of the ISO `created_at`. */
export const countsByDay = (filter: Filter): Pipeline => [
  { $match: filter },
  { $group: { _id: { $substrCP: ['$created_at', 0, 10] }, count: { $sum: 1 } } },
  { $sort: { _id: 1 } },
];
