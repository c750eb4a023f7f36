import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAYOUT_RECORDED, payoutStream, type PayoutRecorded } from '@acpg/contracts/payments';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import type { Platform } from '../../../platform/module.ts';
import { deliverLosingRaces, deliverOnEmptyStore, expectWonAfterLosing, publishedEvent } from '../../../../test/lost-races.ts';
import { filedClaimData } from '../../../../test/reimbursement.ts';
import { runClaimCommand } from '../claim/access.ts';
import { claimStream, type ClaimCommand } from '../claim/decider.ts';
import { claimPayoutReaction, claimPayoutWorker } from './reaction.ts';

const LOST_RACES = 20;
const PAYOUT = { reaction: claimPayoutReaction, worker: claimPayoutWorker };
const OWNER = 'acct-1';
const ADMIN = 'admin-1';

type Step = { [K in ClaimCommand['type']]: { type: K; data: Extract<ClaimCommand, { type: K }>['data'] } }[ClaimCommand['type']];

/** A claim filed, reviewed, approved and its payout asked for, written through the claim decider as its routes write it. */
const claimAwaitingPayout = async (platform: Platform, claimId: string) => {
  const step = (actor: string, command: Step) => runClaimCommand(platform, claimId, { ...command, metadata: systemMeta(platform, { actor }) } as ClaimCommand);
  await step(OWNER, {
    type: 'FileClaim',
    data: filedClaimData(claimId, { account_id: OWNER, expense_date: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10) }),
  });
  await step(ADMIN, { type: 'StartReview', data: {} });
  await step(ADMIN, { type: 'ApproveClaim', data: { reason: 'Covered by the plan', approved_amount_cents: 40_000 } });
  await step(ADMIN, { type: 'RequestPayout', data: { method: 'ach', reference: 'ACH-1001' } });
};

const payoutRecorded = (claimId: string): PayoutRecorded => ({
  payout_id: randomUUID(),
  claim_id: claimId,
  account_id: OWNER,
  amount_cents: 40_000,
  method: 'ach',
  reference: 'ACH-1001',
  by: ADMIN,
  at: new Date().toISOString(),
});

describe('a reimbursement payout that loses the write race on its claim', () => {
  it(`is recorded exactly once after losing ${LOST_RACES} races in a row, and never dead-lettered`, async () => {
    const claimId = randomUUID();
    const delivered = publishedEvent(PAYOUT_RECORDED, payoutStream(claimId), payoutRecorded(claimId));
    const result = await deliverLosingRaces(PAYOUT, claimStream(claimId), LOST_RACES, (platform) => claimAwaitingPayout(platform, claimId), delivered);
    expectWonAfterLosing(result, LOST_RACES);
    expect(result.history.filter((event) => event.type === 'ReimbursementClaimPaid')).toHaveLength(1);
  });

  it('is dead-lettered when the claim refuses it (no such claim): a retry cannot help', async () => {
    const claimId = randomUUID();
    const { deadLetters, attempts } = await deliverOnEmptyStore(PAYOUT, publishedEvent(PAYOUT_RECORDED, payoutStream(claimId), payoutRecorded(claimId)));
    expect(attempts).toBe(1);
    expect(deadLetters).toEqual([expect.objectContaining({ error: expect.stringContaining(`not recorded on claim ${claimId}`) })]);
  });
});
