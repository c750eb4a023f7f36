import type {
  AlertHistory,
  AlertView,
  CaseContact,
  CaseNotes,
  CaseOutcome,
  CaseOwners,
  CaseStep,
  EnrolmentView,
  EquityPricing,
  EquityPricingBody,
  ImportFormat,
  ImportView,
} from '@acpg/contracts/equity';
import type { Page } from '@acpg/contracts/http';
import type { PlansResponse } from '@acpg/contracts/plans';
import { ALERT_SORT_FIELDS, ENROLMENT_SORT_FIELDS, IMPORT_SORT_FIELDS, type SortField } from '@acpg/contracts/sort-fields';
import { http, type Query, type Result } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: true; data: T; message?: string };
const opts = (signal?: AbortSignal, query?: Query) => ({ ...(signal ? { signal } : {}), ...(query ? { query } : {}) });

export type EnrolmentSort = SortField<typeof ENROLMENT_SORT_FIELDS>;
export type EnrolmentFilter = 'q' | 'status' | 'county' | 'from' | 'to';
export const ENROLMENT_LIST: PagedListSpec<EnrolmentSort, EnrolmentFilter> = {
  sortFields: ENROLMENT_SORT_FIELDS,
  defaultSort: 'requested_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'status', 'county', 'from', 'to'],
  dateRange: { from: 'from', to: 'to' },
};

export type AlertSort = SortField<typeof ALERT_SORT_FIELDS>;
export type AlertFilter = 'q' | 'status' | 'county' | 'document_type' | 'cases_only' | 'from' | 'to';
export const ALERT_LIST: PagedListSpec<AlertSort, AlertFilter> = {
  sortFields: ALERT_SORT_FIELDS,
  defaultSort: 'raised_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'status', 'county', 'document_type', 'cases_only', 'from', 'to'],
  dateRange: { from: 'from', to: 'to' },
};

export const IMPORT_LIST: PagedListSpec<'imported_at', never> = { sortFields: IMPORT_SORT_FIELDS, defaultSort: 'imported_at', defaultOrder: 'desc', pageSize: 10, filters: [] };

type ListQuery<S extends string, F extends string> = Filters<F> & { page: number; page_size: number; sort: S; order: 'asc' | 'desc' };

export const fetchPricing = (signal?: AbortSignal) => http.get<EquityPricing>('/equity/pricing', opts(signal));
export const savePricing = (body: EquityPricingBody) => http.put<Ok<EquityPricing>>('/admin/equity/pricing', body);

export const enrol = (propertyId: string) => http.post<Ok<EnrolmentView>>('/equity/enrollments', { property_id: propertyId });
export const cancelEnrolment = (enrolmentId: string) => http.post<Ok<EnrolmentView>>(`/equity/enrollments/${encodeURIComponent(enrolmentId)}/cancel`);
export const fetchEnrolment = (enrolmentId: string, signal?: AbortSignal) => http.get<EnrolmentView>(`/equity/enrollments/${encodeURIComponent(enrolmentId)}`, opts(signal));
export const fetchMyEnrolments = (query: ListQuery<EnrolmentSort, EnrolmentFilter>, signal?: AbortSignal) => http.get<Page<EnrolmentView>>('/equity/enrollments/mine', opts(signal, { ...query } as Query));
export const fetchAllEnrolments = (query: ListQuery<EnrolmentSort, EnrolmentFilter>, signal?: AbortSignal) => http.get<Page<EnrolmentView>>('/admin/equity/enrollments', opts(signal, { ...query } as Query));

export const fetchMyAlerts = (query: ListQuery<AlertSort, AlertFilter>, signal?: AbortSignal) => http.get<Page<AlertView>>('/equity/alerts/mine', opts(signal, { ...query } as Query));
export const fetchAllAlerts = (query: ListQuery<AlertSort, AlertFilter>, signal?: AbortSignal) => http.get<Page<AlertView>>('/admin/equity/alerts', opts(signal, { ...query } as Query));
export const fetchAlert = (alertId: string, signal?: AbortSignal) => http.get<AlertView>(`/equity/alerts/${encodeURIComponent(alertId)}`, opts(signal));
export const fetchAlertHistory = (alertId: string, signal?: AbortSignal): Promise<Result<AlertHistory>> => http.get<AlertHistory>(`/equity/alerts/${encodeURIComponent(alertId)}/history`, opts(signal));
export const confirmAlert = (alertId: string) => http.post<Ok<AlertView>>(`/equity/alerts/${encodeURIComponent(alertId)}/confirm`);
export const reportAlert = (alertId: string, note: string) => http.post<Ok<AlertView>>(`/equity/alerts/${encodeURIComponent(alertId)}/report`, { note });
export const checkStep = (alertId: string, step: CaseStep, done: boolean) => http.post<Ok<AlertView>>(`/equity/alerts/${encodeURIComponent(alertId)}/steps`, { step, done });
export const closeCase = (alertId: string, outcome: CaseOutcome, resolution: string) =>
  http.post<Ok<AlertView>>(`/admin/equity/alerts/${encodeURIComponent(alertId)}/close`, { outcome, resolution });
export const addCaseNote = (alertId: string, note: string) => http.post<Ok<AlertView>>(`/admin/equity/alerts/${encodeURIComponent(alertId)}/notes`, { note });
export const assignCase = (alertId: string, ownerId: string) => http.post<Ok<AlertView>>(`/admin/equity/alerts/${encodeURIComponent(alertId)}/owner`, { owner_id: ownerId });
export const fetchCaseNotes = (alertId: string, signal?: AbortSignal) => http.get<CaseNotes>(`/admin/equity/alerts/${encodeURIComponent(alertId)}/notes`, opts(signal));
export const fetchCaseContact = (alertId: string, signal?: AbortSignal) => http.get<CaseContact>(`/admin/equity/alerts/${encodeURIComponent(alertId)}/contact`, opts(signal));
export const fetchCaseOwners = (signal?: AbortSignal) => http.get<CaseOwners>('/admin/equity/case-owners', opts(signal));

export const fetchImports = (query: ListQuery<'imported_at', never>, signal?: AbortSignal) => http.get<Page<ImportView>>('/admin/equity/imports', opts(signal, { ...query } as Query));
/** Imports a recorder-feed file as multipart/form-data (`format`, `file_name`, then the part `file`): never base64. */
export const importFile = (file: File, format: ImportFormat) => {
  const form = new FormData();
  form.append('format', format);
  form.append('file_name', file.name.slice(0, 200));
  form.append('file', file, file.name.slice(0, 200));
  return http.post<Ok<ImportView>>('/admin/equity/imports', form);
};
export const generateSample = (count: number, onProtected: number) => http.post<Ok<ImportView>>('/admin/equity/imports/sample', { count, on_protected: onProtected });

export const usePricing = () => useResource(fetchPricing, []);
/** The case's notes, read again whenever the alert moves on (a note bumps its version). */
export const useCaseNotes = (alertId: string, version: number | undefined) => useResource((signal) => fetchCaseNotes(alertId, signal), [alertId, version]);
export const useCaseContact = (alertId: string) => useResource((signal) => fetchCaseContact(alertId, signal), [alertId]);
export const useCaseOwners = () => useResource(fetchCaseOwners, []);
export const useAlertHistory = (alertId: string, version: number | undefined) => useResource((signal) => fetchAlertHistory(alertId, signal), [alertId, version]);
/** The plans (GET /plans, public): the Pricing dialog names what a membership includes. */
export const usePlans = () => useResource((signal) => http.get<PlansResponse>('/plans', { signal }), []);
