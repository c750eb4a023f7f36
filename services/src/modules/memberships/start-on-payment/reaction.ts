import { EventEnvelope } from '@acpg/contracts/envelope';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { startMembershipFor } from './commands.ts';

/** The queue the memberships module works. */
export const MEMBERSHIPS_QUEUE = 'memberships';
const startJob = defineJob({ queue: MEMBERSHIPS_QUEUE, name: 'start', data: z.object({ payment: EventEnvelope }), attempts: 8, backoffMs: 1000, what: 'membership job' });

/**
 * A payment succeeded (payments module's event): a job starts the membership it bought. The reaction only turns the
 * event into the job (id `<reaction>:<event id>`, so a redelivered event makes no second job); the job does it.
 */
export const startOnPaymentReaction: Reaction = {
  name: 'memberships.start-on-payment',
  handles: ['PaymentSucceeded'],
  async jobs(event) {
    // A renewal's charge renews its membership (renewals/outcome.ts); it starts none.
    if (typeof event.data === 'object' && event.data !== null && (event.data as { renewal?: unknown }).renewal) return [];
    // An NHD order's payment is the nhd module's to record; it starts no membership.
    if (typeof event.data === 'object' && event.data !== null && (event.data as { nhd_order_id?: unknown }).nhd_order_id) return [];
    // Nor does an Equity Protect enrolment's (the equity module's to record).
    if (typeof event.data === 'object' && event.data !== null && (event.data as { equity_enrolment_id?: unknown }).equity_enrolment_id) return [];
    return [startJob.job({ payment: event })];
  },
};

/** The worker of MEMBERSHIPS_QUEUE: runs the StartMembership command for the payment in the job. */
export const membershipsWorker = startJob.worker(
  async (platform, { payment }) => {
    const started = await startMembershipFor(platform, payment);
    if (!started) platform.log.info({ eventId: payment.id }, 'membership already started for this payment');
  },
  { concurrency: 2 },
);
