import { EventEnvelope } from '@acpg/contracts/envelope';
import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { paymentGateway } from '../gateway/select.ts';
import { chargeRenewal } from './charge.ts';

/** One job per renewal due: the due event, charged off-session. */
const renewalChargeJob = defineJob({ queue: 'payments-renewal-charges', name: 'charge', data: z.object({ due: EventEnvelope }), attempts: 8, backoffMs: 2000, what: 'renewal charge job' });
export const RENEWAL_CHARGES_QUEUE = renewalChargeJob.queue;

/** A renewal fell due (memberships' `MembershipRenewalDue`, never its code): a job charges it. */
export const renewalChargeReaction: Reaction = {
  name: 'payments.renewal-charge',
  handles: ['MembershipRenewalDue'],
  async jobs(event) {
    return [renewalChargeJob.job({ due: event })];
  },
};

export const renewalChargeWorker = renewalChargeJob.worker(async (platform, job) => void (await chargeRenewal(platform, paymentGateway(platform), job.due)), { concurrency: 2 });
