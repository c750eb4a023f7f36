import { describe, expect, it } from 'vitest';
import type { CheckoutStarted, PaymentSucceeded } from '@acpg/contracts/payments';
import type { PlanDefined } from '@acpg/contracts/plans';
import { pdfText } from '../../../platform/pdf/read-text.ts';
import { receiptPdf } from './pdf.ts';
import { cardText, formatUsd, receiptNumberOf, receiptOf } from './receipt.ts';

const CHECKOUT = '0f3a9b2c-41de-4c55-9a0b-2f1e3d4c5b6a';
const monthly: PlanDefined = { plan_id: 'monthly', name: 'Monthly', is_default: true, is_active: true, amount_cents: 1_995, setup_fees_cents: 4_900, recording_fees_cents: 1_500, trial_months: 1 };
const yearly: PlanDefined = { plan_id: 'yearly', name: 'Yearly', is_default: true, is_active: true, amount_cents: 19_900, setup_fees_cents: 0, recording_fees_cents: 1_500, trial_months: 0 };

const started = (over: Partial<CheckoutStarted> = {}): CheckoutStarted => ({
  checkout_id: CHECKOUT,
  account_id: 'acct-1',
  plan_id: 'monthly',
  amount_cents: 6_400,
  payment_method_id: 'pm_1',
  card_brand: 'visa',
  card_last4: '4242',
  idempotency_key: `checkout-${CHECKOUT}`,
  started_at: '2026-11-23T16:00:00.000Z',
  ...over,
});
const succeeded = (s: CheckoutStarted): PaymentSucceeded => ({
  checkout_id: s.checkout_id,
  account_id: s.account_id,
  plan_id: s.plan_id,
  amount_cents: s.amount_cents,
  card_brand: s.card_brand,
  card_last4: s.card_last4,
  paid_at: '2026-11-23T16:00:02.000Z',
  payment_intent_id: 'pi_1',
  gateway_event_id: 'evt_1',
  ...(s.promo ? { promo: s.promo } : {}),
  ...(s.renewal ? { renewal: s.renewal } : {}),
});

describe('receipt of a charge', () => {
  it('numbers it from the day paid and the checkout id, the same every time', () => {
    expect(receiptNumberOf(CHECKOUT, '2026-11-23T16:00:02.000Z')).toBe('R-20261123-0F3A9B2C41DE');
  });

  it('lists a trial checkout as the free trial, the setup fee and the recording fee, adding up to the charge', () => {
    const s = started();
    const r = receiptOf(s, succeeded(s), monthly, 'America/Los_Angeles');
    expect(r.lines).toEqual([
      { label: 'Monthly membership: 1-month free trial (the first month is charged when it ends)', amount_cents: 0 },
      { label: 'Setup fee', amount_cents: 4_900 },
      { label: 'Recording fee', amount_cents: 1_500 },
    ]);
    expect(r).toMatchObject({ receipt_number: 'R-20261123-0F3A9B2C41DE', plan_name: 'Monthly', subtotal_cents: 6_400, promo: null, total_cents: 6_400, renewal_period_start: null });
  });

  it('takes a promo discount off the list amount', () => {
    const s = started({ plan_id: 'yearly', amount_cents: 16_400, promo: { promo_code: 'SAVE50', list_amount_cents: 21_400, discount_cents: 5_000 } });
    const r = receiptOf(s, succeeded(s), yearly, 'America/Los_Angeles');
    expect(r.lines).toEqual([
      { label: 'Yearly membership: first year', amount_cents: 19_900 },
      { label: 'Recording fee', amount_cents: 1_500 },
    ]);
    expect(r).toMatchObject({ subtotal_cents: 21_400, promo: { code: 'SAVE50', discount_cents: 5_000 }, total_cents: 16_400 });
  });

  it('shows one line with the amount charged when the plan read back does not add up to it (never a made-up breakdown)', () => {
    const s = started({ amount_cents: 7_000 });
    expect(receiptOf(s, succeeded(s), monthly, 'America/Los_Angeles').lines).toEqual([{ label: 'Monthly membership', amount_cents: 7_000 }]);
    expect(receiptOf(s, succeeded(s), null, 'America/Los_Angeles')).toMatchObject({ plan_label: 'Membership', lines: [{ label: 'Membership', amount_cents: 7_000 }] });
  });

  it('names the term a renewal paid for', () => {
    const s = started({ plan_id: 'monthly-renewal', amount_cents: 2_495, renewal: { membership_id: 'm-1', period_start: '2026-12-23T16:00:00.000Z', attempt: 1 } });
    const r = receiptOf(s, succeeded(s), { ...monthly, plan_id: 'monthly-renewal', is_default: false, amount_cents: 2_495, setup_fees_cents: 0, recording_fees_cents: 0, trial_months: 0 }, 'America/Los_Angeles');
    expect(r.lines).toEqual([{ label: 'Monthly membership renewal: the month from December 23, 2026', amount_cents: 2_495 }]);
    expect(r.renewal_period_start).toBe('2026-12-23T16:00:00.000Z');
  });

  it('formats dollars and the card in US English', () => {
    expect(formatUsd(123_450)).toBe('$1,234.50');
    expect(formatUsd(-500)).toBe('-$5.00');
    expect(cardText('amex', '0005')).toBe('American Express ending in 0005');
  });

  it('renders a PDF that says the number, date, payer, lines, discount, total and card, byte for byte the same again', async () => {
    const s = started({ plan_id: 'yearly', amount_cents: 16_400, promo: { promo_code: 'SAVE50', list_amount_cents: 21_400, discount_cents: 5_000 } });
    const receipt = receiptOf(s, succeeded(s), yearly, 'America/Los_Angeles');
    const payer = { full_name: 'Pat Member', email: 'pat@example.test' };
    const pdf = await receiptPdf(receipt, payer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).join('\n');
    for (const said of ['R-20261123-0F3A9B2C41DE', 'November 23, 2026', 'Pat Member (pat@example.test)', 'Yearly membership: first year', '$199.00', 'Recording fee', '$15.00', 'Subtotal', '$214.00', 'Promo code SAVE50', '-$50.00', 'Total paid (USD)', '$164.00', 'Visa ending in 4242']) {
      expect(text).toContain(said);
    }
    expect((await receiptPdf(receipt, payer)).equals(pdf)).toBe(true);
  });
});
