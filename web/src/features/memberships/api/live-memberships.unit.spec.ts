import { describe, expect, it } from 'vitest';
import type { Page } from '@acpg/contracts/http';
import type { MembershipView } from '@acpg/contracts/memberships';
import { applyMembershipPush } from './live-memberships.ts';

const membership = (id: string, version: number, position: number, over: Partial<MembershipView> = {}): MembershipView => ({
  id,
  account_id: 'acc-1',
  plan_id: 'plan-m',
  plan_name: 'Monthly',
  status: 'trialing',
  started_at: '2026-11-23T19:00:00.000Z',
  trial_ends_at: '2026-12-23T19:00:00.000Z',
  next_renewal_at: '2026-12-23T19:00:00.000Z',
  amount_cents: 1999,
  renewal_amount_cents: 2499,
  paid_cents: 7400,
  card_brand: 'visa',
  card_last4: '4242',
  cancel_at_period_end: false,
  switch_to_plan_name: null,
  ended_at: null,
  next_retry_at: null,
  cancels_at: null,
  version,
  position,
  ...over,
});
const page = (items: MembershipView[], total = items.length): Page<MembershipView> => ({ items, total, page: 1, page_size: 10 });

describe('membership pushes on /subscriptions', () => {
  it('adds a new membership on top of an empty first page (the empty state becomes the row)', () => {
    const next = applyMembershipPush(page([]), membership('m-1', 1, 40), true);
    expect(next.items.map((m) => m.id)).toEqual(['m-1']);
    expect(next.total).toBe(1);
  });

  it('does not add a membership twice when the read already holds it', () => {
    const read = page([membership('m-1', 1, 40)]);
    expect(applyMembershipPush(read, membership('m-1', 1, 40), true)).toBe(read);
  });

  it('does not add a membership older than what the read holds (the read would have had it)', () => {
    const read = page([membership('m-2', 1, 50)]);
    expect(applyMembershipPush(read, membership('m-1', 1, 40), true)).toBe(read);
  });

  it('replaces a listed membership only by a higher version', () => {
    const read = page([membership('m-1', 2, 45, { status: 'active' })]);
    expect(applyMembershipPush(read, membership('m-1', 1, 40), true)).toBe(read);
    const newer = applyMembershipPush(read, membership('m-1', 3, 60, { card_last4: '1111' }), true);
    expect(newer.items[0]?.card_last4).toBe('1111');
    expect(newer.total).toBe(1);
  });

  it('leaves another page or order as it is, and still updates a membership it shows', () => {
    const read = { ...page([membership('m-1', 1, 40)], 11), page: 2 };
    expect(applyMembershipPush(read, membership('m-9', 1, 90), false)).toBe(read);
    expect(applyMembershipPush(read, membership('m-1', 2, 91, { status: 'active' }), false).items[0]?.status).toBe('active');
  });
});
