import type { Page } from '@acpg/contracts/http';
import type { PlansResponse } from '@acpg/contracts/plans';
import type { CreatePromoCodeBody, EditPromoCodeBody, PromoCodeView } from '@acpg/contracts/promo-codes';
import { PROMO_CODE_SORT_FIELDS, type SortField as SortFieldOf } from '@acpg/contracts/sort-fields';
import { http, type Query } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';
import { useResource } from '../../../lib/use-resource.ts';

export type SortField = SortFieldOf<typeof PROMO_CODE_SORT_FIELDS>;
export type FilterKey = 'status' | 'code' | 'plan_id';

/** /promocode's list: newest first, 10 a page; filters by status, code (starts with) and plan. */
export const PROMO_CODE_LIST: PagedListSpec<SortField, FilterKey> = {
  sortFields: PROMO_CODE_SORT_FIELDS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['status', 'code', 'plan_id'],
};

/** A row as the live list keeps it (live-merge matches rows by `id`). */
export type PromoCodeRow = PromoCodeView & { id: string };
const toRow = (v: PromoCodeView): PromoCodeRow => ({ ...v, id: v.code });
export const rowOf = toRow;

type Ok<T> = { success: boolean; data: T; message?: string };
export interface ListQuery extends Filters<FilterKey> {
  page: number;
  page_size: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

export async function fetchPromoCodes(query: ListQuery, signal?: AbortSignal) {
  const r = await http.get<Page<PromoCodeView>>('/admin/promo-codes', { query: { ...query } as Query, ...(signal ? { signal } : {}) });
  return r.success ? { ...r, data: { ...r.data, items: r.data.items.map(toRow) } } : r;
}

export const createPromoCode = (body: CreatePromoCodeBody) => http.post<Ok<unknown>>('/admin/promo-codes', body);
export const editPromoCode = (code: string, body: EditPromoCodeBody) => http.put<Ok<unknown>>(`/admin/promo-codes/${encodeURIComponent(code)}`, body);
export const setPromoCodeActive = (code: string, active: boolean) =>
  http.post<Ok<unknown>>(`/admin/promo-codes/${encodeURIComponent(code)}/${active ? 'activate' : 'deactivate'}`);

/** The plans a code may name: the plans sold at checkout (default plans), from the public list. */
export const fetchPlans = (signal: AbortSignal) => http.get<PlansResponse>('/plans', { signal });

export const usePlans = () => useResource(fetchPlans, []);
