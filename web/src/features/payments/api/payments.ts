import type { CheckoutBody, CheckoutResult, CreatePaymentMethodBody, PaymentMethod, PaymentsConfig, StripeNextAction } from '@acpg/contracts/payments';
import type { Plan, PlansResponse } from '@acpg/contracts/plans';
import { http, HttpError, type Result } from '../../../lib/http.ts';

type Ok<T> = { success: boolean; data: T; message?: string };

/** The only call that carries the card: the gateway answers a payment method id, the brand and the last four digits. */
export const createPaymentMethod = (card: CreatePaymentMethodBody) =>
  http.post<Ok<PaymentMethod>>('/payments/test-gateway/payment-methods', card).then((r) => r.data);

/** Starts (or, with the same checkout_id, asks again about) a checkout: a repeat charges nothing new. */
export const startCheckout = (body: CheckoutBody) => http.post<Ok<CheckoutResult>>('/payments/checkouts', body).then((r) => r.data);

/** The card's second confirmation step: approve or refuse the payment. */
export const confirmCheckout = (checkoutId: string, approve: boolean) =>
  http.post<Ok<CheckoutResult>>(`/payments/checkouts/${encodeURIComponent(checkoutId)}/confirm`, { approve }).then((r) => r.data);

/** A checkout's state (while the gateway has not reported, or to learn whether a checkout sent earlier arrived: 404). */
export async function fetchCheckout(checkoutId: string, signal?: AbortSignal): Promise<CheckoutResult> {
  const r = await http.get<CheckoutResult>(`/payments/checkouts/${encodeURIComponent(checkoutId)}`, signal ? { signal } : {});
  if (!r.success) throw new HttpError(r.status ?? 0, r.message, r.data);
  return r.data;
}

/** The plan being paid for (GET /plans is public); a plan id the list does not hold is an error the payer can read. */
export async function fetchPlan(planId: string, signal: AbortSignal): Promise<Result<Plan>> {
  const r = await http.get<PlansResponse>('/plans', { signal });
  if (!r.success) return r;
  const plan = r.data.plans.find((p) => p.id === planId);
  return plan ? { success: true, data: plan } : { success: false, message: 'This plan is no longer offered. Go back and choose another plan.', data: null };
}

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
