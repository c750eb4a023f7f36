import { EventEnvelope } from '@acpg/contracts/envelope';
import { PaymentFailed, PaymentSucceeded } from '@acpg/contracts/payments';
import { z } from 'zod';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { membershipDecider, membershipStream, type RecordRenewalOutcome } from '../membership/decider.ts';

export const RENEWALS_QUEUE = 'memberships-renewals';
export const RENEWAL_OUTCOME_ACTOR = 'memberships.renewal-outcome';
const outcomeJob = defineJob({ queue: RENEWALS_QUEUE, name: 'outcome', data: z.object({ payment: EventEnvelope }), attempts: 8, backoffMs: 1000, what: 'renewal outcome job' });

const hasRenewal = (data: unknown) => typeof data === 'object' && data !== null && 'renewal' in data && Boolean((data as { renewal?: unknown }).renewal);

/** A renewal charge settled (payments' `PaymentSucceeded` / `PaymentFailed` with `renewal`): a job records it on the membership. */
export const renewalOutcomeReaction: Reaction = {
  name: 'memberships.renewal-outcome',
  handles: ['PaymentSucceeded', 'PaymentFailed'],
  async jobs(event) {
    if (!hasRenewal(event.data)) return [];
    return [outcomeJob.job({ payment: event })];
  },
};

const commandOf = (payment: EventEnvelope): RecordRenewalOutcome['data'] => {
  if (payment.type === 'PaymentSucceeded') {
    const paid = PaymentSucceeded.safeParse(payment.data);
    if (!paid.success || !paid.data.renewal) throw new PermanentJobError(`PaymentSucceeded ${payment.id} is not a renewal`);
    return { checkout_id: paid.data.checkout_id, renewal: paid.data.renewal, outcome: 'paid', paid_at: paid.data.paid_at };
  }
  const failed = PaymentFailed.safeParse(payment.data);
  if (!failed.success || !failed.data.renewal) throw new PermanentJobError(`${payment.type} ${payment.id} is not a renewal outcome`);
  return { checkout_id: failed.data.checkout_id, renewal: failed.data.renewal, outcome: 'failed', message: failed.data.message, failed_at: failed.data.failed_at };
};

/** Records the outcome once: the decider ignores a repeat, a late one, or one for another period or try. */
export const recordRenewalOutcome = async (platform: Platform, payment: EventEnvelope): Promise<void> => {
  const data = commandOf(payment);
  await handleCommand(
    platform.eventStore,
    membershipStream(data.renewal.membership_id),
    membershipDecider,
    { type: 'RecordRenewalOutcome', data, metadata: systemMeta(platform, { actor: RENEWAL_OUTCOME_ACTOR, cause: payment }) },
    { retries: 5 },
  );
};

export const renewalsWorker = outcomeJob.worker((platform, { payment }) => recordRenewalOutcome(platform, payment), { concurrency: 2 });
