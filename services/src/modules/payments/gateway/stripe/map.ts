import type Stripe from 'stripe';
import type { CardBrand } from '@acpg/contracts/payments';
import { GATEWAY_EVENT_TYPES, type GatewayEvent, type GatewayRefund, type PaymentIntent, type SaveCardResult } from '../port.ts';

/**
 * Stripe's objects in the port's words. The port's `customer` is the ACPG account (Stripe's is a `cus_...` id the
 * adapter keeps per account): it comes back from the intent's `metadata.account_id`, which only the server writes.
 */

const KNOWN_BRANDS: ReadonlySet<string> = new Set(['visa', 'mastercard', 'amex', 'discover']);
export const brandOf = (brand: string | null | undefined): CardBrand => (brand && KNOWN_BRANDS.has(brand) ? (brand as CardBrand) : 'unknown');

const idOf = (value: string | { id: string } | null | undefined): string => (typeof value === 'string' ? value : (value?.id ?? ''));

/** Stripe's statuses the port names; a canceled intent (the card holder refused the second step) reads as failed. */
const statusOf = (intent: Stripe.PaymentIntent): PaymentIntent['status'] => {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    case 'requires_payment_method':
    case 'canceled':
      return 'requires_payment_method';
    default:
      // processing, requires_confirmation, requires_capture, and any status a later API version adds: not settled
      return 'processing';
  }
};

const AUTHENTICATION_REFUSED = { code: 'payment_intent_authentication_failure', message: 'The card holder did not confirm the payment.' };

/** The port's intent, or null for an intent this app did not make (no checkout in its metadata). */
export const toPortIntent = (intent: Stripe.PaymentIntent): PaymentIntent | null => {
  const checkoutId = intent.metadata?.checkout_id;
  const accountId = intent.metadata?.account_id;
  if (!checkoutId || !accountId || intent.currency !== 'usd') return null;
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: 'usd',
    status: statusOf(intent),
    payment_method: idOf(intent.payment_method) || idOf(error?.payment_method),
    customer: accountId,
    metadata: { checkout_id: checkoutId, account_id: accountId },
    last_payment_error:
      intent.status === 'canceled'
        ? AUTHENTICATION_REFUSED
        : error
          ? { code: error.code ?? error.decline_code ?? 'card_declined', message: error.message ?? 'The payment failed.' }
          : null,
    created: intent.created,
  };
};

const EVENT_TYPES: ReadonlySet<string> = new Set(GATEWAY_EVENT_TYPES);

/**
 * A verified Stripe event as the port's `GatewayEvent`, or null when the payments module has nothing to record from
 * it (another type, or an intent this app did not make). `payment_intent.canceled` is the card holder refusing the
 * second step (the only cancel this app makes): a failure.
 */
export const toGatewayEvent = (event: Stripe.Event): GatewayEvent | null => {
  const type = event.type === 'payment_intent.canceled' ? 'payment_intent.payment_failed' : event.type;
  if (!EVENT_TYPES.has(type) || event.data.object.object !== 'payment_intent') return null;
  const intent = toPortIntent(event.data.object as Stripe.PaymentIntent);
  if (!intent) return null;
  return { id: event.id, object: 'event', type: type as GatewayEvent['type'], created_ms: event.created * 1000, data: { object: intent } };
};

export const toGatewayRefund = (refund: Stripe.Refund): GatewayRefund => ({
  id: refund.id,
  status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending',
  amount: refund.amount,
  payment_intent: idOf(refund.payment_intent),
});

export const toSavedCardSetup = (setup: Stripe.SetupIntent, paymentMethod: string): SaveCardResult => ({
  id: setup.id,
  status: setup.status === 'succeeded' ? 'succeeded' : setup.status === 'requires_action' || setup.status === 'processing' ? 'requires_action' : 'failed',
  payment_method: idOf(setup.payment_method) || paymentMethod,
});
