import type { Interaction } from '@acpg/contracts/insights';
import { matchesFilters, type InteractionFilters } from './interactions.ts';

/** Pushed rows kept at most (the newest): enough for any page, bounded for a screen left open for days. */
export const MAX_PUSHED = 200;

/** Adds a pushed row once (by id), newest first. */
export function addPushed(rows: readonly Interaction[], i: Interaction): readonly Interaction[] {
  if (rows.some((r) => r.id === i.id)) return rows;
  return [i, ...rows].slice(0, MAX_PUSHED);
}

/**
 * The pushed rows to prepend to a newest-first list answer: those the answer does not hold (by id), that are newer
 * than its newest row, and that the active filters take in. Rows pushed while the answer was loading are kept, so a
 * push that raced a reload is neither lost nor shown twice.
 */
export function freshPushed(pushed: readonly Interaction[], answer: readonly Interaction[], filters: InteractionFilters): Interaction[] {
  const ids = new Set(answer.map((r) => r.id));
  const newest = answer.reduce((max, r) => Math.max(max, Date.parse(r.created_at)), Number.NEGATIVE_INFINITY);
  return pushed.filter((r) => !ids.has(r.id) && Date.parse(r.created_at) > newest && matchesFilters(r, filters));
}

/**
 * Interactions pushed on top of one loaded total (a summary answer), counted once by id and without a cap. A newer
 * answer starts a new tally: it was computed after those pushes (and the screen reloads shortly after pushes).
 */
export interface Tally<B> {
  base: B | null;
  ids: readonly string[];
}

export const emptyTally = <B>(base: B | null): Tally<B> => ({ base, ids: [] });

/** The tally of `base`; one kept for an older answer does not count. */
export const tallyOf = <B>(t: Tally<B>, base: B | null): Tally<B> => (t.base === base ? t : emptyTally(base));

export function addToTally<B>(t: Tally<B>, base: B | null, id: string): Tally<B> {
  const current = tallyOf(t, base);
  return current.ids.includes(id) ? current : { base, ids: [...current.ids, id] };
}
