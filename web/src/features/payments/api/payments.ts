import type { Page } from '@acpg/contracts/http';
import type { CheckoutBody, CheckoutResult, CreatePaymentMethodBody, PaymentMethod, PaymentsConfig, PaymentView, StripeNextAction } from '@acpg/contracts/payments';
import type { PromoQuote, PromoQuoteBody } from '@acpg/contracts/promo-codes';
import { renewalAmountOf, type Plan, type PlansResponse } from '@acpg/contracts/plans';
import type { PAYMENT_SORT_FIELDS, SortField } from '@acpg/contracts/sort-fields';
import { API_BASE, http, HttpError, refreshAccessToken, type Result } from '../../../lib/http.ts';
import { session } from '../../../lib/session.ts';
import { useResource } from '../../../lib/use-resource.ts';

type Ok<T> = { success: boolean; data: T; message?: string };

/** The only call that carries the card: the gateway answers a payment method id, the brand and the last four digits. */
export const createPaymentMethod = (card: CreatePaymentMethodBody) =>
  http.post<Ok<PaymentMethod>>('/payments/test-gateway/payment-methods', card).then((r) => r.data);

/** Starts (or, with the same checkout_id, asks again about) a checkout: a repeat charges nothing new. */
/** `accept_terms` is the payer's answer as given: the server refuses a Pay without consent. */
/**
 * An order or enrollment made a moment ago may not have reached payments yet on a busy server (429
 * `STILL_BEING_RECORDED`): the same checkout (same id, so never charged twice) is sent again after the stated wait, a
 * few times, before the payer sees the message.
 */
export async function startCheckout(body: Omit<CheckoutBody, 'accept_terms'> & { accept_terms: boolean }): Promise<CheckoutResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await http.post<Ok<CheckoutResult>>('/payments/checkouts', body)).data;
    } catch (error) {
      const code = error instanceof HttpError ? (error.body as { code?: unknown } | null)?.code : undefined;
      if (code !== 'STILL_BEING_RECORDED' || attempt >= STILL_RECORDING_TRIES) throw error;
      const stated = (error as HttpError & { body: { retry_after_seconds?: unknown } }).body.retry_after_seconds;
      await new Promise((resolve) => setTimeout(resolve, typeof stated === 'number' && stated > 0 ? stated * 1000 : 1000));
    }
  }
}
const STILL_RECORDING_TRIES = 4;

/** The card's second confirmation step: approve or refuse the payment. */
export const confirmCheckout = (checkoutId: string, approve: boolean) =>
  http.post<Ok<CheckoutResult>>(`/payments/checkouts/${encodeURIComponent(checkoutId)}/confirm`, { approve }).then((r) => r.data);

/** A checkout's state (while the gateway has not reported, or to learn whether a checkout sent earlier arrived: 404). */
export async function fetchCheckout(checkoutId: string, signal?: AbortSignal): Promise<CheckoutResult> {
  const r = await http.get<CheckoutResult>(`/payments/checkouts/${encodeURIComponent(checkoutId)}`, signal ? { signal } : {});
  if (!r.success) throw new HttpError(r.status ?? 0, r.message, r.data);
  return r.data;
}

/**
 * The caller's checkout of this purchase still waiting for its payment (GET /payments/checkouts/live), so a reloaded
 * page continues it; null when there is none (404).
 */
export async function fetchLiveCheckout(purchase: { plan_id: string } | { nhd_order_id: string } | { equity_enrollment_id: string }, signal: AbortSignal): Promise<CheckoutResult | null> {
  const query = 'nhd_order_id' in purchase ? { nhd_order_id: purchase.nhd_order_id } : 'equity_enrollment_id' in purchase ? { equity_enrollment_id: purchase.equity_enrollment_id } : {};
  const r = await http.get<CheckoutResult>('/payments/checkouts/live', { query, signal });
  if (r.success) return r.data;
  if (r.status === 404) return null;
  throw new HttpError(r.status ?? 0, r.message, r.data);
}

/** The plan being paid for and its name's renewal price (what every later term charges). */
export interface PlanToPay {
  plan: Plan;
  renewal_cents: number | null;
}

/** The plan being paid for (GET /plans is public); a plan id the list does not hold is an error the payer can read. */
export async function fetchPlan(planId: string, signal: AbortSignal): Promise<Result<PlanToPay>> {
  const r = await http.get<PlansResponse>('/plans', { signal });
  if (!r.success) return r;
  const plan = r.data.plans.find((p) => p.id === planId);
  return plan
    ? { success: true, data: { plan, renewal_cents: renewalAmountOf(r.data.plans, plan.name) } }
    : { success: false, message: 'This plan is no longer offered. Go back and choose another plan.', data: null };
}

/** One charge as the payment status page shows it (`GET /payments/charges/:id`: the caller's own, else 404). */
export const fetchCharge = (checkoutId: string, signal: AbortSignal) => http.get<PaymentView>(`/payments/charges/${encodeURIComponent(checkoutId)}`, { signal });

/** Sort fields of GET /payments/mine. */
export type PaymentSort = SortField<typeof PAYMENT_SORT_FIELDS>;

/** The signed-in user's payments, one page (newest first by default). */
export const fetchMyPayments = (query: { page: number; page_size: number; sort: PaymentSort; order: 'asc' | 'desc' }, signal: AbortSignal) =>
  http.get<Page<PaymentView>>('/payments/mine', { query, signal });

/** Plan names by id (GET /plans is public), for lists that show a plan by name. */
export async function fetchPlanNames(signal: AbortSignal): Promise<Result<Record<string, string>>> {
  const r = await http.get<PlansResponse>('/plans', { signal });
  if (!r.success) return r;
  return { success: true, data: Object.fromEntries(r.data.plans.map((p) => [p.id, p.name])) };
}

/** A receipt's file name from the server's Content-Disposition, else one from the checkout id. */
const receiptFileName = (disposition: string | null, checkoutId: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `ACPG-receipt-${checkoutId}.pdf`;

/**
 * The receipt PDF of a succeeded payment, with its file name. The token travels as for every call (a plain link
 * would carry none); a token that expired meanwhile is refreshed once.
 */
export async function fetchReceipt(checkoutId: string): Promise<{ blob: Blob; fileName: string }> {
  const path = `${API_BASE}/payments/checkouts/${encodeURIComponent(checkoutId)}/receipt`;
  const attempt = () => fetch(path, { headers: session.accessToken ? { Authorization: `Bearer ${session.accessToken}` } : {}, credentials: 'same-origin' });
  let res = await attempt();
  if (res.status === 401 && (await refreshAccessToken())) res = await attempt();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(res.status, body?.message ?? 'The receipt could not be downloaded. Try again.', body);
  }
  return { blob: await res.blob(), fileName: receiptFileName(res.headers.get('content-disposition'), checkoutId) };
}
/** What a promo code takes off a plan (refused with the server's message: unknown, expired, not for this plan ...). */
export const quotePromoCode = (body: PromoQuoteBody) => http.post<Ok<PromoQuote>>('/payments/promo-codes/quote', body).then((r) => r.data);

/** Which card form to show (test gateway or Stripe with its publishable key and script address); asked once per page. */
let paymentsConfig: Promise<Result<PaymentsConfig>> | null = null;
export function fetchPaymentsConfig(): Promise<Result<PaymentsConfig>> {
  paymentsConfig ??= http.get<PaymentsConfig>('/payments/config').then((r) => {
    if (!r.success) paymentsConfig = null; // a failure is asked again next time
    return r;
  });
  return paymentsConfig;
}

/** Stripe: the payment method Stripe.js made becomes the caller's; answers its brand and last four. */
export const claimPaymentMethod = (paymentMethodId: string) =>
  http.post<Ok<PaymentMethod>>('/payments/stripe/payment-methods', { payment_method_id: paymentMethodId }).then((r) => r.data);

/** Stripe: the client secret Stripe.js needs for the card's second step of the caller's checkout. */
export async function fetchNextAction(checkoutId: string): Promise<StripeNextAction> {
  const r = await http.get<StripeNextAction>(`/payments/stripe/checkouts/${encodeURIComponent(checkoutId)}/next-action`);
  if (!r.success) throw new HttpError(r.status ?? 0, r.message, r.data);
  return r.data;
}

export const usePlanNames = () => useResource(fetchPlanNames, []);
export const usePaymentsConfig = () => useResource(() => fetchPaymentsConfig(), []);
/** The plan being paid for; none for an order (its price is the order's). */
export const usePlanToPay = (planId: string | undefined, orderId: string | undefined) =>
  useResource((signal) => (orderId ? Promise.resolve({ success: true as const, data: null }) : fetchPlan(planId ?? '', signal)), [planId, orderId]);
