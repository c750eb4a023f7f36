import type { Page } from '@acpg/contracts/http';
import type { AdminPlan, CreatePlanBody, DefinePlanBody, Plan } from '@acpg/contracts/plans';
import { PLAN_SORT_FIELDS, type SortField } from '@acpg/contracts/sort-fields';
import { http, type Query } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';

export type PlanSortField = SortField<typeof PLAN_SORT_FIELDS>;
export type PlanFilterKey = 'name' | 'status' | 'kind';

/** /plans' list: by name, Monthly first; filters by name, status and kind (default or renewal). */
export const PLAN_LIST: PagedListSpec<PlanSortField, PlanFilterKey> = {
  sortFields: PLAN_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  pageSize: 10,
  filters: ['name', 'status', 'kind'],
};

type Ok<T> = { success: boolean; data: T; message?: string };
export interface PlanListQuery extends Filters<PlanFilterKey> {
  page: number;
  page_size: number;
  sort: PlanSortField;
  order: 'asc' | 'desc';
}

export const fetchAdminPlans = (query: PlanListQuery, signal?: AbortSignal) =>
  http.get<Page<AdminPlan>>('/admin/plans', { query: { ...query } as Query, ...(signal ? { signal } : {}) });

/** Every plan of the filtered list, 100 a call, for the export. */
export async function fetchAllAdminPlans(filters: Filters<PlanFilterKey>, sort: PlanSortField, order: 'asc' | 'desc', signal: AbortSignal): Promise<AdminPlan[]> {
  const rows = new Map<string, AdminPlan>();
  for (let page = 1; ; page++) {
    const r = await fetchAdminPlans({ ...filters, page, page_size: 100, sort, order }, signal);
    if (!r.success) throw new Error(r.message);
    for (const row of r.data.items) rows.set(row.id, row);
    if (r.data.items.length < 100 || page * 100 >= r.data.total) return [...rows.values()];
  }
}

export const createPlan = (body: CreatePlanBody) => http.post<Ok<Plan>>('/admin/plans', body);
export const savePlan = (id: string, body: DefinePlanBody) => http.put<Ok<Plan>>(`/admin/plans/${encodeURIComponent(id)}`, body);
export const setPlanActive = (id: string, active: boolean) => http.post<Ok<Plan>>(`/admin/plans/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`);
