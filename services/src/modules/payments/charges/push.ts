import { CHECKOUT_ROOM, PAYMENT_UPDATED_MESSAGE } from '@acpg/contracts/payments';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { CheckoutEvent } from '../checkout/decider.ts';
import type { PaymentView } from '@acpg/contracts/payments';
import { pushedPaymentView } from './projection.ts';

/** The identity module's entity kind `account` (the account itself and Super Admins follow it). */
const ACCOUNT_ROOM = 'account';

/**
 * After a charge's row is written: the row (with the version and position it reflects) to the checkout's room (the
 * payment status page) and to its account's room (the payment history). Only the last row of a batch per checkout.
 */
export const pushCharge: ProjectionPush<CheckoutEvent> = (applied, realtime) => {
  const latest = new Map<string, PaymentView>();
  for (const { doc } of applied) {
    const view = doc ? pushedPaymentView(doc) : null;
    if (view) latest.set(view.checkout_id, view);
  }
  for (const view of latest.values()) {
    realtime.toEntity(entityName(CHECKOUT_ROOM, view.checkout_id), PAYMENT_UPDATED_MESSAGE, view);
    realtime.toEntity(entityName(ACCOUNT_ROOM, view.account_id), PAYMENT_UPDATED_MESSAGE, view);
    realtime.toRole('Super Admin', PAYMENT_UPDATED_MESSAGE, view); // the admin payments list
  }
};
