import { randomUUID } from 'node:crypto';
import { membershipStream, type MembershipCancelled } from '@acpg/contracts/memberships';
import { CheckoutResult } from '@acpg/contracts/payments';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import { GATEWAY_EVENTS_QUEUE } from '../src/modules/payments/module.ts';
import { waitFor } from './wait-for.ts';
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
  const payload = { checkout_id: checkoutId, plan_id: planId, accept_terms: true, payment_method_id: await testPaymentMethod(on, accountId, cardNumber), ...extra };
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
  const payload = { checkout_id: checkoutId, nhd_order_id: orderId, accept_terms: true, payment_method_id: await testPaymentMethod(on, accountId, cardNumber), ...extra };
  const paid = await on.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers });
  return { checkoutId, status: paid.statusCode, body: paid.body, result: paid.statusCode === 200 ? CheckoutResult.parse(paid.json().data) : null };
};

/**
 * Ends the membership `membershipId` (the id of the checkout that bought it) as its period end would: its
 * `MembershipCancelled`, appended once the membership has started. One membership per member: a test that needs an
 * account with several memberships ends one before buying the next.
 */
export const endMembership = async (on: Pick<TestApp, 'platform'>, membershipId: string, accountId: string): Promise<void> => {
  const stream = membershipStream(membershipId);
  const version = await waitFor(async () => (await on.platform.eventStore.readStream(stream)).at(-1)?.version, { what: `membership ${membershipId} started` });
  const ended = { membership_id: membershipId, account_id: accountId, reason: 'member_cancelled', ended_at: on.platform.clock().toISOString() } satisfies MembershipCancelled;
  const meta = { now: on.platform.clock(), actor: 'test', correlationId: randomUUID(), causationId: null };
  await on.platform.eventStore.append(stream, version, [eventEnvelope(randomUUID(), 'MembershipCancelled', ended, meta)]);
};

/**
 * Waits until the test gateway has delivered every webhook event, the redelivery it sends of each a second later
 * included: instead of sleeping past the redelivery, a test that checks "nothing more happened" waits for this state.
 */
export const gatewayDeliveriesDone = (on: Pick<TestApp, 'platform'>) =>
  waitFor(async () => {
    const c = await on.platform.jobs.counts(GATEWAY_EVENTS_QUEUE);
    return c.waiting + c.delayed + c.active === 0;
  }, { timeoutMs: 15_000, what: 'the test gateway to deliver every event and its redelivery' });
