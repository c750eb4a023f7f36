import type { Page } from '@acpg/contracts/http';
import type { CreateProviderBody, EditProviderBody, ProviderDetail, ProviderSaved, ProviderView } from '@acpg/contracts/providers';
import { PROVIDER_SORT_FIELDS, type SortField as SortFieldOf } from '@acpg/contracts/sort-fields';
import { http, type Query } from '../../../lib/http.ts';
import type { ListQuery, PagedListSpec } from '../../../lib/paged-list.ts';
import { useResource } from '../../../lib/use-resource.ts';

export type SortField = SortFieldOf<typeof PROVIDER_SORT_FIELDS>;
export type FilterKey = 'q' | 'status';

/** /acpg-provider's list: by name, 10 a page; searched by name, filtered by status. */
export const PROVIDER_LIST: PagedListSpec<SortField, FilterKey> = {
  sortFields: PROVIDER_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  pageSize: 10,
  filters: ['q', 'status'],
};

export type ProviderRow = ProviderView;
export const rowOf = (v: ProviderView): ProviderRow => v;

type Ok<T> = { success: boolean; data: T; message?: string };

export const fetchProviders = (query: ListQuery<SortField, FilterKey>, signal?: AbortSignal) =>
  http.get<Page<ProviderView>>('/admin/providers', { query: { ...query } as Query, ...(signal ? { signal } : {}) });

const path = (id: string) => `/admin/providers/${encodeURIComponent(id)}`;

export const fetchProvider = (id: string, minVersion: number | null, signal: AbortSignal) =>
  http.get<ProviderDetail>(path(id), { query: minVersion ? { min_version: minVersion } : {}, signal });

/** One provider with its Provider Admins, read again after each change (`minVersion`: the version the change wrote). */
export const useProvider = (id: string, minVersion: number | null) => useResource((signal) => fetchProvider(id, minVersion, signal), [id, minVersion]);

export const createProvider = (body: CreateProviderBody) => http.post<Ok<ProviderSaved>>('/admin/providers', body);
export const editProvider = (id: string, body: EditProviderBody) => http.put<Ok<ProviderSaved>>(path(id), body);
export const setProviderActive = (id: string, active: boolean) => http.post<Ok<ProviderSaved>>(`${path(id)}/${active ? 'reactivate' : 'deactivate'}`);
export const uploadProviderLogo = (id: string, data: string) => http.put<Ok<ProviderSaved>>(`${path(id)}/logo`, { data });
export const appointProviderAdmin = (id: string, email: string) => http.post<Ok<ProviderSaved>>(`${path(id)}/admins`, { email });
export const removeProviderAdmin = (id: string, accountId: string) => http.delete<Ok<ProviderSaved>>(`${path(id)}/admins/${encodeURIComponent(accountId)}`);
