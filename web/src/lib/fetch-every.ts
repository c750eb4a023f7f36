import type { Page } from '@acpg/contracts/http';
import type { Result } from './http.ts';
import { exportTable, type ExportKind, type ExportTable } from './export.ts';
import type { ListQuery, PagedListState } from './paged-list.ts';

/** The most rows a list route answers per call. */
const PAGE = 100;

/**
 * Every row of a filtered, sorted list (an export), read 100 a call through the list's own page fetcher; the first
 * refusal throws its message.
 */
export async function fetchEvery<T, Q extends { page: number; page_size: number }>(
  fetchPage: (query: Q, signal: AbortSignal) => Promise<{ success: true; data: Page<T> } | { success: false; message: string }>,
  query: Omit<Q, 'page' | 'page_size'>,
  signal: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const r = await fetchPage({ ...query, page, page_size: PAGE } as Q, signal);
    if (!r.success) throw new Error(r.message);
    rows.push(...r.data.items);
    if (r.data.items.length < PAGE || page * PAGE >= r.data.total) return rows;
  }
}

/**
 * Every row of a list as it is filtered and sorted now (its export), through the list's own page fetcher; with `key`,
 * a row read twice (rows moved between pages while reading) is kept once.
 */
export async function fetchListRows<T, S extends string, F extends string>(
  fetchPage: (query: ListQuery<S, F>, signal: AbortSignal) => Promise<Result<Page<T>>>,
  list: PagedListState<S, F>,
  signal: AbortSignal,
  key?: (row: T) => string,
): Promise<T[]> {
  const query = { ...list.filters, sort: list.sort, order: list.order } as Omit<ListQuery<S, F>, 'page' | 'page_size'>;
  const rows = await fetchEvery<T, ListQuery<S, F>>(fetchPage, query, signal);
  return key ? [...new Map(rows.map((r) => [key(r), r])).values()] : rows;
}

/**
 * A list's export: every row as filtered and sorted now (fetchListRows, `key` as there), written as a table of
 * `header` and one `row` per row; resolves to the number of rows written (0: nothing was downloaded).
 */
export async function exportList<T, S extends string, F extends string>(
  kind: ExportKind,
  fetchPage: (query: ListQuery<S, F>, signal: AbortSignal) => Promise<Result<Page<T>>>,
  list: PagedListState<S, F>,
  signal: AbortSignal,
  table: Omit<ExportTable, 'rows'> & { row: (row: T) => ExportTable['rows'][number]; key?: (row: T) => string },
): Promise<number> {
  const all = await fetchListRows(fetchPage, list, signal, table.key);
  return (await exportTable(kind, { header: table.header, rows: all.map(table.row), fileBase: table.fileBase })) ? all.length : 0;
}
