import type { AdminAccountDetail, AdminAccountRow, ChangeRolesBody } from '@acpg/contracts/account-administration';
import type { Page } from '@acpg/contracts/http';
import { ADMIN_ACCOUNT_SORT_FIELDS, type SortField as SortFieldOf } from '@acpg/contracts/sort-fields';
import { http, type Query, type Result } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';
import { useResource } from '../../../lib/use-resource.ts';

export type SortField = SortFieldOf<typeof ADMIN_ACCOUNT_SORT_FIELDS>;
export type FilterKey = 'q' | 'role' | 'status';

/** /account-administration's list: newest sign-ups first, 10 a page; search, role and status in the URL. */
export const ACCOUNT_LIST: PagedListSpec<SortField, FilterKey> = {
  sortFields: ADMIN_ACCOUNT_SORT_FIELDS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'role', 'status'],
};

export interface ListQuery extends Filters<FilterKey> {
  page: number;
  page_size: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

type Ok<T> = { success: true; data: T; message?: string };

export const fetchAccounts = (query: ListQuery, signal?: AbortSignal): Promise<Result<Page<AdminAccountRow>>> =>
  http.get<Page<AdminAccountRow>>('/admin/accounts', { query: { ...query } as Query, ...(signal ? { signal } : {}) });

const accountPath = (id: string) => `/admin/accounts/${encodeURIComponent(id)}`;

export const fetchAccount = (id: string, signal: AbortSignal) => http.get<AdminAccountDetail>(accountPath(id), { signal });
/** One account with its sections (sessions, memberships, orders, claims, audit trail). */
export const useAccount = (id: string) => useResource((signal) => fetchAccount(id, signal), [id]);

export const changeRoles = (id: string, body: ChangeRolesBody) => http.post<Ok<AdminAccountDetail>>(`${accountPath(id)}/roles`, body);
export const suspendAccount = (id: string, reason: string) => http.post<Ok<AdminAccountDetail>>(`${accountPath(id)}/suspend`, { reason });
export const reactivateAccount = (id: string, reason: string) => http.post<Ok<AdminAccountDetail>>(`${accountPath(id)}/reactivate`, { reason });
