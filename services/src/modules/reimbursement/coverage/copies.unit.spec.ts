import { describe, expect, it } from 'vitest';
import { nextMembershipCover } from './copies.ts';
import type { MembershipCover } from './rules.ts';

const started = {
  type: 'MembershipStarted',
  occurredAt: '2026-01-10T09:00:00.000Z',
  data: {
    membership_id: 'm-1',
    account_id: 'acct-1',
    plan_id: 'monthly',
    plan_name: 'Monthly',
    amount_cents: 1_995,
    renewal_amount_cents: 1_995,
    paid_cents: 6_400,
    started_at: '2026-01-10T09:00:00.000Z',
    trial_ends_at: null,
    next_renewal_at: '2026-02-10T09:00:00.000Z',
    card_brand: 'visa',
    card_last4: '4242',
    status: 'active',
    checkout_id: 'm-1',
  },
};
const renewed = (periodStart: string, planId = 'monthly', planName = 'Monthly') => ({
  type: 'MembershipRenewed',
  occurredAt: periodStart,
  data: { membership_id: 'm-1', account_id: 'acct-1', plan_id: planId, plan_name: planName, amount_cents: 1_995, checkout_id: 'c', period_start: periodStart, next_renewal_at: periodStart, attempt: 1, renewed_at: periodStart },
});

describe("the memberships copy's stretches", () => {
  it('starts with the start, adds each renewal once on the plan it renewed as, and keeps them through a cancellation', () => {
    let copy: MembershipCover | null = nextMembershipCover(null, started);
    expect(copy?.periods).toEqual([{ from: '2026-01-10T09:00:00.000Z', plan_id: 'monthly', plan_name: 'Monthly', why: 'start' }]);
    copy = nextMembershipCover(copy, renewed('2026-02-10T09:00:00.000Z', 'yearly', 'Yearly'));
    copy = nextMembershipCover(copy, renewed('2026-02-10T09:00:00.000Z', 'yearly', 'Yearly')); // delivered again
    expect(copy?.plan_id).toBe('yearly');
    expect(copy?.periods?.map((p) => [p.from, p.plan_id, p.why])).toEqual([
      ['2026-01-10T09:00:00.000Z', 'monthly', 'start'],
      ['2026-02-10T09:00:00.000Z', 'yearly', 'renewal'],
    ]);
    copy = nextMembershipCover(copy, { type: 'MembershipCancelled', occurredAt: '2026-03-01T00:00:00.000Z', data: { membership_id: 'm-1', ended_at: '2026-03-01T00:00:00.000Z' } });
    expect(copy?.periods).toHaveLength(2);
    // A renewal the contract cannot read changes nothing.
    expect(nextMembershipCover(copy, { type: 'MembershipRenewed', occurredAt: 'x', data: { membership_id: 'm-1' } })?.periods).toHaveLength(2);
  });
});
