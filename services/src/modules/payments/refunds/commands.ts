import type { PaymentView, RefundServiceChoice } from '@acpg/contracts/payments';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { loadCheckout } from '../checkout/commands.ts';
import { checkoutDecider, checkoutStream } from '../checkout/decider.ts';
import { paymentGateway } from '../gateway/select.ts';
import { charges } from '../charges/entity.ts';
import { membershipIdOf, refundScopeOf } from './scope.ts';

/** Sent with the gateway's refund call: one refund per checkout, however often a Super Admin clicks. */
export const refundKeyOf = (checkoutId: string) => `refund-${checkoutId}`;

/** A succeeded checkout that may be refunded (refused as not found, refunded already, or not paid). */
const refundableCheckout = async (platform: Platform, checkoutId: string) => {
  const state = await loadCheckout(platform, checkoutId);
  if (state.status === 'none') throw new DomainError('not_found', 'CHECKOUT_NOT_FOUND', 'This payment was not found.');
  if (state.refund) throw new DomainError('conflict', 'ALREADY_REFUNDED', 'This payment was refunded already.');
  if (state.status !== 'succeeded' || !state.intentId) throw new DomainError('conflict', 'REFUND_NOT_ALLOWED', 'Only a succeeded payment can be refunded.');
  return { ...state, intentId: state.intentId };
};

/** What a refund of this payment would end now (`GET /admin/payments/:id/refund`), or null when nothing it bought runs. */
export const refundScope = async (platform: Platform, checkoutId: string, now: Date) => {
  const state = await refundableCheckout(platform, checkoutId);
  return refundScopeOf(platform, checkoutId, state.started, now);
};

/**
 * Refunds a succeeded payment in full: the gateway first (idempotent by the checkout's refund key), then
 * `PaymentRefunded` with who and why, what ran on it (`service_of`) and the admin's choice (`service`: end it or keep it;
 * never implied). A second click, or two at once, refunds once and answers the refunded payment.
 */
export const refundPayment = async (
  platform: Platform,
  checkoutId: string,
  input: { reason: string; adminId: string; service: RefundServiceChoice },
  meta: CommandMeta,
): Promise<PaymentView> => {
  const state = await refundableCheckout(platform, checkoutId);
  const serviceOf = await refundScopeOf(platform, checkoutId, state.started, meta.now);
  const membershipId = membershipIdOf(checkoutId, state.started);
  const refundId = refundKeyOf(checkoutId);
  const refund = await paymentGateway(platform).createRefund(
    { payment_intent: state.intentId, amount: state.started.amount_cents, metadata: { checkout_id: checkoutId, refund_id: refundId } },
    { idempotencyKey: refundId },
  );
  if (refund.status === 'failed') throw new DomainError('unavailable', 'REFUND_FAILED', 'The payment gateway refused the refund. Nothing was refunded; try again later.');
  const data = {
    checkout_id: checkoutId,
    account_id: state.started.account_id,
    ...(state.started.nhd_order_id ? { nhd_order_id: state.started.nhd_order_id } : {}),
    ...(state.started.equity_enrolment_id ? { equity_enrolment_id: state.started.equity_enrolment_id } : {}),
    refund_id: refundId,
    gateway_refund_id: refund.id,
    amount_cents: refund.amount,
    reason: input.reason,
    refunded_by: input.adminId,
    ...(membershipId ? { membership_id: membershipId } : {}),
    service_of: serviceOf,
    service: input.service,
  };
  await handleCommand(platform.eventStore, checkoutStream(checkoutId), checkoutDecider, { type: 'RefundPayment', data, metadata: meta }, { retries: 5 });
  return charges.writtenView(platform, checkoutId);
};
