import { describe, expect, it } from 'vitest';
import { metaAt } from '../../../../test/command-meta.ts';
import { startMembershipData } from '../../../../test/memberships.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DOMAIN_ERROR_STATUS } from '../../../platform/http/domain-errors.ts';
import { addDaysUtc } from './dates.ts';
import {
  decideMembership,
  evolveMembership,
  initialMembershipState,
  type MembershipCommand,
  type MembershipEvent,
  type MembershipState,
  type RunRenewals,
} from './decider.ts';

const STARTED = '2026-01-10T12:00:00.000Z';
const TRIAL_END = '2026-02-10T12:00:00.000Z';
const start = startMembershipData({ paid_at: STARTED, payment_method_id: 'pm_1' });
const prices: RunRenewals['data'] = {
  renewal_prices: { Monthly: { plan_id: 'monthly-renewal', amount_cents: 2495 }, Yearly: { plan_id: 'yearly-renewal', amount_cents: 23_900 } },
  first_term: { plan_id: 'monthly', amount_cents: 1995 },
};

/** Decides `command` at `now` on `state` and answers the events and the state after them. */
const step = (state: MembershipState, now: string, command: Omit<MembershipCommand, 'metadata'>) => {
  const events = decideMembership({ ...command, metadata: metaAt(now) } as MembershipCommand, state);
  return { events, state: events.reduce(evolveMembership, state) };
};
const started = () => step(initialMembershipState(), STARTED, { type: 'StartMembership', data: start }).state;
const types = (events: MembershipEvent[]) => events.map((e) => e.type);
const run = (state: MembershipState, now: string, data = prices) => step(state, now, { type: 'RunRenewals', data });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { status: DOMAIN_ERROR_STATUS[error.kind], code: error.code, message: error.message };
    throw error;
  }
  throw new Error('not refused');
};
const outcome = (state: MembershipState, now: string, attempt: number, paid: boolean, periodStart = TRIAL_END) =>
  step(state, now, {
    type: 'RecordRenewalOutcome',
    data: paid
      ? { checkout_id: `c${attempt}`, renewal: { membership_id: 'm1', period_start: periodStart, attempt }, outcome: 'paid', paid_at: now }
      : { checkout_id: `c${attempt}`, renewal: { membership_id: 'm1', period_start: periodStart, attempt }, outcome: 'failed', message: 'Your card was declined.', failed_at: now },
  });

describe('membership self-service moves', () => {
  it('cancel at the period end, refused twice; resume; refused when not cancelling', () => {
    const { events, state } = step(started(), '2026-01-20T00:00:00.000Z', { type: 'CancelMembership', data: { account_id: 'a1' } });
    expect(events).toEqual([{ type: 'MembershipCancellationRequested', data: { membership_id: 'm1', account_id: 'a1', ends_at: TRIAL_END, requested_at: '2026-01-20T00:00:00.000Z' } }]);
    expect(refusal(() => step(state, STARTED, { type: 'CancelMembership', data: { account_id: 'a1' } }))).toMatchObject({ status: 409, code: 'ALREADY_CANCELLING', message: expect.stringContaining('February 10, 2026') });
    // The day a refusal names is on the caller's calendar: noon UTC on February 10 is already February 11 at UTC+14.
    expect(refusal(() => step(state, STARTED, { type: 'CancelMembership', data: { account_id: 'a1', time_zone: 'Pacific/Kiritimati' } }))).toMatchObject({ code: 'ALREADY_CANCELLING', message: expect.stringContaining('February 11, 2026') });
    const resumed = step(state, STARTED, { type: 'ResumeMembership', data: { account_id: 'a1' } });
    expect(types(resumed.events)).toEqual(['MembershipResumed']);
    expect(refusal(() => step(resumed.state, STARTED, { type: 'ResumeMembership', data: { account_id: 'a1' } }))).toMatchObject({ status: 409, code: 'NOT_CANCELLING' });
  });

  it("someone else's membership, or none, is not found", () => {
    for (const command of [
      { type: 'CancelMembership', data: { account_id: 'a2' } },
      { type: 'ResumeMembership', data: { account_id: 'a2' } },
      { type: 'SwitchPlan', data: { account_id: 'a2', plan_name: 'Yearly' } },
      { type: 'UpdateCard', data: { account_id: 'a2', payment_method_id: 'pm_2', card_brand: 'visa', card_last4: '1111' } },
    ] as const) {
      expect(refusal(() => step(started(), STARTED, command))).toMatchObject({ status: 404, code: 'MEMBERSHIP_NOT_FOUND' });
      expect(refusal(() => step(initialMembershipState(), STARTED, { ...command, data: { ...command.data, account_id: 'a1' } }))).toMatchObject({ status: 404 });
    }
  });

  it('switch from the next renewal; the same name is refused; its own name withdraws the switch; not while cancelling', () => {
    const switched = step(started(), STARTED, { type: 'SwitchPlan', data: { account_id: 'a1', plan_name: 'Yearly' } });
    expect(switched.events[0]?.data).toMatchObject({ from_plan_name: 'Monthly', to_plan_name: 'Yearly', effective_at: TRIAL_END });
    expect(refusal(() => step(switched.state, STARTED, { type: 'SwitchPlan', data: { account_id: 'a1', plan_name: 'Yearly' } }))).toMatchObject({ code: 'SAME_PLAN' });
    const back = step(switched.state, STARTED, { type: 'SwitchPlan', data: { account_id: 'a1', plan_name: 'Monthly' } });
    expect(back.events[0]?.data).toMatchObject({ to_plan_name: null });
    expect(refusal(() => step(started(), STARTED, { type: 'SwitchPlan', data: { account_id: 'a1', plan_name: 'Monthly' } }))).toMatchObject({ code: 'SAME_PLAN' });
    const cancelling = step(started(), STARTED, { type: 'CancelMembership', data: { account_id: 'a1' } }).state;
    expect(refusal(() => step(cancelling, STARTED, { type: 'SwitchPlan', data: { account_id: 'a1', plan_name: 'Yearly' } }))).toMatchObject({ code: 'ALREADY_CANCELLING' });
  });

  it('an ended membership refuses every move', () => {
    const cancelling = step(started(), STARTED, { type: 'CancelMembership', data: { account_id: 'a1' } }).state;
    const ended = run(cancelling, TRIAL_END);
    expect(ended.events).toEqual([{ type: 'MembershipCancelled', data: { membership_id: 'm1', account_id: 'a1', reason: 'member_cancelled', ended_at: TRIAL_END } }]);
    expect(refusal(() => step(ended.state, TRIAL_END, { type: 'ResumeMembership', data: { account_id: 'a1' } }))).toMatchObject({ status: 409, code: 'MEMBERSHIP_ENDED' });
    expect(run(ended.state, '2027-01-01T00:00:00.000Z').events).toEqual([]);
  });
});

describe('renewals and dunning', () => {
  it('nothing before the date; at the trial end the first term at its plan price now, then nothing while the charge is out', () => {
    expect(run(started(), '2026-02-10T11:59:59.999Z').events).toEqual([]);
    const due = run(started(), TRIAL_END, { ...prices, first_term: { plan_id: 'monthly', amount_cents: 2100 } });
    expect(due.events).toEqual([
      {
        type: 'MembershipRenewalDue',
        data: {
          membership_id: 'm1',
          account_id: 'a1',
          plan_id: 'monthly',
          plan_name: 'Monthly',
          amount_cents: 2100,
          payment_method_id: 'pm_1',
          card_brand: 'visa',
          card_last4: '4242',
          renewal: { membership_id: 'm1', period_start: TRIAL_END, attempt: 1 },
          due_at: TRIAL_END,
        },
      },
    ]);
    expect(run(due.state, '2026-03-01T00:00:00.000Z').events).toEqual([]);
  });

  it('paid: renewed for a term from the period start; later terms at the renewal price; a repeat changes nothing', () => {
    const due = run(started(), '2026-02-10T13:00:00.000Z').state;
    const paid = outcome(due, '2026-02-10T13:00:01.000Z', 1, true);
    expect(paid.events[0]).toMatchObject({ type: 'MembershipRenewed', data: { period_start: TRIAL_END, next_renewal_at: '2026-03-10T12:00:00.000Z', amount_cents: 1995 } });
    expect(outcome(paid.state, '2026-02-10T13:00:02.000Z', 1, true).events).toEqual([]);
    expect(outcome(paid.state, '2026-02-10T13:00:02.000Z', 1, false).events).toEqual([]);
    const next = run(paid.state, '2026-03-10T12:00:00.000Z');
    expect(next.events[0]?.data).toMatchObject({ plan_id: 'monthly-renewal', amount_cents: 2495, renewal: { period_start: '2026-03-10T12:00:00.000Z', attempt: 1 } });
  });

  it('a switch renews as the other name at its renewal price, for its term', () => {
    const switched = step(started(), STARTED, { type: 'SwitchPlan', data: { account_id: 'a1', plan_name: 'Yearly' } }).state;
    const due = run(switched, TRIAL_END);
    expect(due.events[0]?.data).toMatchObject({ plan_id: 'yearly-renewal', plan_name: 'Yearly', amount_cents: 23_900 });
    const paid = outcome(due.state, TRIAL_END, 1, true);
    expect(paid.events[0]?.data).toMatchObject({ plan_name: 'Yearly', next_renewal_at: '2027-02-10T12:00:00.000Z' });
    expect(paid.state.current).toMatchObject({ plan_name: 'Yearly', switch_to_plan_name: null, status: 'active' });
  });

  it('declined three times: retries on day 3 and day 7, past due after the third, cancelled 7 days later', () => {
    let state = run(started(), TRIAL_END).state;
    let failed = outcome(state, TRIAL_END, 1, false);
    expect(failed.events).toEqual([
      {
        type: 'MembershipRenewalFailed',
        data: { membership_id: 'm1', account_id: 'a1', checkout_id: 'c1', period_start: TRIAL_END, attempt: 1, amount_cents: 1995, message: 'Your card was declined.', failed_at: TRIAL_END, next_retry_at: addDaysUtc(TRIAL_END, 3) },
      },
    ]);
    state = failed.state;
    expect(outcome(state, TRIAL_END, 1, false).events).toEqual([]); // delivered again
    expect(run(state, addDaysUtc(TRIAL_END, 2.9)).events).toEqual([]);
    state = run(state, addDaysUtc(TRIAL_END, 3)).state;
    expect(state.current?.unpaid).toMatchObject({ attempt: 2, in_flight: true, amount_cents: 1995 });
    failed = outcome(state, addDaysUtc(TRIAL_END, 3), 2, false);
    expect(failed.events[0]?.data).toMatchObject({ attempt: 2, next_retry_at: addDaysUtc(TRIAL_END, 7) });
    state = run(failed.state, addDaysUtc(TRIAL_END, 7)).state;
    const last = outcome(state, addDaysUtc(TRIAL_END, 7), 3, false);
    expect(types(last.events)).toEqual(['MembershipRenewalFailed', 'MembershipPastDue']);
    expect(last.events[0]?.data).toMatchObject({ attempt: 3, next_retry_at: null });
    expect(last.events[1]?.data).toMatchObject({ past_due_at: addDaysUtc(TRIAL_END, 7), cancels_at: addDaysUtc(TRIAL_END, 14) });
    state = last.state;
    expect(state.current?.status).toBe('past_due');
    expect(refusal(() => step(state, TRIAL_END, { type: 'CancelMembership', data: { account_id: 'a1' } }))).toMatchObject({ code: 'MEMBERSHIP_PAST_DUE' });
    expect(run(state, addDaysUtc(TRIAL_END, 13.9)).events).toEqual([]);
    expect(run(state, addDaysUtc(TRIAL_END, 14)).events).toEqual([
      { type: 'MembershipCancelled', data: { membership_id: 'm1', account_id: 'a1', reason: 'unpaid', ended_at: addDaysUtc(TRIAL_END, 14) } },
    ]);
  });

  it('a card update after a failed try charges at once; while a charge is out it only changes the card', () => {
    const due = run(started(), TRIAL_END).state;
    const card = { account_id: 'a1', payment_method_id: 'pm_2', card_brand: 'mastercard', card_last4: '4444' } as const;
    expect(types(step(due, TRIAL_END, { type: 'UpdateCard', data: card }).events)).toEqual(['MembershipCardUpdated']);
    const failed = outcome(due, TRIAL_END, 1, false).state;
    const updated = step(failed, '2026-02-11T00:00:00.000Z', { type: 'UpdateCard', data: card });
    expect(types(updated.events)).toEqual(['MembershipCardUpdated', 'MembershipRenewalDue']);
    expect(updated.events[1]?.data).toMatchObject({ payment_method_id: 'pm_2', card_last4: '4444', renewal: { period_start: TRIAL_END, attempt: 2 } });
    expect(step(updated.state, '2026-02-11T00:00:01.000Z', { type: 'UpdateCard', data: card }).events).toEqual([]); // sent twice
    const paid = outcome(updated.state, '2026-02-11T00:00:00.000Z', 2, true);
    expect(paid.state.current).toMatchObject({ status: 'active', unpaid: null, next_renewal_at: '2026-03-10T12:00:00.000Z' });
  });

  it('a membership without a saved card fails its try at once and asks for a card', () => {
    const { payment_method_id: _none, ...withoutCard } = start;
    const state = step(initialMembershipState(), STARTED, { type: 'StartMembership', data: withoutCard }).state;
    const due = run(state, TRIAL_END);
    expect(types(due.events)).toEqual(['MembershipRenewalFailed']);
    expect(due.events[0]?.data).toMatchObject({ attempt: 1, message: expect.stringContaining('Update your card'), next_retry_at: addDaysUtc(TRIAL_END, 3) });
    expect(run(due.state, addDaysUtc(TRIAL_END, 3)).events[0]?.data).toMatchObject({ attempt: 2 });
  });
});
