import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../../../test/stored-event.ts';
import type { ClaimEvent } from '../claim/decider.ts';
import { claimRows, evolveClaimRow } from './view.ts';

const CLAIM = '5b1e7c7a-2d1f-4c3e-8a9b-0c1d2e3f4a5b';
const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
const doc = (id: string) => ({ doc_id: id, file_key: `reimbursement/documents/${CLAIM}/${id}`, name: `${id}.pdf`, content_type: 'application/pdf', size: 100 });
const step = (minute: number, by = 'admin') => ({ claim_id: CLAIM, by, at: at(minute) });

const submitted: ClaimEvent = {
  type: 'ReimbursementClaimSubmitted',
  data: {
    ...step(0, 'acct-1'),
    account_id: 'acct-1',
    property: { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', apn: '123-45-678' },
    category: 'hazard_damage_repair',
    amount_cents: 90_000,
    expense_date: '2026-11-01',
    description: 'Fence rebuilt after the flood',
    documents: [doc('d1')],
  },
};
const walk: ClaimEvent[] = [
  submitted,
  { type: 'ReimbursementClaimReviewStarted', data: step(1) },
  { type: 'ReimbursementInfoRequested', data: { ...step(2), message: 'Send photos' } },
  { type: 'ReimbursementInfoProvided', data: { ...step(3, 'acct-1'), message: 'Photos attached', documents: [doc('d2')] } },
  { type: 'ReimbursementClaimApproved', data: { ...step(4), reason: 'Covered', approved_amount_cents: 80_000 } },
  { type: 'ReimbursementPayoutRequested', data: { ...step(5), account_id: 'acct-1', amount_cents: 80_000, method: 'check', reference: 'CHK-9' } },
  { type: 'ReimbursementClaimPaid', data: { ...step(6, 'system'), payout_id: 'p1', amount_cents: 80_000, method: 'check', reference: 'CHK-9' } },
];
const stream = (events: readonly ClaimEvent[]) => events.map((e, i) => storedEvent({ type: e.type, stream: `reimbursement-claim-${CLAIM}`, data: e.data, version: i + 1 }));

describe('the reimbursement_claims row', () => {
  it('follows every event: status, messages, documents (never their file keys), reason, payout', () => {
    const statuses = walk.map((_, i) => claimRows.fromStream(stream(walk.slice(0, i + 1)))?.status);
    expect(statuses).toEqual(['submitted', 'under_review', 'more_info_requested', 'under_review', 'approved', 'approved', 'paid']);
    const view = claimRows.fromStream(stream(walk));
    expect(view).toMatchObject({
      claim_id: CLAIM,
      approved_amount_cents: 80_000,
      reason: 'Covered',
      messages: [{ from: 'reviewer', message: 'Send photos', by: 'admin' }, { from: 'claimant', message: 'Photos attached', by: 'acct-1' }],
      payout: { method: 'check', reference: 'CHK-9', amount_cents: 80_000, at: at(5), paid_at: at(6) },
      submitted_at: at(0),
      updated_at: at(6),
      version: 7,
    });
    expect(view?.documents).toEqual([
      { doc_id: 'd1', name: 'd1.pdf', content_type: 'application/pdf', size: 100, added_at: at(0), by: 'acct-1' },
      { doc_id: 'd2', name: 'd2.pdf', content_type: 'application/pdf', size: 100, added_at: at(3), by: 'acct-1' },
    ]);
    expect(JSON.stringify(view)).not.toContain('file_key');
  });

  it('keeps the county at the top level for the admin filter, records a rejection, and ignores events without their claim', () => {
    const row = evolveClaimRow(null, submitted);
    expect(row).toMatchObject({ _id: CLAIM, county: 'Santa Clara' });
    const rejected = claimRows.fromStream(stream([submitted, walk[1] as ClaimEvent, { type: 'ReimbursementClaimRejected', data: { ...step(2), reason: 'Not covered' } }]));
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'Not covered', approved_amount_cents: null, payout: null });
    expect(evolveClaimRow(null, walk[1] as ClaimEvent)).toBeNull();
  });
});
