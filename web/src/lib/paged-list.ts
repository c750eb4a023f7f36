import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export type Order = 'asc' | 'desc';

/** What a server-paged list screen offers: its sort fields, its filters (by URL name) and its defaults. */
export interface PagedListSpec<S extends string, F extends string> {
  sortFields: readonly S[];
  defaultSort: S;
  defaultOrder: Order;
  pageSize: number;
  /** Filter names, as they appear in the URL and the server's query. */
  filters: readonly F[];
  /** Two of the filters that are calendar days (YYYY-MM-DD) bounding the list. */
  dateRange?: { from: F; to: F };
}

export type Filters<F extends string> = Partial<Record<F, string>>;

export interface PagedListState<S extends string, F extends string> {
  page: number;
  pageSize: number;
  sort: S;
  order: Order;
  filters: Filters<F>;
}

/** What a list route takes: the filters, the page and its size, the sort and its order. */
export type ListQuery<S extends string, F extends string> = Filters<F> & { page: number; page_size: number; sort: S; order: Order };

export type FilterCheck<F extends string> = { ok: true } | { ok: false; field: F; message: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day with a four-digit year (a date input can hold years past 9999, which the server refuses). */
export function isCalendarDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1000 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const FROM_AFTER_TO = 'From must be on or before To.';

/** The filters a form may send: each date a real day, From not after To. One message, on the field to fix. */
export function checkFilters<S extends string, F extends string>(filters: Filters<F>, spec: PagedListSpec<S, F>): FilterCheck<F> {
  const range = spec.dateRange;
  if (!range) return { ok: true };
  const from = filters[range.from];
  const to = filters[range.to];
  if (from && !isCalendarDay(from)) return { ok: false, field: range.from, message: 'Enter a date as MM/DD/YYYY.' };
  if (to && !isCalendarDay(to)) return { ok: false, field: range.to, message: 'Enter a date as MM/DD/YYYY.' };
  if (from && to && from > to) return { ok: false, field: range.from, message: FROM_AFTER_TO };
  return { ok: true };
}

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The list's state from the URL; anything invalid there (a hand-edited link) falls back to the default. */
export function readListParams<S extends string, F extends string>(params: URLSearchParams, spec: PagedListSpec<S, F>): PagedListState<S, F> {
  const sortRaw = params.get('sort');
  const sort = spec.sortFields.find((f) => f === sortRaw) ?? spec.defaultSort;
  const orderRaw = params.get('order');
  const order: Order = orderRaw === 'asc' || orderRaw === 'desc' ? orderRaw : spec.defaultOrder;
  const filters: Filters<F> = {};
  for (const key of spec.filters) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const range = spec.dateRange;
  if (range && !checkFilters(filters, spec).ok) {
    delete filters[range.from];
    delete filters[range.to];
  }
  return { page: positive(params.get('page'), 1), pageSize: Math.min(100, positive(params.get('page_size'), spec.pageSize)), sort, order, filters };
}

/** The URL of a list state; defaults are left out so links stay short. */
export function writeListParams<S extends string, F extends string>(state: PagedListState<S, F>, spec: PagedListSpec<S, F>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== spec.pageSize) params.set('page_size', String(state.pageSize));
  if (state.sort !== spec.defaultSort || state.order !== spec.defaultOrder) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  for (const key of spec.filters) {
    const value = state.filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** Clicking the sorted column flips its order; another column sorts by it, ascending (the default column: its default). */
export function nextSort<S extends string>(current: { sort: S; order: Order }, field: S, spec: { defaultSort: S; defaultOrder: Order }): { sort: S; order: Order } {
  if (current.sort === field) return { sort: field, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: field, order: field === spec.defaultSort ? spec.defaultOrder : 'asc' };
}

export interface PagedList<S extends string, F extends string> extends PagedListState<S, F> {
  setPage(page: number): void;
  sortBy(field: S): void;
  /** Applies the form's filters (page 1) unless they fail the checks: then nothing is sent and the check is returned. */
  applyFilters(filters: Filters<F>): FilterCheck<F>;
  clearFilters(): void;
  /** Page 1 in the default order, filters kept (e.g. "show newest"). */
  showFirst(): void;
}

/** The list's actions over its state; `go` keeps the next state (in the URL, or in the component). */
function listActions<S extends string, F extends string>(state: PagedListState<S, F>, go: (next: PagedListState<S, F>) => void, spec: PagedListSpec<S, F>): PagedList<S, F> {
  return {
    ...state,
    setPage: (page) => go({ ...state, page }),
    sortBy: (field) => go({ ...state, ...nextSort(state, field, spec), page: 1 }),
    applyFilters: (filters) => {
      const trimmed: Filters<F> = {};
      for (const k of spec.filters) {
        const v = filters[k]?.trim();
        if (v) trimmed[k] = v;
      }
      const check = checkFilters(trimmed, spec);
      if (check.ok) go({ ...state, filters: trimmed, page: 1 });
      return check;
    },
    clearFilters: () => go({ ...state, filters: {}, page: 1 }),
    showFirst: () => go({ ...state, page: 1, sort: spec.defaultSort, order: spec.defaultOrder }),
  };
}

/**
 * A filtered, sorted, server-paged list whose state lives in the URL's search params: reload and Back keep page,
 * sort and filters; every change is a history entry.
 */
export function usePagedList<S extends string, F extends string>(spec: PagedListSpec<S, F>): PagedList<S, F> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the params' text is their identity; spec is a constant
  const state = useMemo(() => readListParams(new URLSearchParams(key), spec), [key]);
  const go = useCallback((next: PagedListState<S, F>) => setParams(writeListParams(next, spec)), [setParams, spec]);
  return listActions(state, go, spec);
}

/** The same list with its state kept in the component: for a list inside a screen whose URL belongs to another list. */
export function useListInState<S extends string, F extends string>(spec: PagedListSpec<S, F>): PagedList<S, F> {
  const [state, setState] = useState<PagedListState<S, F>>(() => ({ page: 1, pageSize: spec.pageSize, sort: spec.defaultSort, order: spec.defaultOrder, filters: {} }));
  return listActions(state, setState, spec);
}
