import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import type { AccountsSummary } from '@acpg/contracts/identity';
import type { Page } from '@acpg/contracts/http';
import { INTERACTION_SORT_FIELDS, type SortField as SortFieldOf } from '@acpg/contracts/sort-fields';
import { http, type Query } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';
import { useResource } from '../../../lib/use-resource.ts';

export type SortField = SortFieldOf<typeof INTERACTION_SORT_FIELDS>;

export interface InteractionFilters {
  page_name?: string;
  button_name?: string;
  interaction_type?: string;
  user_id?: string;
  /** Words of the user's name or email; the server finds the accounts. */
  user?: string;
  from?: string;
  to?: string;
}

export type InteractionFilterKey = keyof InteractionFilters;

/** /user-interaction's list: URL names, sort fields and defaults (newest first, 10 a page). From and To are local days. */
export const INTERACTION_LIST: PagedListSpec<SortField, InteractionFilterKey> = {
  sortFields: INTERACTION_SORT_FIELDS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['page_name', 'button_name', 'interaction_type', 'user_id', 'user', 'from', 'to'],
  dateRange: { from: 'from', to: 'to' },
};

/** The server's filters from the URL's: From and To are calendar days in the user's time zone, To to its last instant. */
export function toQueryFilters(f: Filters<InteractionFilterKey>): InteractionFilters {
  const out: InteractionFilters = {};
  for (const key of ['page_name', 'button_name', 'interaction_type', 'user_id', 'user'] as const) if (f[key]) out[key] = f[key];
  if (f.from) out.from = new Date(`${f.from}T00:00:00`).toISOString();
  if (f.to) out.to = new Date(`${f.to}T23:59:59.999`).toISOString();
  return out;
}

export interface ListQuery extends InteractionFilters {
  page: number;
  page_size: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

export const EXPORT_PAGE_SIZE = 100;

const q = (o: object) => o as Query;

export const fetchInteractions = (query: ListQuery, signal?: AbortSignal) =>
  http.get<Page<Interaction>>('/admin/user-interactions', { query: q(query), ...(signal ? { signal } : {}) });

export const fetchInteractionSummary = (filters: InteractionFilters, signal?: AbortSignal) =>
  http.get<InteractionSummary>('/admin/user-interactions/summary', { query: q(filters), ...(signal ? { signal } : {}) });

export const fetchAccountsSummary = (signal?: AbortSignal) => http.get<AccountsSummary>('/admin/accounts/summary', signal ? { signal } : {});

export interface ExportOptions {
  signal?: AbortSignal;
  /** The export's instant: rows recorded after it are left out, so new rows cannot shift the pages being read. */
  asOf?: Date;
  /** One page of the list (tests stand in for the server). */
  fetchPage?: typeof fetchInteractions;
}

/** The earlier of a filter's `to` (a bare date covers its whole UTC day) and `asOf`, as the ISO `to` the server takes. */
export function capTo(to: string | undefined, asOf: Date): string {
  if (!to) return asOf.toISOString();
  const end = BARE_DATE.test(to) ? Date.parse(`${to}T00:00:00.000Z`) + DAY_MS - 1 : Date.parse(to);
  return Number.isNaN(end) || end > asOf.getTime() ? asOf.toISOString() : new Date(end).toISOString();
}

/**
 * Every row of the filtered list, 100 per call, for exports. The list is read as it stood when the export started
 * (`to` capped at that instant), and rows are kept once by id, so interactions arriving meanwhile neither duplicate
 * nor push rows off a page. Aborting the signal stops between pages (the AbortError is passed on).
 */
export async function fetchAllInteractions(filters: InteractionFilters, sort: SortField, order: 'asc' | 'desc', options: ExportOptions = {}): Promise<Interaction[]> {
  const { signal, asOf = new Date(), fetchPage = fetchInteractions } = options;
  const fixed: InteractionFilters = { ...filters, to: capTo(filters.to, asOf) };
  const rows = new Map<string, Interaction>();
  for (let page = 1; ; page++) {
    signal?.throwIfAborted();
    const res = await fetchPage({ ...fixed, page, page_size: EXPORT_PAGE_SIZE, sort, order }, signal);
    signal?.throwIfAborted();
    if (!res.success) throw new Error(res.message);
    for (const item of res.data.items) if (!rows.has(item.id)) rows.set(item.id, item);
    if (res.data.items.length < EXPORT_PAGE_SIZE || rows.size >= res.data.total) return [...rows.values()];
  }
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Does a pushed interaction belong to the list under these filters? The same rules as the server's list
 * (services insights/interactions/query.ts): exact values; `from` inclusive; a bare-date `to` takes in that whole
 * UTC day. A row the server would not list must not appear live either.
 */
export function matchesFilters(i: Interaction, f: InteractionFilters): boolean {
  if (f.page_name && i.page_name !== f.page_name) return false;
  if (f.button_name && i.button_name !== f.button_name) return false;
  if (f.interaction_type && i.interaction_type !== f.interaction_type) return false;
  if (f.user_id && i.user_id !== f.user_id) return false;
  // Whose name or email matches is the server's to say: a pushed row waits for the next read.
  if (f.user) return false;
  const at = Date.parse(i.created_at);
  if (f.from && at < Date.parse(BARE_DATE.test(f.from) ? `${f.from}T00:00:00.000Z` : f.from)) return false;
  if (f.to) {
    const end = BARE_DATE.test(f.to) ? Date.parse(`${f.to}T00:00:00.000Z`) + DAY_MS : Date.parse(f.to) + 1;
    if (at >= end) return false;
  }
  return true;
}

/** The choices of the Page and Button filters: every name recorded, whatever the filters. */
export const useInteractionChoices = () => useResource((signal) => fetchInteractionSummary({}, signal), []);
export const useAccountsSummary = () => useResource(fetchAccountsSummary, []);
