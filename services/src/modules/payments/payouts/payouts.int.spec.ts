import { describe, expect, it } from 'vitest';
import { payoutStream, PayoutRecorded } from '@acpg/contracts/payments';
import { reimbursementClaimStream } from '@acpg/contracts/reimbursement';
import { sqliteFile } from '../../../composition/embedded.ts';
import { loadConfig } from '../../../platform/config/load.ts';
import { openSqlite } from '../../../platform/sqlite/open.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { adminStep, claimant, claimReaches, fileClaim } from '../../../../test/reimbursement.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { PAYOUTS_QUEUE, payoutReaction, payoutWorker, recordPayout } from './reaction.ts';

/** A reimbursement claim's payout (ReimbursementPayoutRequested → PayoutRecorded): recorded once, however often it is delivered. */
describe('reimbursement payouts', () => {
  const t = useTestApp();

  it('records one payout per claim even when the request is delivered twice, in turn or at once', async () => {
    const member = await claimant(t);
    const claim = await fileClaim(t, member.accountId, { amount_cents: 12_345 });
    await adminStep(t, claim.claim_id, 'review');
    await adminStep(t, claim.claim_id, 'approve', { reason: 'Covered', approved_amount_cents: 12_000 });
    await adminStep(t, claim.claim_id, 'payout', { method: 'check', reference: 'CHK-77' });
    await claimReaches(t, member.accountId, claim.claim_id, 'paid');

    const requested = (await t.platform.eventStore.readStream(reimbursementClaimStream(claim.claim_id))).find((e) => e.type === 'ReimbursementPayoutRequested');
    if (!requested) throw new Error('no payout request');
    expect(await payoutReaction.jobs(requested, t.platform)).toEqual([{ queue: PAYOUTS_QUEUE, name: 'record', data: { requested }, attempts: 8, backoffMs: 1000 }]);

    // Delivered again: directly, twice at once, and as two more jobs on the queue (ids the reaction would never repeat).
    expect(await recordPayout(t.platform, requested)).toBe(false);
    expect(await Promise.all([recordPayout(t.platform, requested), recordPayout(t.platform, requested)])).toEqual([false, false]);
    const worker = payoutWorker.processor(t.platform);
    await worker({ id: 'again', queue: PAYOUTS_QUEUE, name: 'record', data: { requested }, attemptsMade: 0 });
    for (const id of ['redelivered-1', 'redelivered-2']) await t.platform.jobs.enqueue(PAYOUTS_QUEUE, 'record', { requested }, { id });
    const db = openSqlite(sqliteFile(loadConfig({ DATA_DIR: t.dataDir })));
    try {
      const open = db.prepare(`SELECT COUNT(*) AS n FROM job_queue WHERE queue = ? AND state IN ('waiting', 'active')`);
      await waitFor(() => (open.get(PAYOUTS_QUEUE) as { n: number }).n === 0, { what: 'the payout queue drained' });
    } finally {
      db.close();
    }

    const payouts = await t.platform.eventStore.readStream(payoutStream(claim.claim_id));
    expect(payouts.map((e) => e.type)).toEqual(['PayoutRecorded']);
    expect(PayoutRecorded.parse(payouts[0]?.data)).toMatchObject({ claim_id: claim.claim_id, account_id: member.accountId, amount_cents: 12_000, method: 'check', reference: 'CHK-77', by: 'claims-admin' });
    const paid = (await t.platform.eventStore.readStream(reimbursementClaimStream(claim.claim_id))).filter((e) => e.type === 'ReimbursementClaimPaid');
    expect(paid).toHaveLength(1);
    expect(await t.platform.jobs.deadLetters(PAYOUTS_QUEUE)).toEqual([]);
  });
});
