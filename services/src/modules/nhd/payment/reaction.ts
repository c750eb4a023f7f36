import { EventEnvelope } from '@acpg/contracts/envelope';
import { PaymentFailed, PaymentRefunded, PaymentSucceeded } from '@acpg/contracts/payments';
import { refundEnds } from '@acpg/contracts/refundables';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { PermanentJobError, refusedForGoodIsPermanent } from '../../../platform/jobs/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { runOrderCommand } from '../order/commands.ts';

export const ORDER_PAYMENTS_QUEUE = 'nhd-order-payments';
const orderPaymentJob = defineJob({ queue: ORDER_PAYMENTS_QUEUE, name: 'record', data: z.object({ payment: EventEnvelope }), attempts: 8, backoffMs: 1000, what: 'order payment job' });

/** Who records what payments report: the timeline shows it as the system. */
const SYSTEM = 'system';

/**
 * The payments module's outcomes of an order's checkout (`PaymentSucceeded`, `PaymentFailed`, `PaymentRefunded` with
 * `nhd_order_id`, never its code) become jobs that record them on the order; a redelivered event makes no second job,
 * and the decider records each outcome once anyway.
 */
export const orderPaymentReaction: Reaction = {
  name: 'nhd.order-payment',
  handles: ['PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded'],
  async jobs(event) {
    const order = (event.data as { nhd_order_id?: unknown } | null)?.nhd_order_id;
    if (typeof order !== 'string') return [];
    return [orderPaymentJob.job({ payment: event })];
  },
};

/** Records the outcome on the order: paid (which starts the report), failed (pay again), or refunded after cancelling. */
export const recordOrderPayment = async (platform: Platform, payment: EventEnvelope): Promise<void> => {
  const metadata = systemMeta(platform, { actor: SYSTEM, cause: payment });
  switch (payment.type) {
    case 'PaymentSucceeded': {
      const d = PaymentSucceeded.parse(payment.data);
      if (!d.nhd_order_id) return;
      await runOrderCommand(platform, d.nhd_order_id, { type: 'RecordPayment', data: { checkout_id: d.checkout_id, amount_cents: d.amount_cents, ...(d.promo ? { promo: d.promo } : {}) }, metadata });
      return;
    }
    case 'PaymentFailed': {
      const d = PaymentFailed.parse(payment.data);
      if (!d.nhd_order_id) return;
      await runOrderCommand(platform, d.nhd_order_id, { type: 'RecordPaymentFailure', data: { checkout_id: d.checkout_id, message: d.message }, metadata });
      return;
    }
    case 'PaymentRefunded': {
      const d = PaymentRefunded.parse(payment.data);
      // Refunded and kept by a Super Admin's choice: the order runs on as it was.
      if (!d.nhd_order_id || !refundEnds(d)) return;
      await runOrderCommand(platform, d.nhd_order_id, { type: 'RecordRefund', data: { checkout_id: d.checkout_id, amount_cents: d.amount_cents }, metadata });
      return;
    }
    default:
      throw new PermanentJobError(`not a payment outcome: ${payment.type}`);
  }
};

/** Refused by the order (no such order, or a state that takes no such outcome): trying again cannot help. */
export const orderPaymentWorker = orderPaymentJob.worker(
  (platform, { payment }) => refusedForGoodIsPermanent(`${payment.type} not recorded`, () => recordOrderPayment(platform, payment)),
  { concurrency: 4 },
);
