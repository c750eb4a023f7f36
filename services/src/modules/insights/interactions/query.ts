import type { InteractionSummaryQuery } from '@acpg/contracts/insights';
import type { Filter, Pipeline } from '../../../platform/documents/port.ts';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 24 * 60 * 60 * 1000;

/** created_at is stored as `toISOString()` (UTC, `Z`), so bounds are normalised the same way and compare as strings. */
const startOf = (value: string): string => (BARE_DATE.test(value) ? `${value}T00:00:00.000Z` : new Date(value).toISOString());

/** A bare date `to` includes that whole (UTC) day. */
const endBound = (value: string): Filter =>
  BARE_DATE.test(value)
    ? { $lt: new Date(Date.parse(`${value}T00:00:00.000Z`) + DAY).toISOString() }
    : { $lte: new Date(value).toISOString() };

export const interactionFilter = (query: InteractionSummaryQuery): Filter => {
  const filter: Filter = {};
  for (const field of ['page_name', 'button_name', 'interaction_type', 'user_id'] as const) {
    const value = query[field];
    if (value !== undefined) filter[field] = value;
  }
  if (query.from !== undefined || query.to !== undefined) {
    filter.created_at = {
      ...(query.from !== undefined ? { $gte: startOf(query.from) } : {}),
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
