import { EventEnvelope } from '@acpg/contracts/envelope';
import { PAYOUT_RECORDED, PayoutRecorded } from '@acpg/contracts/payments';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import { refusedForGoodIsPermanent } from '../../../platform/jobs/errors.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { runClaimCommand } from '../claim/access.ts';

export const CLAIM_PAYOUTS_QUEUE = 'reimbursement-claim-payouts';
const payoutJob = defineJob({ queue: CLAIM_PAYOUTS_QUEUE, name: 'mark-paid', data: z.object({ payout: EventEnvelope.extend({ data: PayoutRecorded }) }), attempts: 8, backoffMs: 1000, what: 'claim payout job' });

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
    const payout = PayoutRecorded.safeParse(event.data);
    return payout.success ? [payoutJob.job({ payout: { ...event, data: payout.data } })] : [];
  },
};

/** Refused by the claim (no such claim, or a state that takes no payment): trying again cannot help. */
export const claimPayoutWorker = payoutJob.worker(
  (platform, { payout }) => {
    const d = payout.data;
    const metadata = systemMeta(platform, { actor: SYSTEM, cause: payout });
    return refusedForGoodIsPermanent(`payout ${d.payout_id} not recorded on claim ${d.claim_id}`, () =>
      runClaimCommand(platform, d.claim_id, { type: 'MarkPaid', data: { payout_id: d.payout_id, amount_cents: d.amount_cents, method: d.method, reference: d.reference }, metadata }),
    );
  },
  { concurrency: 2 },
);
