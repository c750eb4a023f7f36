import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { Page } from '@acpg/contracts/http';
import type { Result } from './http.ts';
import { useLive, type UseLive } from './live.ts';
import { applyCountedPush, applyListPush, type CountAlong, type CountedPage, type LivePage, type Versioned } from './live-merge.ts';
import type { Filters, ListQuery, PagedList, PagedListState } from './paged-list.ts';
import { session } from './session.ts';

export interface LiveListOptions<V, R extends Versioned, S extends string, F extends string, X = undefined> {
  list: PagedListState<S, F>;
  /** The server message carrying one row (a read-model view). */
  messages: readonly string[];
  /** Entity room to join; none for role-wide pushes (Super Admins). */
  entity?: string | undefined;
  /**
   * A member's own list: joins the signed-in account's room (`account:<id>`), and reads again for another account. With
   * `entity` too (a Provider Admin's list: its provider's users' rows and its own), it follows both rooms.
   */
  mine?: boolean;
  fetchPage: (query: ListQuery<S, F>, signal: AbortSignal) => Promise<Result<Page<V>>>;
  toRow: (view: V) => R;
  /** A list ordered by creation: its sort field, and a row's creation time (ISO); page 1 newest first takes new rows on top. */
  created?: { sort: S; at: (row: R) => string };
  /** A list in another order (by name): a row created since the read has the list read again. */
  readAgainOnNew?: boolean;
  /**
   * Whether a pushed row belongs in the list as filtered (the server applies the same rules on the next read). It is
   * given the filters without the search (`searchKey`): only the server tells what a search matches (a customer's name
   * or email), so a searched list reads again for a new row these filters let through, and stays live.
   */
  accepts?: (row: R, filters: Filters<F>) => boolean;
  /** The list's search box filter (default `q`): answered by the server only. */
  searchKey?: F;
  /** What else the read depends on (admin or not, the user). */
  deps?: readonly unknown[];
  /**
   * What is kept beside the list (a summary for charts and totals): read first, so the page read after it holds at
   * least what it counted, and counted live by the same pushes (lib/live-merge.ts applyCountedPush).
   */
  along?: { read: (filters: Filters<F>, signal: AbortSignal) => Promise<Result<X>>; count: CountAlong<X, R> };
}

export type LiveList<R> = UseLive<LivePage<R>>;
/** A live list with what is kept beside it (`along`, undefined without) and the rows it missed. */
export type LiveListWith<R, X> = UseLive<CountedPage<R, X>>;

/**
 * Every server-paged list kept live: the page as read, each pushed row replacing an older version of itself, new rows
 * on top of page 1 of a newest-first list (or the list read again when its order cannot place them), by the rules of
 * lib/live-merge.ts applyListPush. Loading, error and retry come with it, as for any live view.
 */
export function useLiveList<V, R extends Versioned, S extends string, F extends string, X = undefined>(o: LiveListOptions<V, R, S, F, X>): LiveListWith<R, X> {
  const { list, along } = o;
  const { userId } = useSnapshot(session);
  const entity = listRooms(o.mine && userId ? userId : null, o.entity);
  const newestFirst = o.created !== undefined && list.page === 1 && list.sort === o.created.sort && list.order === 'desc';
  const view = useLive<CountedPage<R, X>, V>({
    messages: o.messages,
    ...(entity.length > 0 ? { entity } : {}),
    read: async (signal) => {
      // Without `along`, X is undefined (its default): nothing is kept beside the list.
      const beside = along ? await along.read(list.filters, signal) : { success: true as const, data: undefined as X };
      if (!beside.success) return beside;
      const r = await o.fetchPage({ ...list.filters, page: list.page, page_size: list.pageSize, sort: list.sort, order: list.order }, signal);
      return r.success ? { success: true, data: { items: r.data.items.map(o.toRow), total: r.data.total, stale: false, along: beside.data, missed: 0 } } : r;
    },
    apply: (page, push) => {
      const { searchWords, others } = splitSearch(list.filters, o.searchKey ?? 'q');
      const rules = {
        newestFirst,
        pageSize: list.pageSize,
        accepts: (row: R) => o.accepts?.(row, others as Filters<F>) ?? true,
        ...(o.created ? { createdAt: o.created.at } : {}),
        readAgainOnNew: o.readAgainOnNew ?? false,
        searched: searchWords !== '',
      };
      return along ? applyCountedPush(page, o.toRow(push), rules, along.count) : applyListPush(page, o.toRow(push), rules);
    },
    deps: [list.filters, list.page, list.pageSize, list.sort, list.order, o.mine ? userId : null, ...(o.deps ?? [])],
  });
  const stale = view.data?.stale ?? false;
  const { reload } = view;
  useEffect(() => {
    if (stale) reload();
  }, [stale, reload]);
  return view;
}

/** The rooms a list follows: the signed-in account's (a `mine` list) and its entity room, either, both or none. */
export function listRooms(ownAccount: string | null, entity: string | undefined): readonly string[] {
  return [...(ownAccount ? [`account:${ownAccount}`] : []), ...(entity ? [entity] : [])];
}

/** A list's filters as the search words (trimmed, '' for none) and the other filters, which the browser can check. */
export function splitSearch(filters: Readonly<Record<string, string | undefined>>, key: string): { searchWords: string; others: Record<string, string | undefined> } {
  const { [key]: words, ...others } = filters;
  return { searchWords: words?.trim() ?? '', others };
}

/** What PagedGrid takes from a live list and its paging state: rows, count, loading, error with retry, page and sort. */
export function listGridProps<R, S extends string, F extends string>(list: PagedList<S, F>, view: LiveList<R>) {
  return {
    items: view.data?.items ?? null,
    total: view.data?.total ?? 0,
    status: view.status,
    error: view.error,
    onRetry: view.reload,
    page: list.page,
    pageSize: list.pageSize,
    onPage: list.setPage,
    sort: list.sort,
    order: list.order,
    onSort: (id: string) => list.sortBy(id as S),
  };
}
