import { describe, expect, it } from 'vitest';
import { noticeOf } from './reaction.ts';

const step = { claim_id: 'c1', by: 'admin', at: '2026-11-24T10:00:00.000Z' };

describe('claim notices', () => {
  it('tells the claimant each status change with the reviewer’s words, and nothing for a payout still under way', () => {
    expect(noticeOf({ type: 'ReimbursementClaimRejected', data: { ...step, reason: 'Not a covered expense' } })).toEqual({
      status: 'rejected',
      summary: 'Your claim was not approved.',
      note: 'Not a covered expense',
    });
    expect(noticeOf({ type: 'ReimbursementClaimApproved', data: { ...step, reason: 'Covered', approved_amount_cents: 12_345 } })?.summary).toBe(
      'Your claim was approved for $123.45. We will tell you when it is paid.',
    );
    expect(noticeOf({ type: 'ReimbursementClaimPaid', data: { ...step, payout_id: 'p', amount_cents: 500, method: 'check', reference: 'CHK-1' } })?.summary).toBe(
      'We paid $5.00 by check (reference CHK-1).',
    );
    expect(noticeOf({ type: 'ReimbursementPayoutRequested', data: { ...step, account_id: 'a', amount_cents: 500, method: 'ach', reference: 'A-1' } })).toBeNull();
  });
});
