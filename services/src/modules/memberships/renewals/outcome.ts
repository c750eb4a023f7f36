import { EventEnvelope } from '@acpg/contracts/envelope';
import { PaymentFailed, PaymentSucceeded } from '@acpg/contracts/payments';
import { z } from 'zod';
import { handleCommand } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { JobProcessor } from '../../../platform/jobs/port.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { membershipDecider, membershipStream, type RecordRenewalOutcome } from '../membership/decider.ts';

export const RENEWALS_QUEUE = 'memberships-renewals';
export const RENEWAL_OUTCOME_ACTOR = 'memberships.renewal-outcome';

const hasRenewal = (data: unknown) => typeof data === 'object' && data !== null && 'renewal' in data && Boolean((data as { renewal?: unknown }).renewal);

/** A renewal charge settled (payments' `PaymentSucceeded` / `PaymentFailed` with `renewal`): a job records it on the membership. */
export const renewalOutcomeReaction: Reaction = {
  name: 'memberships.renewal-outcome',
  handles: ['PaymentSucceeded', 'PaymentFailed'],
  async jobs(event) {
    if (!hasRenewal(event.data)) return [];
    return [{ queue: RENEWALS_QUEUE, name: 'outcome', data: { payment: event }, attempts: 8, backoffMs: 1000 }];
  },
};

const OutcomeJob = z.object({ payment: EventEnvelope });

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

export const renewalsWorker =
  (platform: Platform): JobProcessor =>
  async (job) => {
    const data = OutcomeJob.safeParse(job.data);
    if (!data.success) throw new PermanentJobError(`not a renewal outcome job: ${z.prettifyError(data.error)}`);
    await recordRenewalOutcome(platform, data.data.payment);
  };
