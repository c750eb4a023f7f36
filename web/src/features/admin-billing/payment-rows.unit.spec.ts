import { describe, expect, it } from 'vitest';
import type { PaymentView, PayoutView } from '@acpg/contracts/payments';
import { paymentRow } from './api/admin-billing.ts';
import { amountText, exportRow, kindText, matchesPayment, methodText, payoutSentence, rowDate, statusLook, whatText } from './payment-rows.ts';

const payout: PayoutView = {
  entry: 'payout',
  payout_id: 'po-1',
  claim_id: '6c1d9a52-0000-4000-8000-000000000001',
  claim_number: 'CLM-100042',
  account_id: 'acct-casey',
  amount_cents: 25_000,
  method: 'ach',
  reference: 'ACH-778',
  paid_by: 'admin-1',
  paid_at: '2026-11-20T15:30:00.000Z',
  version: 1,
  position: 90,
};
const charge: PaymentView = {
  checkout_id: 'c-1',
  account_id: 'acct-sky',
  plan_id: 'yearly',
  nhd_order_id: null,
  equity_enrollment_id: null,
  status: 'succeeded',
  message: null,
  amount_cents: 12_000,
  card_brand: 'visa',
  card_last4: '4242',
  promo: null,
  renewal: null,
  started_at: '2026-11-19T10:00:00.000Z',
  settled_at: '2026-11-19T10:00:05.000Z',
  refund: null,
  version: 2,
  position: 80,
};

describe('admin Payments rows: a claim payout beside the charges', () => {
  it('shows a payout as its own kind, as money paid out, with its claim number, method and date', () => {
    const row = paymentRow(payout);
    expect(row.id).toBe(`payout-${payout.claim_id}`);
    expect([kindText(row), whatText(row), amountText(row), methodText(row), statusLook(row).text, rowDate(row)]).toEqual([
      'Claim payout',
      'Claim payout · CLM-100042',
      '−$250.00 paid out',
      'ACH transfer (ACH-778)',
      'Paid out',
      '2026-11-20T15:30:00.000Z',
    ]);
    expect(payoutSentence(row, 'Casey Claimant')).toBe('$250.00 was paid out to Casey Claimant by ACH transfer (reference ACH-778) for reimbursement claim CLM-100042.');
    expect(whatText(paymentRow({ ...payout, claim_number: null }))).toBe('Claim payout · claim 6C1D9A52');
    expect(payoutSentence(paymentRow({ ...payout, method: 'check', reference: '1001' }), 'Casey')).toContain('paid out to Casey by check (reference 1001)');
  });

  it('exports a payout with a negative amount (money out), its claim and reference; a charge as before', () => {
    expect(exportRow(paymentRow(payout))).toEqual(['2026-11-20T15:30:00.000Z', 'acct-casey', '', 'Claim payout', '-250.00', '', 'ACH transfer', 'Paid out', '2026-11-20T15:30:00.000Z', '', 'CLM-100042', 'ACH-778']);
    expect(exportRow(paymentRow(charge)).slice(0, 8)).toEqual(['2026-11-19T10:00:00.000Z', 'acct-sky', 'yearly', 'Checkout', '120.00', '', 'visa 4242', 'Paid']);
  });

  it('takes a charge pushed without `entry` as a charge, and matches pushed rows with the list’s filters', () => {
    const row = paymentRow(charge);
    expect([row.entry, row.id, amountText(row), methodText(row)]).toEqual(['charge', 'c-1', '$120.00', 'Visa ending in 4242']);
    const out = paymentRow(payout);
    expect(matchesPayment(out, { kind: 'claim_payout' })).toBe(true);
    expect(matchesPayment(out, { kind: 'checkout' })).toBe(false);
    expect(matchesPayment(out, { status: 'succeeded' })).toBe(false);
    expect(matchesPayment(out, { from: '2026-11-20', to: '2026-11-20' })).toBe(true);
    expect(matchesPayment(row, { kind: 'checkout', status: 'succeeded' })).toBe(true);
    expect(matchesPayment(row, { kind: 'claim_payout' })).toBe(false);
  });
});
