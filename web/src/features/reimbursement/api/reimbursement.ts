import type { Page } from '@acpg/contracts/http';
import type { PayoutDestination, RevealedBankAccount, RevealPayoutDetailsBody } from '@acpg/contracts/payout-details';
import type { VerifiedProperty } from '@acpg/contracts/properties';
import type {
  AnswerClaimBody,
  ApproveClaimBody,
  ClaimCoverage,
  ClaimHistory,
  ClaimStatus,
  ClaimView,
  FileClaimBody,
  PayoutBody,
  RejectClaimBody,
  RequestInfoBody,
} from '@acpg/contracts/reimbursement';
import { CLAIM_SORT_FIELDS, type SortField } from '@acpg/contracts/sort-fields';
import { API_BASE, HttpError, http, refreshAccessToken, type Query, type Result } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';
import { session } from '../../../lib/session.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { minVersionQuery } from '../../../lib/written.ts';

type Ok<T> = { success: true; data: T; message?: string };
const opts = (signal?: AbortSignal, query?: Query) => ({ ...(signal ? { signal } : {}), ...(query ? { query } : {}) });
const claimPath = (claimId: string) => `/reimbursements/claims/${encodeURIComponent(claimId)}`;
const adminPath = (claimId: string, step: string) => `/admin/reimbursements/claims/${encodeURIComponent(claimId)}/${step}`;

export type ClaimSort = SortField<typeof CLAIM_SORT_FIELDS>;
const SORTS = CLAIM_SORT_FIELDS;

export type MyClaimFilter = 'status';
export const MY_CLAIM_LIST: PagedListSpec<ClaimSort, MyClaimFilter> = { sortFields: SORTS, defaultSort: 'submitted_at', defaultOrder: 'desc', pageSize: 10, filters: ['status'] };

/** The admin queue's filters as the URL and the server name them; the amounts are whole cents. */
export type AdminClaimFilter = 'q' | 'status' | 'from' | 'to' | 'min_amount_cents' | 'max_amount_cents' | 'county';
export const ADMIN_CLAIM_LIST: PagedListSpec<ClaimSort, AdminClaimFilter> = {
  sortFields: SORTS,
  defaultSort: 'submitted_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'status', 'from', 'to', 'min_amount_cents', 'max_amount_cents', 'county'],
  dateRange: { from: 'from', to: 'to' },
};

export type ClaimListQuery<F extends string> = Filters<F> & { page: number; page_size: number; sort: ClaimSort; order: 'asc' | 'desc' };

export const fetchMyClaims = (query: ClaimListQuery<MyClaimFilter>, signal?: AbortSignal) => http.get<Page<ClaimView>>('/reimbursements/claims', opts(signal, { ...query } as Query));
export const fetchAllClaims = (query: ClaimListQuery<AdminClaimFilter>, signal?: AbortSignal) => http.get<Page<ClaimView>>('/admin/reimbursements/claims', opts(signal, { ...query } as Query));
/** One claim; `minVersion` (the version a command answered) makes the server wait for its read model to hold it. */
export const fetchClaim = (claimId: string, signal?: AbortSignal, minVersion?: number) => http.get<ClaimView>(claimPath(claimId), opts(signal, minVersionQuery(minVersion)));
export const fetchClaimHistory = (claimId: string, signal?: AbortSignal): Promise<Result<ClaimHistory>> => http.get<ClaimHistory>(`${claimPath(claimId)}/history`, opts(signal));

/** The member's verified properties (the properties module's list; features never import each other). */
export const fetchVerifiedProperties = (signal?: AbortSignal) => http.get<Page<VerifiedProperty>>('/properties/verified', opts(signal, { page_size: 100 }));

/** The fields first, then each document in a part `documents` (the server checks who may upload before the files). */
const claimForm = (fields: Readonly<Record<string, string | number>>, files: readonly File[]) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append('documents', file, file.name.slice(0, 200));
  return form;
};

/** Files a claim as multipart/form-data: the documents stream to the server as they are (never base64). */
export const fileClaim = (fields: Omit<FileClaimBody, 'documents'>, files: readonly File[]) => http.post<Ok<ClaimView>>('/reimbursements/claims', claimForm(fields, files));
export const answerClaim = (claimId: string, body: Omit<AnswerClaimBody, 'documents'>, files: readonly File[]) => http.post<Ok<ClaimView>>(`${claimPath(claimId)}/answer`, claimForm(body, files));

export const startReview = (claimId: string) => http.post<Ok<ClaimView>>(adminPath(claimId, 'review'));
export const requestInfo = (claimId: string, body: RequestInfoBody) => http.post<Ok<ClaimView>>(adminPath(claimId, 'request-info'), body);
export const approveClaim = (claimId: string, body: ApproveClaimBody) => http.post<Ok<ClaimView>>(adminPath(claimId, 'approve'), body);
export const rejectClaim = (claimId: string, body: RejectClaimBody) => http.post<Ok<ClaimView>>(adminPath(claimId, 'reject'), body);
export const recordPayout = (claimId: string, body: PayoutBody) => http.post<Ok<ClaimView>>(adminPath(claimId, 'payout'), body);

/** One document of a claim as a blob, with the bearer token (a refresh and one retry on a 401). */
export const fetchClaimDocument = async (claimId: string, docId: string, signal?: AbortSignal): Promise<Blob> => {
  const attempt = () =>
    fetch(`${API_BASE}${claimPath(claimId)}/documents/${encodeURIComponent(docId)}`, {
      headers: session.accessToken ? { Authorization: `Bearer ${session.accessToken}` } : {},
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  let res = await attempt();
  if (res.status === 401 && (await refreshAccessToken())) res = await attempt();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(res.status, body?.message ?? 'The document could not be opened. Try again.', body);
  }
  return res.blob();
};

/** The caller's coverage today (membership, plan terms, what is left this membership year). */
export const fetchMyCoverage = (signal?: AbortSignal) => http.get<ClaimCoverage>('/reimbursements/coverage', opts(signal));
/** The coverage a claim is filed under (Super Admin): its membership and the year of its expense, the claim not counted. */
export const fetchClaimCoverage = (claimId: string, signal?: AbortSignal) => http.get<ClaimCoverage>(`/admin/reimbursements/claims/${encodeURIComponent(claimId)}/coverage`, opts(signal));

export type { ClaimStatus };

export const useClaimHistory = (claimId: string, version: number | undefined) => useResource((signal) => fetchClaimHistory(claimId, signal), [claimId, version]);
export const useVerifiedProperties = () => useResource(fetchVerifiedProperties, []);
export const useMyCoverage = () => useResource(fetchMyCoverage, []);
/** Read again whenever the claim's version moves (an approval changes what is used). */
export const useClaimCoverage = (claimId: string, version: number | undefined) => useResource((signal) => fetchClaimCoverage(claimId, signal), [claimId, version]);

/** Where the caller's approved claims are paid (their payout details on My Account, masked). */
export const fetchMyPayoutDestination = (signal?: AbortSignal) => http.get<PayoutDestination>('/reimbursements/payout-destination', opts(signal));
/** Where a claim's payout goes (Super Admin): the claimant's payout details, masked. */
export const fetchClaimPayoutDestination = (claimId: string, signal?: AbortSignal) =>
  http.get<PayoutDestination>(`/admin/reimbursements/claims/${encodeURIComponent(claimId)}/payout-destination`, opts(signal));
export const useMyPayoutDestination = () => useResource(fetchMyPayoutDestination, []);
export const useClaimPayoutDestination = (claimId: string) => useResource((signal) => fetchClaimPayoutDestination(claimId, signal), [claimId]);

/**
 * A claimant's full bank numbers (Super Admin paying a claim): identity records who asked, when and why. Sent as a
 * POST and kept only in the state of the open payout dialog: never cached, never stored in the browser.
 */
export const revealBankDetails = (accountId: string, body: RevealPayoutDetailsBody) =>
  http.post<Ok<RevealedBankAccount>>(`/admin/accounts/${encodeURIComponent(accountId)}/payout-details/reveal`, body);
