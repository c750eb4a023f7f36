import { EventEnvelope } from '@acpg/contracts/envelope';
import { PaymentRefunded } from '@acpg/contracts/payments';
import { refundEnds } from '@acpg/contracts/refundables';
import { z } from 'zod';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { membershipDecider, membershipStream } from '../membership/decider.ts';

const refundJob = defineJob({ queue: 'memberships-refunds', name: 'end', data: z.object({ refunded: EventEnvelope }), attempts: 8, backoffMs: 1000, what: 'membership refund job' });
export const MEMBERSHIP_REFUNDS_QUEUE = refundJob.queue;

/**
 * A payment of a membership was refunded (payments' `PaymentRefunded` with `membership_id`) and the Super Admin chose to
 * end it: a job ends the membership at once (`MembershipCancelled`, reason `refunded`). Kept, nothing happens.
 */
export const membershipRefundReaction: Reaction = {
  name: 'memberships.refund',
  handles: ['PaymentRefunded'],
  async jobs(event) {
    const refunded = PaymentRefunded.safeParse(event.data);
    if (!refunded.success || !refunded.data.membership_id || !refundEnds(refunded.data)) return [];
    return [refundJob.job({ refunded: event })];
  },
};

export const membershipRefundWorker = refundJob.worker(
  async (platform, { refunded }) => {
    const d = PaymentRefunded.safeParse(refunded.data);
    if (!d.success || !d.data.membership_id) throw new PermanentJobError(`${refunded.type} ${refunded.id} names no membership`);
    await handleCommand(
      platform.eventStore,
      membershipStream(d.data.membership_id),
      membershipDecider,
      { type: 'EndOnRefund', data: { checkout_id: d.data.checkout_id }, metadata: systemMeta(platform, { actor: membershipRefundReaction.name, cause: refunded }) },
      { retries: 5 },
    );
  },
  { concurrency: 2 },
);
