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

export const createPlan = (body: CreatePlanBody) => http.post<Ok<Plan>>('/admin/plans', body);
export const savePlan = (id: string, body: DefinePlanBody) => http.put<Ok<Plan>>(`/admin/plans/${encodeURIComponent(id)}`, body);
export const setPlanActive = (id: string, active: boolean) => http.post<Ok<Plan>>(`/admin/plans/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`);
