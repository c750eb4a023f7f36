import { describe, expect, it } from 'vitest';
import type { PaymentView } from '@acpg/contracts/payments';
import { applyPaymentPush } from './live-payments.ts';

const view = (id: string, over: Partial<PaymentView> = {}): PaymentView => ({
  checkout_id: id,
  account_id: 'a1',
  plan_id: 'monthly',
  nhd_order_id: null,
  equity_enrollment_id: null,
  status: 'processing',
  message: null,
  amount_cents: 6_400,
  card_brand: 'visa',
  card_last4: '4242',
  promo: null,
  renewal: null,
  started_at: '2026-11-23T16:00:00.000Z',
  settled_at: null,
  refund: null,
  version: 1,
  position: 10,
  ...over,
});

describe('payment history push', () => {
  const page = { items: [view('c2', { position: 20 }), view('c1', { position: 10, status: 'succeeded', version: 3 })], total: 2, page: 1, page_size: 10 };

  it('replaces a listed payment only by a higher version', () => {
    const next = applyPaymentPush(page, view('c2', { status: 'succeeded', version: 3, position: 22 }), true);
    expect(next.items.map((p) => [p.checkout_id, p.status])).toEqual([
      ['c2', 'succeeded'],
      ['c1', 'succeeded'],
    ]);
    expect(next.items[0]).not.toHaveProperty('id');
    expect(applyPaymentPush(page, view('c1', { status: 'processing', version: 1, position: 10 }), true)).toBe(page);
  });

  it('adds a new payment on top of the newest page only, once', () => {
    const fresh = view('c3', { position: 30 });
    const once = applyPaymentPush(page, fresh, true);
    expect(once.items.map((p) => p.checkout_id)).toEqual(['c3', 'c2', 'c1']);
    expect(once.total).toBe(3);
    expect(applyPaymentPush(once, fresh, true)).toBe(once);
    expect(applyPaymentPush(page, fresh, false)).toBe(page);
    expect(applyPaymentPush(page, view('c0', { position: 5 }), true)).toBe(page); // older than the read: it was not in it for a reason
  });
});
