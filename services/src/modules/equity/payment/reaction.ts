import { EventEnvelope } from '@acpg/contracts/envelope';
import { PaymentFailed, PaymentRefunded, PaymentSucceeded } from '@acpg/contracts/payments';
import { refundEnds } from '@acpg/contracts/refundables';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { PermanentJobError, refusedForGoodIsPermanent } from '../../../platform/jobs/errors.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { runEnrolmentCommand } from '../enrolment/commands.ts';

export const ENROLMENT_PAYMENTS_QUEUE = 'equity-enrolment-payments';
const enrolmentPaymentJob = defineJob({ queue: ENROLMENT_PAYMENTS_QUEUE, name: 'record', data: z.object({ payment: EventEnvelope }), attempts: 8, backoffMs: 1000, what: 'enrolment payment job' });

/**
 * The payments module's outcomes of an enrolment's checkout (`PaymentSucceeded`, `PaymentFailed`, `PaymentRefunded` with
 * `equity_enrolment_id`, never its code) become jobs that record them: paid starts the protection, refunded ends it unless the Super Admin chose to keep it.
 */
export const enrolmentPaymentReaction: Reaction = {
  name: 'equity.enrolment-payment',
  handles: ['PaymentSucceeded', 'PaymentFailed', 'PaymentRefunded'],
  async jobs(event) {
    const enrolment = (event.data as { equity_enrolment_id?: unknown } | null)?.equity_enrolment_id;
    if (typeof enrolment !== 'string') return [];
    return [enrolmentPaymentJob.job({ payment: event })];
  },
};

export const recordEnrolmentPayment = async (platform: Platform, payment: EventEnvelope): Promise<void> => {
  const metadata = systemMeta(platform, { actor: 'system', cause: payment });
  if (payment.type === 'PaymentSucceeded') {
    const d = PaymentSucceeded.parse(payment.data);
    if (!d.equity_enrolment_id) return;
    await runEnrolmentCommand(platform, d.equity_enrolment_id, { type: 'RecordPayment', data: { checkout_id: d.checkout_id, amount_cents: d.amount_cents, ...(d.promo ? { promo: d.promo } : {}) }, metadata });
  } else if (payment.type === 'PaymentFailed') {
    const d = PaymentFailed.parse(payment.data);
    if (!d.equity_enrolment_id) return;
    await runEnrolmentCommand(platform, d.equity_enrolment_id, { type: 'RecordPaymentFailure', data: { checkout_id: d.checkout_id, message: d.message }, metadata });
  } else if (payment.type === 'PaymentRefunded') {
    const d = PaymentRefunded.parse(payment.data);
    if (!d.equity_enrolment_id) return;
    await runEnrolmentCommand(platform, d.equity_enrolment_id, { type: 'RecordRefund', data: { checkout_id: d.checkout_id, end: refundEnds(d) }, metadata });
  } else throw new PermanentJobError(`not a payment outcome: ${payment.type}`);
};

/** Refused by the enrolment (no such enrolment, or a state that takes no such outcome): trying again cannot help. */
export const enrolmentPaymentWorker = enrolmentPaymentJob.worker(
  (platform, { payment }) => refusedForGoodIsPermanent(`${payment.type} not recorded`, () => recordEnrolmentPayment(platform, payment)),
  { concurrency: 4 },
);
