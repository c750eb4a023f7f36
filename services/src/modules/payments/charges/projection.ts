import { PaymentView } from '@acpg/contracts/payments';
import type { Doc } from '../../../platform/documents/port.ts';
import { entityRows } from '../../../platform/entities/entity-rows.ts';
import { MESSAGES, toCheckoutEvent, type CheckoutEvent } from '../checkout/decider.ts';

export const CHARGES_COLLECTION = 'payments_charges';

/** A charge's row after one more event of its checkout: `PaymentView` without version and position. */
export const evolveChargeRow = (doc: Doc | null, event: CheckoutEvent): Doc | null => {
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
    case 'CheckoutAbandoned':
      return doc && { ...doc, status: 'failed', message: MESSAGES.expired, settled_at: event.data.abandoned_at };
    case 'LatePaymentRefunded':
      return doc; // a payment confirmed after the checkout expired was refunded at once: the charge stays failed
    case 'PaymentRefunded': {
      const d = event.data;
      return doc && { ...doc, status: 'refunded', refund: { amount_cents: d.amount_cents, reason: d.reason, refunded_by: d.refunded_by, refunded_at: d.refunded_at } };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown checkout event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/**
 * A charge's rows and views. The stored row keeps the events' `equity_enrolment_id` (the API spells it
 * `equity_enrollment_id`), and rows written before plan_id was null for an NHD order or Equity Protect hold '' there.
 */
export const chargeRows = entityRows({
  toEvent: toCheckoutEvent,
  evolve: evolveChargeRow,
  schema: PaymentView,
  viewFields: (doc) => ({ ...doc, plan_id: doc.plan_id || null, equity_enrollment_id: doc.equity_enrolment_id ?? null }),
});

/** A row as the API answers it. */
export const toPaymentView = chargeRows.toView;
