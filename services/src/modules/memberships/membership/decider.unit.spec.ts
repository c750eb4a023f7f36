import { foldStream } from '../../../platform/commands/handle-command.ts';
import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { membershipStartedData, startMembershipData } from '../../../../test/memberships.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { addMonthsUtc } from './dates.ts';
import { membershipDecider,  decideMembership, evolveMembership, initialMembershipState, type StartMembership } from './decider.ts';

const meta = metaAt('2026-11-23T19:00:05.000Z');
const base = startMembershipData({ membership_id: 'c1', checkout_id: 'c1', paid_at: '2026-01-31T10:00:00.000Z' });
const start = (data: StartMembership['data'] = base) => decideMembership({ type: 'StartMembership', data, metadata: meta }, initialMembershipState());

describe('membership decider', () => {
  it('a plan with a trial: trialing, the trial ends and the first term renews a month after the payment', () => {
    expect(start()).toEqual([
      {
        type: 'MembershipStarted',
        data: membershipStartedData({
          membership_id: 'c1',
          checkout_id: 'c1',
          started_at: '2026-01-31T10:00:00.000Z',
          trial_ends_at: '2026-02-28T10:00:00.000Z',
          next_renewal_at: '2026-02-28T10:00:00.000Z',
        }),
      },
    ]);
  });

  it('a Yearly plan without a trial: active, renewing a year after the payment', () => {
    const [event] = start({ ...base, plan: { plan_id: 'yearly', name: 'Yearly', amount_cents: 19_900, trial_months: 0 }, paid_at: '2024-02-29T00:00:00.000Z' });
    expect(event?.data).toMatchObject({ status: 'active', trial_ends_at: null, next_renewal_at: '2025-02-28T00:00:00.000Z', plan_name: 'Yearly' });
  });

  it('a Monthly plan without a trial renews a month later', () => {
    const [event] = start({ ...base, plan: { ...base.plan, trial_months: 0 } });
    expect(event?.data).toMatchObject({ status: 'active', trial_ends_at: null, next_renewal_at: '2026-02-28T10:00:00.000Z' });
  });

  it('refuses to start a membership twice', () => {
    const state = start().reduce(evolveMembership, initialMembershipState());
    const again = () => decideMembership({ type: 'StartMembership', data: base, metadata: meta }, state);
    expect(again).toThrow(DomainError);
    expect(again).toThrow('started already');
  });

  it('refuses a payment time that is not a time', () => {
    expect(() => start({ ...base, paid_at: 'yesterday' })).toThrow('paid_at');
  });

  it('ends at once when a payment of it is refunded to end it, and only once', () => {
    const started = start().reduce(evolveMembership, initialMembershipState());
    const refundMeta = metaAt('2026-12-01T08:00:00.000Z');
    const ended = decideMembership({ type: 'EndOnRefund', data: { checkout_id: 'c1' }, metadata: refundMeta }, started);
    expect(ended).toEqual([{ type: 'MembershipCancelled', data: { membership_id: 'c1', account_id: started.membership?.account_id, reason: 'refunded', ended_at: '2026-12-01T08:00:00.000Z' } }]);
    const after = ended.reduce(evolveMembership, started);
    expect(after.current?.status).toBe('cancelled');
    expect(decideMembership({ type: 'EndOnRefund', data: { checkout_id: 'c1' }, metadata: refundMeta }, after)).toEqual([]);
    expect(decideMembership({ type: 'EndOnRefund', data: { checkout_id: 'c1' }, metadata: refundMeta }, initialMembershipState())).toEqual([]);
  });

  it('reads its events back and skips other types', () => {
    const [event] = start();
    const state = foldStream(membershipDecider, [
      storedEvent({ type: 'MembershipStarted', stream: 'memberships-membership-c1', data: event?.data }),
      storedEvent({ type: 'Other', stream: 'memberships-membership-c1', data: {}, version: 2 }),
    ]);
    expect(state.membership?.membership_id).toBe('c1');
  });
});

describe('addMonthsUtc', () => {
  it('keeps the day and time, or takes the last day of a shorter month', () => {
    expect(addMonthsUtc('2026-03-15T08:30:00.000Z', 1)).toBe('2026-04-15T08:30:00.000Z');
    expect(addMonthsUtc('2026-01-31T00:00:00.000Z', 1)).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonthsUtc('2028-01-31T00:00:00.000Z', 1)).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonthsUtc('2026-12-31T23:59:59.999Z', 12)).toBe('2027-12-31T23:59:59.999Z');
    expect(addMonthsUtc('2026-11-30T00:00:00.000Z', 3)).toBe('2027-02-28T00:00:00.000Z');
  });
});
