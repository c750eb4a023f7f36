import type { Filter } from './port.ts';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
export const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A list's from/to days (YYYY-MM-DD, UTC) on an ISO time field: on or after `from`, before the day after `to`
 * (ISO times compare as text). No bound, no filter.
 */
export const daysFilter = (field: string, q: { from?: string | undefined; to?: string | undefined }): Filter =>
  q.from || q.to ? { [field]: { ...(q.from ? { $gte: `${q.from}T00:00:00.000Z` } : {}), ...(q.to ? { $lt: nextDay(q.to) } : {}) } } : {};

/** Words typed in a list's search box, matched anywhere in the row's lower-case `search_text`. */
export const searchFilter = (q: string | undefined): Filter => (q ? { search_text: { $regex: escapeRegex(q.toLowerCase()) } } : {});
