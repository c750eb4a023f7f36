import { EventEnvelope } from '@acpg/contracts/envelope';
import { REIMBURSEMENT_PAYOUT_REQUESTED, ReimbursementPayoutRequested } from '@acpg/contracts/reimbursement';
import { z } from 'zod';
import { handleCommand, isAlreadyExists } from '../../../platform/commands/handle-command.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { claimNumberOf } from '../copies/copies.ts';
import { payoutDecider, payoutStream } from './decider.ts';

/** One job per payout request: the request event, recorded from. */
const payoutJob = defineJob({ queue: 'payments-payouts', name: 'record', data: z.object({ requested: EventEnvelope }), attempts: 8, backoffMs: 1000, what: 'payout job' });
export const PAYOUTS_QUEUE = payoutJob.queue;

/** A Super Admin asked to pay an approved reimbursement claim out (`ReimbursementPayoutRequested`, read through its contract). */
export const payoutReaction: Reaction = {
  name: 'payments.payout',
  handles: [REIMBURSEMENT_PAYOUT_REQUESTED],
  async jobs(event) {
    if (!ReimbursementPayoutRequested.safeParse(event.data).success) return [];
    return [payoutJob.job({ requested: event })];
  },
};

/**
 * Records the payout once per claim: `PayoutRecorded` on `payments-payout-<claim id>`, created by this append
 * (`newStream`), so a redelivered request or a job run again finds the stream there and records nothing more.
 */
export const recordPayout = async (platform: Platform, requested: EventEnvelope): Promise<boolean> => {
  const parsed = ReimbursementPayoutRequested.safeParse(requested.data);
  if (!parsed.success) throw new PermanentJobError(`not a payout request: ${z.prettifyError(parsed.error)}`);
  const d = parsed.data;
  const metadata = systemMeta(platform, { actor: d.by, cause: requested });
  // The claim's number, as people read it on the admin Payments list (payments' copy of reimbursement's claims).
  const claimNumber = await claimNumberOf(platform, d.claim_id);
  const data = { payout_id: metadata.newId(), claim_id: d.claim_id, claim_number: claimNumber, account_id: d.account_id, amount_cents: d.amount_cents, method: d.method, reference: d.reference };
  try {
    await handleCommand(platform.eventStore, payoutStream(d.claim_id), payoutDecider, { type: 'RecordPayout', data, metadata }, { newStream: true });
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false; // recorded already
    throw error;
  }
};

export const payoutWorker = payoutJob.worker(async (platform, job) => void (await recordPayout(platform, job.requested)), { concurrency: 2 });
