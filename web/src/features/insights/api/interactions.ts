import type { Interaction, InteractionSummary } from '@acpg/contracts/insights';
import type { AccountsSummary } from '@acpg/contracts/identity';
import type { Page } from '@acpg/contracts/http';
import { http, type Query } from '../../../lib/http.ts';

export type SortField = 'created_at' | 'page_name' | 'button_name' | 'interaction_type' | 'user_id';

export interface InteractionFilters {
  page_name?: string;
  button_name?: string;
  interaction_type?: string;
  user_id?: string;
  from?: string;
  to?: string;
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

/** Every row of the filtered list, 100 per call, for exports. */
export async function fetchAllInteractions(filters: InteractionFilters, sort: SortField, order: 'asc' | 'desc'): Promise<Interaction[]> {
  const rows: Interaction[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchInteractions({ ...filters, page, page_size: EXPORT_PAGE_SIZE, sort, order });
    if (!res.success) throw new Error(res.message);
    rows.push(...res.data.items);
    if (res.data.items.length === 0 || rows.length >= res.data.total) return rows;
  }
}

/** Does a pushed interaction belong to the list under these filters? */
export function matchesFilters(i: Interaction, f: InteractionFilters): boolean {
  const contains = (value: string | null, needle?: string) => !needle || (value ?? '').toLowerCase().includes(needle.toLowerCase());
  if (!contains(i.page_name, f.page_name) || !contains(i.button_name, f.button_name)) return false;
  if (f.interaction_type && i.interaction_type !== f.interaction_type) return false;
  if (f.user_id && i.user_id !== f.user_id) return false;
  if (f.from && i.created_at < new Date(f.from).toISOString()) return false;
  if (f.to && i.created_at > new Date(f.to).toISOString()) return false;
  return true;
}
