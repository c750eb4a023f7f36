import { PaymentView } from '@acpg/contracts/payments';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { CHECKOUT_EVENT_TYPES, toCheckoutEvent } from '../checkout/decider.ts';
import { pushCharge } from './push.ts';

export const CHARGES_COLLECTION = 'payments_charges';

/**
 * Read model `payments_charges`: one row per checkout (a customer's payment or a renewal charge), as the payment
 * status page, the payment history and the admin list show it. Rows are `PaymentView` without version and position.
 */
export const chargesProjection = defineProjection({
  name: 'payments.charges',
  collection: CHARGES_COLLECTION,
  handles: CHECKOUT_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('payments-checkout-') ? toCheckoutEvent(stored) : null),
  documentId: (event) => event.data.checkout_id,
  evolve: (doc, event) => {
    switch (event.type) {
      case 'CheckoutStarted': {
        const d = event.data;
        return {
          _id: d.checkout_id,
          checkout_id: d.checkout_id,
          account_id: d.account_id,
          plan_id: d.plan_id || null,
          nhd_order_id: d.nhd_order_id ?? null,
          equity_enrolment_id: d.equity_enrolment_id ?? null,
          status: 'processing',
          message: null,
          amount_cents: d.amount_cents,
          card_brand: d.card_brand,
          card_last4: d.card_last4,
          promo: d.promo ?? null,
          renewal: d.renewal ?? null,
          started_at: d.started_at,
          settled_at: null,
          refund: null,
        };
      }
      case 'PaymentRequiresAction':
        return doc && { ...doc, status: 'requires_action', message: 'Your card asks you to confirm this payment.' };
      case 'PaymentSucceeded':
        return doc && { ...doc, status: 'succeeded', message: null, settled_at: event.data.paid_at };
      case 'PaymentFailed':
        return doc && { ...doc, status: 'failed', message: event.data.message, settled_at: event.data.failed_at };
      case 'PaymentRefunded': {
        const d = event.data;
        return doc && { ...doc, status: 'refunded', refund: { amount_cents: d.amount_cents, reason: d.reason, refunded_by: d.refunded_by, refunded_at: d.refunded_at } };
      }
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown checkout event ${String((unexpected as { type: unknown }).type)}`);
      }
    }
  },
  indexes: ['account_id', 'status', 'started_at'],
  push: pushCharge,
});

/**
 * The API's row: the stored row keeps the events' `equity_enrolment_id` (the API spells it `equity_enrollment_id`), and
 * rows written before plan_id was null for an NHD order or Equity Protect hold '' there.
 */
const withVersion = (doc: Doc) => ({
  ...doc,
  plan_id: doc.plan_id || null,
  equity_enrollment_id: doc.equity_enrolment_id ?? null,
  version: doc._version ?? 0,
  position: doc._position ?? 0,
});

/** A row as the API answers it. */
export const toPaymentView = (doc: Doc): PaymentView => PaymentView.parse(withVersion(doc));

/** A row as a push sends it; null when it does not fit the message (the browser reads it on its next connect). */
export const pushedPaymentView = (doc: Doc): PaymentView | null => {
  const view = PaymentView.safeParse(withVersion(doc));
  return view.success ? view.data : null;
};
