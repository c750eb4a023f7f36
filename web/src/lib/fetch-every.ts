import type { Page } from '@acpg/contracts/http';

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
