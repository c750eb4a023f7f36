import type { Doc, Filter, Sort } from '../documents/port.ts';
import type { Platform } from '../module.ts';

const PAGE = 200;

/** What a schedule walks: the read model's rows that are due, in a total order, and how a row that fails is logged. */
export interface Sweep {
  collection: string;
  filter: Filter;
  /** Ends with `_id`, so pages never overlap or skip. */
  sort: Sort;
  /** The log's name for a row's id (`membershipId`). */
  idName: string;
  /** The log's sentence when one row fails. */
  failed: string;
}

/**
 * Runs `each` on every row `sweep` finds (the read model finds them, a page at a time; the row's stream decides) and
 * answers the sum of what `each` answers (the events it appended). A row that fails is logged and left for the next
 * run: one that cannot be done must not hold up the others.
 */
export const sweepDue = async (platform: Pick<Platform, 'documents' | 'log'>, sweep: Sweep, each: (doc: Doc) => Promise<number>): Promise<number> => {
  let done = 0;
  for (let skip = 0; ; skip += PAGE) {
    const due = await platform.documents.find(sweep.collection, sweep.filter, { sort: sweep.sort, skip, limit: PAGE });
    for (const doc of due) {
      try {
        done += await each(doc);
      } catch (error) {
        platform.log.error({ err: error, [sweep.idName]: doc._id }, sweep.failed);
      }
    }
    if (due.length < PAGE) return done;
  }
};
