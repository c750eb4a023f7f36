import { CHECKOUT_ROOM, PAYMENT_UPDATED_MESSAGE } from '@acpg/contracts/payments';
import { defineEntity } from '../../../platform/entities/define-entity.ts';
import { CHECKOUT_EVENT_TYPES, checkoutStream } from '../checkout/decider.ts';
import { chargeRows, CHARGES_COLLECTION } from './projection.ts';

/**
 * Read model `payments_charges`: one row per checkout (a customer's payment or a renewal charge), as the payment
 * status page, the payment history and the admin list show it; pushed to `checkout:<id>` (the payment status page),
 * the payer (their history) and Super Admins (the admin list). The payer's and Super Admins' only: anyone else is
 * answered 404 CHECKOUT_NOT_FOUND "This payment was not found.".
 */
export const charges = defineEntity({
  name: 'payments.charges',
  collection: CHARGES_COLLECTION,
  indexes: ['account_id', 'status', 'started_at'],
  handles: CHECKOUT_EVENT_TYPES,
  stream: checkoutStream,
  idOf: (event) => event.data.checkout_id,
  rows: chargeRows,
  access: { code: 'CHECKOUT', noun: 'payment' },
  live: { message: PAYMENT_UPDATED_MESSAGE, summary: 'A charge changed (processing, requires action, succeeded, failed, refunded)', room: CHECKOUT_ROOM },
});
