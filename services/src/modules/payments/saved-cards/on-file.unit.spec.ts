import { describe, expect, it } from 'vitest';
import { PaymentFailed, PaymentSucceeded, type CheckoutStarted } from '@acpg/contracts/payments';
import { evolveCardOnFile, type OnFileEvent } from './on-file.ts';

const started = (checkoutId: string, last4: string, over: Partial<CheckoutStarted> = {}): { type: 'CheckoutStarted'; data: CheckoutStarted } => ({
  type: 'CheckoutStarted',
  data: {
    checkout_id: checkoutId,
    account_id: 'a1',
    plan_id: 'monthly',
    amount_cents: 6400,
    payment_method_id: `pm_${last4}`,
    card_brand: 'visa',
    card_last4: last4,
    idempotency_key: `checkout-${checkoutId}`,
    started_at: '2026-11-28T00:00:00.000Z',
    ...over,
  },
});
const common = (checkoutId: string) => ({ checkout_id: checkoutId, account_id: 'a1', plan_id: 'monthly', amount_cents: 6400, payment_intent_id: `pi_${checkoutId}`, gateway_event_id: `evt_${checkoutId}` });
const outcome = (type: 'PaymentSucceeded' | 'PaymentFailed', checkoutId: string): OnFileEvent =>
  type === 'PaymentSucceeded'
    ? { type, data: PaymentSucceeded.parse({ ...common(checkoutId), card_brand: 'visa', card_last4: '4242', paid_at: '2026-11-28T00:00:01.000Z' }) }
    : { type, data: PaymentFailed.parse({ ...common(checkoutId), reason: 'card_declined', message: 'Your card was declined.', failed_at: '2026-11-28T00:00:01.000Z' }) };

describe('the card on file', () => {
  it('is the card of the last payment that succeeded, or the last card saved, whichever came later; a declined one never', () => {
    let doc = evolveCardOnFile(null, started('c1', '0002'), 'a1');
    expect(doc).toMatchObject({ _id: 'a1', card: null });
    doc = evolveCardOnFile(doc, outcome('PaymentFailed', 'c1'), 'a1');
    expect(doc).toMatchObject({ card: null, pending: {} });
    doc = evolveCardOnFile(doc, started('c2', '4242'), 'a1');
    doc = evolveCardOnFile(doc, outcome('PaymentSucceeded', 'c2'), 'a1');
    expect(doc).toMatchObject({ card: { payment_method_id: 'pm_4242', brand: 'visa', last4: '4242' }, pending: {} });
    doc = evolveCardOnFile(doc, { type: 'CardSaved', data: { account_id: 'a1', payment_method_id: 'pm_0341', card_brand: 'visa', card_last4: '0341', saved_at: '2026-11-29T00:00:00.000Z' } }, 'a1');
    expect(doc).toMatchObject({ card: { payment_method_id: 'pm_0341', last4: '0341' } });
    // A renewal (off-session) changes nothing.
    doc = evolveCardOnFile(doc, started('c3', '9999', { renewal: { membership_id: 'm1', period_start: '2026-12-28T00:00:00.000Z', attempt: 1 } }), 'a1');
    doc = evolveCardOnFile(doc, outcome('PaymentSucceeded', 'c3'), 'a1');
    expect(doc).toMatchObject({ card: { last4: '0341' }, pending: {} });
  });
});
