import type { Page } from '@acpg/contracts/http';
import type { NhdOrderView, OrderHistory, PlaceOrderBody, ReceiptView, ReportType, ReportTypeBody, ReportTypeList } from '@acpg/contracts/nhd';
import { NHD_ORDER_SORT_FIELDS, type SortField } from '@acpg/contracts/sort-fields';
import { API_BASE, HttpError, http, refreshAccessToken, type Query, type Result } from '../../../lib/http.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';
import { session } from '../../../lib/session.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { minVersionQuery } from '../../../lib/written.ts';

type Ok<T> = { success: true; data: T; message?: string };

export type OrderSort = SortField<typeof NHD_ORDER_SORT_FIELDS>;
export type OrderFilter = 'q' | 'status' | 'report_type' | 'county' | 'from' | 'to';
/** /nhd-order-list and /admin-nhd-order-list: newest first, 10 a page; page, sort and filters in the URL. */
export const ORDER_LIST: PagedListSpec<OrderSort, OrderFilter> = {
  sortFields: NHD_ORDER_SORT_FIELDS,
  defaultSort: 'placed_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'status', 'report_type', 'county', 'from', 'to'],
  dateRange: { from: 'from', to: 'to' },
};

export type OrderListQuery = Filters<OrderFilter> & { page: number; page_size: number; sort: OrderSort; order: 'asc' | 'desc' };

export const fetchMyOrders = (query: OrderListQuery, signal?: AbortSignal) =>
  http.get<Page<NhdOrderView>>('/nhd/orders/mine', { query: { ...query } as Query, ...(signal ? { signal } : {}) });
export const fetchAllOrders = (query: OrderListQuery, signal?: AbortSignal) =>
  http.get<Page<NhdOrderView>>('/admin/nhd/orders', { query: { ...query } as Query, ...(signal ? { signal } : {}) });

/** One order; `minVersion` (the version a command answered) makes the server wait for its read model to hold it. */
export const fetchOrder = (orderId: string, signal?: AbortSignal, minVersion?: number): Promise<Result<NhdOrderView>> => {
  const query = minVersionQuery(minVersion);
  return http.get<NhdOrderView>(`/nhd/orders/${encodeURIComponent(orderId)}`, { ...(signal ? { signal } : {}), ...(query ? { query } : {}) });
};
export const fetchOrderHistory = (orderId: string, signal?: AbortSignal): Promise<Result<OrderHistory>> =>
  http.get<OrderHistory>(`/nhd/orders/${encodeURIComponent(orderId)}/history`, signal ? { signal } : {});

export const fetchReportTypes = (signal?: AbortSignal) => http.get<ReportTypeList>('/nhd/report-types', signal ? { signal } : {});
export const fetchAllReportTypes = (signal?: AbortSignal) => http.get<ReportTypeList>('/admin/nhd/report-types', signal ? { signal } : {});
export const saveReportType = (code: number, body: ReportTypeBody) => http.put<Ok<ReportType>>(`/admin/nhd/report-types/${code}`, body).then((r) => r.data);

export const placeOrder = (body: PlaceOrderBody) => http.post<Ok<NhdOrderView>>('/nhd/orders', body).then((r) => r.data);
export const cancelOrder = (orderId: string, reason: string) => http.post<Ok<NhdOrderView>>(`/nhd/orders/${encodeURIComponent(orderId)}/cancel`, { reason });
export const closeOrder = (orderId: string) => http.post<Ok<NhdOrderView>>(`/nhd/orders/${encodeURIComponent(orderId)}/close`);
/** Withdraws one recipient's emailed report link, or (no recipient) every link of the order sent so far. */
export const revokeReceiptLinks = (orderId: string, recipientId: string | null) =>
  http.post<Ok<NhdOrderView>>(`/nhd/orders/${encodeURIComponent(orderId)}/receipt-links/revoke`, recipientId ? { recipient_id: recipientId } : {});
export const retryReport = (orderId: string) => http.post<Ok<NhdOrderView>>(`/admin/nhd/orders/${encodeURIComponent(orderId)}/retry-report`);

export const fetchReceipt = (token: string, signal?: AbortSignal) => http.get<ReceiptView>(`/nhd/receipts/${encodeURIComponent(token)}`, signal ? { signal } : {});
export const acknowledgeReceipt = (token: string) => http.post<Ok<ReceiptView>>(`/nhd/receipts/${encodeURIComponent(token)}/acknowledge`).then((r) => r.data);

/** A PDF (the order's report), as a blob, with the session's token when there is one; refusals carry the server's words. */
const fetchPdf = async (path: string, signedIn: boolean): Promise<Blob> => {
  const attempt = () => fetch(API_BASE + path, { headers: signedIn && session.accessToken ? { Authorization: `Bearer ${session.accessToken}` } : {}, credentials: 'same-origin' });
  let res = await attempt();
  if (signedIn && res.status === 401 && (await refreshAccessToken())) res = await attempt();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(res.status, body?.message ?? 'The report could not be opened. Try again.', body);
  }
  return res.blob();
};
export const fetchOrderReport = (orderId: string) => fetchPdf(`/nhd/orders/${encodeURIComponent(orderId)}/report`, true);
export const fetchReceiptReport = (token: string) => fetchPdf(`/nhd/receipts/${encodeURIComponent(token)}/report`, false);

/** The report types and their prices: the public list, or every type with its settings for a Super Admin. */
export const useReportTypes = (admin = false) => useResource((signal) => (admin ? fetchAllReportTypes(signal) : fetchReportTypes(signal)), [admin]);
export const useOrderHistory = (orderId: string, version: number | undefined) => useResource((signal) => fetchOrderHistory(orderId, signal), [orderId, version]);
export const useReceipt = (token: string) => useResource((signal) => fetchReceipt(token, signal), [token]);
/** One order, or nothing while `orderId` is null; at least `minVersion` when given (1: the order is placed). */
export const useOrder = (orderId: string | null, minVersion?: number) =>
  useResource((signal) => (orderId ? fetchOrder(orderId, signal, minVersion) : Promise.resolve({ success: true as const, data: null })), [orderId, minVersion]);
