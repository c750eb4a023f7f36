import { randomUUID } from 'node:crypto';
import { CheckoutResult } from '@acpg/contracts/payments';
import type { TestApp } from './harness.ts';

/** A test card's payment method for `accountId` (the card form's one call), answered by the test gateway. */
export const testPaymentMethod = async (on: Pick<TestApp, 'app' | 'signInAs'>, accountId: string, cardNumber: string): Promise<string> => {
  const headers = { authorization: `Bearer ${await on.signInAs('Customer', accountId)}` };
  const card = { number: cardNumber, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Pat Member' };
  const method = await on.app.inject({ method: 'POST', url: '/api/v1/payments/test-gateway/payment-methods', payload: card, headers });
  if (method.statusCode !== 200) throw new Error(`payment method: ${method.statusCode} ${method.body}`);
  return String(method.json().data.payment_method_id);
};

/** Pays for a plan over HTTP as `accountId` with a test card: a new payment method and a new checkout. */
export const payWithTestCard = async (
  on: Pick<TestApp, 'app' | 'signInAs'>,
  accountId: string,
  cardNumber: string,
  planId: string,
  extra: Record<string, unknown> = {},
): Promise<{ checkoutId: string; result: CheckoutResult }> => {
  const headers = { authorization: `Bearer ${await on.signInAs('Customer', accountId)}` };
  const checkoutId = randomUUID();
  const payload = { checkout_id: checkoutId, plan_id: planId, payment_method_id: await testPaymentMethod(on, accountId, cardNumber), ...extra };
  const paid = await on.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers });
  if (paid.statusCode !== 200) throw new Error(`checkout: ${paid.statusCode} ${paid.body}`);
  return { checkoutId, result: CheckoutResult.parse(paid.json().data) };
};

/** Pays a placed NHD order (`nhd_order_id`) over HTTP as `accountId` with a test card: a new payment method and a new checkout. */
export const payOrderWithTestCard = async (
  on: Pick<TestApp, 'app' | 'signInAs'>,
  accountId: string,
  cardNumber: string,
  orderId: string,
  extra: Record<string, unknown> = {},
): Promise<{ checkoutId: string; status: number; body: string; result: CheckoutResult | null }> => {
  const headers = { authorization: `Bearer ${await on.signInAs('Customer', accountId)}` };
  const checkoutId = randomUUID();
  const payload = { checkout_id: checkoutId, nhd_order_id: orderId, payment_method_id: await testPaymentMethod(on, accountId, cardNumber), ...extra };
  const paid = await on.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers });
  return { checkoutId, status: paid.statusCode, body: paid.body, result: paid.statusCode === 200 ? CheckoutResult.parse(paid.json().data) : null };
};
