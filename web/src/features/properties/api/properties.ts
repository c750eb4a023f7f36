import type { Page } from '@acpg/contracts/http';
import type {
  OwnershipVerification, OwnershipVerificationList, PropertyDocumentKind, PropertyDocumentReview, PropertySearchResult, PropertySummary, VerificationPassed,
} from '@acpg/contracts/properties';
import { PROPERTY_DOCUMENT_SORT_FIELDS, type SortField } from '@acpg/contracts/sort-fields';
import { API_BASE, HttpError, http, refreshAccessToken, type Query, type Result } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';
import { session } from '../../../lib/session.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: true; data: T; message?: string };

export const searchProperties = (q: string, limit: number, signal?: AbortSignal): Promise<Result<PropertySearchResult>> =>
  http.get<PropertySearchResult>('/properties/search', { query: { q, limit }, ...(signal ? { signal } : {}) });

export const fetchProperty = (id: string): Promise<Result<PropertySummary>> => http.get<PropertySummary>(`/properties/${encodeURIComponent(id)}`);

/** The signed-in account's verifications: letters on their way, verified, locked. */
export const fetchMyVerifications = (signal?: AbortSignal): Promise<Result<OwnershipVerificationList>> =>
  http.get<OwnershipVerificationList>('/properties/verifications/mine', signal ? { signal } : {});
export const useMyVerifications = () => useResource((signal) => fetchMyVerifications(signal), []);

/** Mails a one-time code to the property's address (each letter counts: 3 per property, ever). */
export const mailVerificationCode = (propertyId: string) =>
  http.post<Ok<OwnershipVerification>>(`/properties/${encodeURIComponent(propertyId)}/verifications/letters`).then((r) => r.data);

/** The code from the letter; a wrong one is refused with the tries left. */
export const enterVerificationCode = (propertyId: string, code: string) =>
  http.post<Ok<VerificationPassed>>(`/properties/${encodeURIComponent(propertyId)}/verifications/code`, { code }).then((r) => r.data);

/** Sends a deed or tax bill (a PDF, JPEG or PNG) for a Super Admin to review, as multipart/form-data: `kind`, then `file`. */
export const uploadOwnershipDocument = (propertyId: string, kind: PropertyDocumentKind, file: File) => {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name.slice(0, 200));
  return http.post<Ok<OwnershipVerification>>(`/properties/${encodeURIComponent(propertyId)}/verifications/documents`, form).then((r) => r.data);
};

export type DocumentSort = SortField<typeof PROPERTY_DOCUMENT_SORT_FIELDS>;
export type DocumentFilter = 'status';
/** /admin-property-documents: the oldest waiting first, 10 a page. */
export const DOCUMENT_LIST: PagedListSpec<DocumentSort, DocumentFilter> = {
  sortFields: PROPERTY_DOCUMENT_SORT_FIELDS,
  defaultSort: 'submitted_at',
  defaultOrder: 'asc',
  pageSize: 10,
  filters: ['status'],
};
type ListQuery<S, F extends string> = Filters<F> & { page: number; page_size: number; sort: S; order: 'asc' | 'desc' };

/** Ownership documents for review (Super Admin). */
export const fetchOwnershipDocuments = (query: ListQuery<DocumentSort, DocumentFilter>, signal?: AbortSignal) =>
  http.get<Page<PropertyDocumentReview>>('/admin/properties/documents', { query: { ...query } as Query, ...(signal ? { signal } : {}) });

/** Approves a document: the property is verified for the member. */
export const approveOwnershipDocument = (documentId: string) =>
  http.post<Ok<PropertyDocumentReview>>(`/admin/properties/documents/${encodeURIComponent(documentId)}/approve`).then((r) => r.data);

/** Rejects a document with the reason the member sees. */
export const rejectOwnershipDocument = (documentId: string, reason: string) =>
  http.post<Ok<PropertyDocumentReview>>(`/admin/properties/documents/${encodeURIComponent(documentId)}/reject`, { reason }).then((r) => r.data);

/** The document's bytes as sent (Super Admin). */
export async function fetchOwnershipDocumentFile(documentId: string): Promise<Blob> {
  const path = `${API_BASE}/admin/properties/documents/${encodeURIComponent(documentId)}/file`;
  const attempt = () => fetch(path, { headers: session.accessToken ? { Authorization: `Bearer ${session.accessToken}` } : {}, credentials: 'same-origin' });
  let res = await attempt();
  if (res.status === 401 && (await refreshAccessToken())) res = await attempt();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(res.status, body?.message ?? 'The document could not be opened. Try again.', body);
  }
  return res.blob();
}

/** A refusal's code and tries left, from the error envelope the server answered. */
export function refusalOf(error: unknown): { status: number; code: string | null; message: string; triesLeft: number | null } {
  if (error instanceof HttpError) {
    const body = (error.body ?? {}) as { code?: unknown; tries_left?: unknown };
    return {
      status: error.status,
      code: typeof body.code === 'string' ? body.code : null,
      message: error.message,
      triesLeft: typeof body.tries_left === 'number' ? body.tries_left : null,
    };
  }
  return { status: 0, code: null, message: 'The server could not be reached. Check your connection and try again.', triesLeft: null };
}

/** "1234 Oak Street, San Jose, CA 95125": how the app writes a property's address. */
export const formatAddress = (p: Pick<PropertySummary, 'address_line' | 'city' | 'state' | 'zip'>): string => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;
