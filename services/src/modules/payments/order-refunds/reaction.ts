import { EventEnvelope } from '@acpg/contracts/envelope';
import { NhdOrderCancelled } from '@acpg/contracts/nhd';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { loadCheckout } from '../checkout/commands.ts';
import { refundPayment } from '../refunds/commands.ts';

/** One job per cancelled order with a refund due: the cancellation event, refunded from. */
const orderRefundJob = defineJob({ queue: 'payments-order-refunds', name: 'refund', data: z.object({ cancelled: EventEnvelope }), attempts: 8, backoffMs: 2000, what: 'order refund job' });
export const ORDER_REFUNDS_QUEUE = orderRefundJob.queue;

/** A paid NHD order was cancelled before its report was made (nhd's `NhdOrderCancelled` with `refund_due`): a job refunds it. */
export const orderRefundReaction: Reaction = {
  name: 'payments.order-refund',
  handles: ['NhdOrderCancelled'],
  async jobs(event) {
    const cancelled = NhdOrderCancelled.safeParse(event.data);
    if (!cancelled.success || !cancelled.data.refund_due || !cancelled.data.checkout_id) return [];
    return [orderRefundJob.job({ cancelled: event })];
  },
};

/**
 * Refunds the order's checkout in full, once (the gateway's refund key is the checkout's, and a refunded checkout is
 * left alone), recording who cancelled it and why; `PaymentRefunded` names the order, which nhd records.
 */
export const orderRefundWorker = orderRefundJob.worker(
  async (platform, job) => {
    const cancelled = NhdOrderCancelled.safeParse(job.cancelled.data);
    if (!cancelled.success || !cancelled.data.checkout_id) throw new PermanentJobError('not an order refund job');
    const { checkout_id: checkoutId, reason, by } = cancelled.data;
    const checkout = await loadCheckout(platform, checkoutId);
    if (checkout.status === 'none') throw new PermanentJobError(`checkout ${checkoutId} of the cancelled order does not exist`);
    if (checkout.refund) return; // refunded already (this job ran before, or a Super Admin did it)
    if (checkout.status !== 'succeeded') throw new PermanentJobError(`checkout ${checkoutId} of the cancelled order is ${checkout.status}, not paid`);
    await refundPayment(platform, checkoutId, { reason: `NHD order cancelled: ${reason}`, adminId: by, service: 'end' }, systemMeta(platform, { actor: orderRefundReaction.name, cause: job.cancelled }));
  },
  { concurrency: 2 },
);
