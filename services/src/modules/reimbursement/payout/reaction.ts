import { EventEnvelope } from '@acpg/contracts/envelope';
import { PAYOUT_RECORDED, PayoutRecorded } from '@acpg/contracts/payments';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { refusedForGood } from '../../../platform/commands/domain-error.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { JobProcessor } from '../../../platform/jobs/port.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { runClaimCommand } from '../claim/access.ts';

export const CLAIM_PAYOUTS_QUEUE = 'reimbursement-claim-payouts';

/** Who records what payments report: the audit trail shows it as the system. */
const SYSTEM = 'system';

/**
 * The payments module recorded a claim's payout (`PayoutRecorded`, read through its contract, never its code): a job
 * marks the claim paid. A redelivered event makes no second job, and the decider records the payment once anyway.
 */
export const claimPayoutReaction: Reaction = {
  name: 'reimbursement.claim-payout',
  handles: [PAYOUT_RECORDED],
  async jobs(event) {
    if (!PayoutRecorded.safeParse(event.data).success) return [];
    return [{ queue: CLAIM_PAYOUTS_QUEUE, name: 'mark-paid', data: { payout: event }, attempts: 8, backoffMs: 1000 }];
  },
};

const Job = z.object({ payout: EventEnvelope });

export const claimPayoutWorker =
  (platform: Platform): JobProcessor =>
  async (job) => {
    const parsed = Job.safeParse(job.data);
    const payout = parsed.success ? PayoutRecorded.safeParse(parsed.data.payout.data) : null;
    if (!parsed.success || !payout?.success) throw new PermanentJobError('not a claim payout job');
    const d = payout.data;
    const metadata = systemMeta(platform, { actor: SYSTEM, cause: parsed.data.payout });
    try {
      await runClaimCommand(platform, d.claim_id, { type: 'MarkPaid', data: { payout_id: d.payout_id, amount_cents: d.amount_cents, method: d.method, reference: d.reference }, metadata });
    } catch (error) {
      // Refused by the claim (no such claim, or a state that takes no payment): trying again cannot help.
      if (refusedForGood(error)) throw new PermanentJobError(`payout ${d.payout_id} not recorded on claim ${d.claim_id}: ${error.message}`);
      throw error;
    }
  };
