import type { Page } from '@acpg/contracts/http';
import type { MembershipView } from '@acpg/contracts/memberships';
import type { AdminPaymentItem, PaymentView, PayoutView, RefundScope, RefundServiceChoice } from '@acpg/contracts/payments';
import { MEMBERSHIP_SORT_FIELDS, PAYMENT_SORT_FIELDS, type SortField } from '@acpg/contracts/sort-fields';
import { http, type Query } from '../../../lib/http.ts';
import { useResource } from '../../../lib/use-resource.ts';
import type { Filters, PagedListSpec } from '../../../lib/paged-list.ts';

export type PaymentSort = SortField<typeof PAYMENT_SORT_FIELDS>;
export type PaymentFilter = 'q' | 'status' | 'kind' | 'promo_code' | 'from' | 'to';
/** /admin-payments: newest first, 10 a page. */
export const PAYMENT_LIST: PagedListSpec<PaymentSort, PaymentFilter> = {
  sortFields: PAYMENT_SORT_FIELDS,
  defaultSort: 'started_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'status', 'kind', 'promo_code', 'from', 'to'],
};

export type MembershipSort = SortField<typeof MEMBERSHIP_SORT_FIELDS>;
export type MembershipFilter = 'q' | 'status' | 'plan_name' | 'from' | 'to';
/** /admin-memberships: newest first, 10 a page. */
export const MEMBERSHIP_LIST: PagedListSpec<MembershipSort, MembershipFilter> = {
  sortFields: MEMBERSHIP_SORT_FIELDS,
  defaultSort: 'started_at',
  defaultOrder: 'desc',
  pageSize: 10,
  filters: ['q', 'status', 'plan_name', 'from', 'to'],
};

/** A charge or a claim payout as the live list keeps it (rows are matched by `id`). */
export type ChargeRow = PaymentView & { entry: 'charge'; id: string };
export type PayoutRow = PayoutView & { id: string };
export type PaymentRow = ChargeRow | PayoutRow;
/** A row of the list, or a push: `payment.updated` carries a charge (no `entry`), `payout.recorded` a payout. */
export function paymentRow(v: PayoutView): PayoutRow;
export function paymentRow(v: AdminPaymentItem | PaymentView): PaymentRow;
export function paymentRow(v: AdminPaymentItem | PaymentView): PaymentRow {
  return 'entry' in v && v.entry === 'payout' ? { ...v, id: `payout-${v.claim_id}` } : { ...(v as PaymentView), entry: 'charge', id: (v as PaymentView).checkout_id };
}

type ListQuery<S, F extends string> = Filters<F> & { page: number; page_size: number; sort: S; order: 'asc' | 'desc' };

export async function fetchPayments(query: ListQuery<PaymentSort, PaymentFilter>, signal?: AbortSignal) {
  const r = await http.get<Page<AdminPaymentItem>>('/admin/payments', { query: { ...query } as Query, ...(signal ? { signal } : {}) });
  return r.success ? { ...r, data: { ...r.data, items: r.data.items.map(paymentRow) } } : r;
}

export const fetchMemberships = (query: ListQuery<MembershipSort, MembershipFilter>, signal?: AbortSignal) =>
  http.get<Page<MembershipView>>('/admin/memberships', { query: { ...query } as Query, ...(signal ? { signal } : {}) });

/** A card as people read it: "Visa ending in 4242". */
export const cardText = (brand: string, last4: string) =>
  `${brand === 'unknown' ? 'Card' : brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1)} ending in ${last4}`;

/** The admin's choice, sent with every refund: end what the payment bought, or keep it running. */
export const refundPayment = (checkoutId: string, reason: string, service: RefundServiceChoice) =>
  http.post<{ success: boolean; data: PaymentView; message?: string }>(`/admin/payments/${encodeURIComponent(checkoutId)}/refund`, { reason, service });

/** What a refund of the payment would end (the membership, the Equity Protect protection, the NHD order), or nothing. */
export const fetchRefundScope = (checkoutId: string, signal?: AbortSignal) =>
  http.get<RefundScope>(`/admin/payments/${encodeURIComponent(checkoutId)}/refund`, signal ? { signal } : {});
export const useRefundScope = (checkoutId: string) => useResource((signal) => fetchRefundScope(checkoutId, signal), [checkoutId]);
