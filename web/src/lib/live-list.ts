import type { Page } from '@acpg/contracts/http';
import type { Result } from './http.ts';
import { useLive, type UseLive } from './live.ts';
import { mergeNewestFirst, type Versioned } from './live-merge.ts';
import type { Filters, PagedList } from './paged-list.ts';

export interface LiveListOptions<V, R extends Versioned, S extends string, F extends string> {
  list: PagedList<S, F>;
  /** The server message carrying one row (a read-model view). */
  messages: readonly string[];
  /** Entity room to join (a member's `account:<id>`); none for role-wide pushes (Super Admins). */
  entity?: string | undefined;
  fetchPage: (query: Filters<F> & { page: number; page_size: number; sort: S; order: 'asc' | 'desc' }, signal: AbortSignal) => Promise<Result<Page<V>>>;
  toRow: (view: V) => R;
  /** The sort field of "newest first" (creation time), and a row's value of it (ISO time). */
  created: { sort: S; at: (row: R) => string };
  /** Whether a pushed row belongs in the list as filtered (the server applies the same rules on the next read). */
  accepts: (row: R, filters: Filters<F>) => boolean;
  /** What else the read depends on (admin or not, the user). */
  deps: readonly unknown[];
}

/**
 * A server-paged list kept live: the page as read, each pushed row replacing an older version of itself, and on page 1
 * of a newest-first list a new row that matches the filters added on top (lib/live-merge.ts has the rules).
 */
export function useLiveList<V, R extends Versioned, S extends string, F extends string>(o: LiveListOptions<V, R, S, F>): UseLive<{ items: R[]; total: number }> {
  const { list } = o;
  const newestFirst = list.page === 1 && list.sort === o.created.sort && list.order === 'desc';
  return useLive<{ items: R[]; total: number }, V>({
    messages: o.messages,
    ...(o.entity ? { entity: o.entity } : {}),
    read: async (signal) => {
      const r = await o.fetchPage({ ...list.filters, page: list.page, page_size: list.pageSize, sort: list.sort, order: list.order }, signal);
      return r.success ? { success: true, data: { items: r.data.items.map(o.toRow), total: r.data.total } } : r;
    },
    apply: (v, push) => {
      const row = o.toRow(push);
      if (!newestFirst) return { ...v, items: v.items.map((r) => (r.id === row.id && row.version > r.version ? row : r)) };
      const newest = v.items[0] ? o.created.at(v.items[0]) : '';
      const merged = mergeNewestFirst(v, row, list.pageSize, (r) => o.accepts(r, list.filters) && o.created.at(r) >= newest);
      return { items: merged.items, total: merged.total };
    },
    deps: [list.filters, list.page, list.pageSize, list.sort, list.order, ...o.deps],
  });
}
