import { EventEnvelope } from '@acpg/contracts/envelope';
import { z } from 'zod';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { JobProcessor } from '../../../platform/jobs/port.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { paymentGateway } from '../gateway/select.ts';
import { chargeRenewal } from './charge.ts';

export const RENEWAL_CHARGES_QUEUE = 'payments-renewal-charges';

/** A renewal fell due (memberships' `MembershipRenewalDue`, never its code): a job charges it. */
export const renewalChargeReaction: Reaction = {
  name: 'payments.renewal-charge',
  handles: ['MembershipRenewalDue'],
  async jobs(event) {
    return [{ queue: RENEWAL_CHARGES_QUEUE, name: 'charge', data: { due: event }, attempts: 8, backoffMs: 2000 }];
  },
};

const ChargeJob = z.object({ due: EventEnvelope });

export const renewalChargeWorker =
  (platform: Platform): JobProcessor =>
  async (job) => {
    const data = ChargeJob.safeParse(job.data);
    if (!data.success) throw new PermanentJobError(`not a renewal charge job: ${z.prettifyError(data.error)}`);
    await chargeRenewal(platform, paymentGateway(platform), data.data.due);
  };
