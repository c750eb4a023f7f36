/** A row as live views see it: a read-model row with the stream version and global log position it reflects. */
export interface Versioned {
  id: string;
  version: number;
  position: number;
}

/** Per id keep the row with the higher version: an older push never replaces a newer read (or push). */
export function keepNewer<T extends Versioned>(rows: readonly T[], row: T): readonly T[] {
  const at = rows.findIndex((r) => r.id === row.id);
  if (at < 0) return rows;
  const current = rows[at]!;
  if (row.version <= current.version) return rows;
  return rows.map((r, i) => (i === at ? row : r));
}

/** One entity shown (an order, a payment): a push of the same one replaces it only with a higher version. */
export function newerOf<T extends { version: number }>(shown: T, push: T, same: (shown: T, push: T) => boolean): T {
  return same(shown, push) && push.version > shown.version ? push : shown;
}

/** The highest position among rows (0 for none): what a newest-first read reflects at least. */
export const highestPosition = (rows: readonly Versioned[]): number => rows.reduce((max, r) => Math.max(max, r.position), 0);

/**
 * A newest-first page (page 1 of a list sorted by creation, newest first) with one push applied:
 * a row it holds is replaced only by a higher version; a row it lacks is added on top only when its position is above
 * every row the page holds (older rows would have been in the read) and `accepts` it (the active filters).
 */
export function mergeNewestFirst<T extends Versioned>(
  page: { items: readonly T[]; total: number },
  row: T,
  pageSize: number,
  accepts: (row: T) => boolean = () => true,
): { items: T[]; total: number; added: boolean } {
  if (page.items.some((r) => r.id === row.id)) return { items: [...keepNewer(page.items, row)], total: page.total, added: false };
  if (!accepts(row) || row.position <= highestPosition(page.items)) return { items: [...page.items], total: page.total, added: false };
  return { items: [row, ...page.items].slice(0, pageSize), total: page.total + 1, added: true };
}

/**
 * A count read at `position` plus the pushes counted on top of it, each once: only pushes whose position is above the
 * read's count (the read holds the others). The ids counted live in one Set per read, shared along its chain of
 * applies (O(1) a push however many arrive); a live view never applies two pushes to the same older count, so the
 * chain never branches. `counted` is how many were added.
 */
export interface LiveCount {
  readonly position: number;
  readonly counted: number;
  readonly seen: ReadonlySet<string>;
}

export const countFrom = (position: number): LiveCount => ({ position, counted: 0, seen: new Set() });

/** Whether a push adds to the count, and the count that remembers it. */
export function countPush(count: LiveCount, push: Versioned): { count: LiveCount; adds: boolean } {
  if (push.position <= count.position || count.seen.has(push.id)) return { count, adds: false };
  (count.seen as Set<string>).add(push.id);
  return { count: { position: count.position, counted: count.counted + 1, seen: count.seen }, adds: true };
}

/** One page of a live list: the rows as read and pushed, the total, and whether the page must be read again. */
export interface LivePage<R> {
  items: R[];
  total: number;
  /** A row was created that this page cannot place (its order is not creation): the list reads again. */
  stale: boolean;
}

export interface ListPushRules<R> {
  /** Page 1 of a list sorted newest first: a new row that the filters accept goes on top. */
  newestFirst: boolean;
  pageSize: number;
  /** Whether a pushed row belongs in the list as filtered (the server applies the same rules on the next read). */
  accepts: (row: R) => boolean;
  /** A row's creation time (ISO): a row created before the newest shown is not new (an update of another page's row). */
  createdAt?: (row: R) => string;
  /** A row created since the read (version 1, not on the page) has the list read again, whatever its order. */
  readAgainOnNew: boolean;
  /**
   * The list is narrowed by what only the server can tell (a search by the customer's name or email): a new row that
   * `accepts` lets through has the page read again (stale) instead of placed, and the server says whether it matches.
   */
  searched?: boolean;
}

/**
 * One push on a live list page. A row on the page is replaced only by a higher version; a row the page lacks is added
 * on top of a newest-first page when it is newer than every row shown and the filters accept it (a searched page reads
 * again instead: the server knows what the search matches), or marks the page stale when the list reads again on new
 * rows; anything else waits for the next read. Unchanged: the same page back.
 */
export function applyListPush<R extends Versioned, P extends LivePage<R> = LivePage<R>>(page: P, row: R, rules: ListPushRules<R>): P {
  if (page.items.some((r) => r.id === row.id)) {
    const items = keepNewer(page.items, row);
    return items === page.items ? page : { ...page, items: [...items] };
  }
  if (rules.readAgainOnNew && row.version === 1) return page.stale ? page : { ...page, stale: true };
  if (!rules.newestFirst) return page;
  const { createdAt } = rules;
  const newest = createdAt && page.items[0] ? createdAt(page.items[0]) : '';
  const isNew = (r: R) => rules.accepts(r) && (!createdAt || createdAt(r) >= newest);
  if (rules.searched) return isNew(row) && row.position > highestPosition(page.items) && !page.stale ? { ...page, stale: true } : page;
  const merged = mergeNewestFirst(page, row, rules.pageSize, isNew);
  return merged.added ? { ...page, items: merged.items, total: merged.total } : page;
}

/** A list page read with a count beside it (a summary, read first): what the count holds, and the rows it counted that the page could not place. */
export interface CountedPage<R, X> extends LivePage<R> {
  along: X;
  /** Rows created since the read that this page does not show (not the newest first): offered as "show newest". */
  missed: number;
}

/** Counts one pushed row into what is kept beside a list; `counted` false when the read already held it (lib/live-merge.ts countPush). */
export type CountAlong<X, R> = (along: X, row: R) => { along: X; counted: boolean };

/**
 * One push on a list page kept with a count beside it. A row the filters refuse changes nothing; a searched list reads
 * again for a row new since the read. Otherwise the count
 * takes it (once), and the row is placed as applyListPush places it; a row the count takes as new that a page not
 * showing the newest first cannot place adds to the total and to `missed`.
 */
export function applyCountedPush<R extends Versioned, X>(page: CountedPage<R, X>, row: R, rules: ListPushRules<R>, count: CountAlong<X, R>): CountedPage<R, X> {
  if (!rules.accepts(row)) return page;
  const { along, counted } = count(page.along, row);
  // Searched: whether a row new since the read matches only the server says; the list and its count are read again.
  if (rules.searched && counted && !page.items.some((r) => r.id === row.id)) return page.stale ? page : { ...page, stale: true };
  if (counted && !rules.newestFirst && !page.items.some((r) => r.id === row.id)) return { ...page, along, total: page.total + 1, missed: page.missed + 1 };
  const placed = applyListPush(page, row, rules);
  return along === page.along ? placed : { ...placed, along };
}
