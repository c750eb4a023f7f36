import { describe, expect, it } from 'vitest';
import type { EquityEnrolmentRequested } from '@acpg/contracts/equity';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { domainErrorOf } from '../../../../test/refusal.ts';
import { decideEnrolment, enrolmentDecider, evolveEnrolment, type EnrolmentCommand, type EnrolmentEvent, type EnrolmentState } from './decider.ts';

const ID = '7d0c2b1a-5e4f-5a3b-8c2d-1e0f9a8b7c6d';
const meta = (now = '2026-11-27T10:00:00.000Z'): CommandMeta => ({ now: new Date(now), actor: 'acct-1', correlationId: 'c', causationId: null, newId: () => 'id' });
const requested: Omit<EquityEnrolmentRequested, 'by' | 'at'> = {
  enrolment_id: ID,
  account_id: 'acct-1',
  property: { property_id: 'p1', address_line: '1 Main St', city: 'San Jose', county: 'Santa Clara', state: 'CA', zip: '95112', apn: '123-45-678' },
  price_cents: 9_900,
  included: false,
  plan_name: null,
};

const apply = (state: EnrolmentState, command: Omit<EnrolmentCommand, 'metadata'>, now?: string) => {
  const events = decideEnrolment({ ...command, metadata: meta(now) } as EnrolmentCommand, state);
  return { events, state: events.reduce<EnrolmentState>((s, e) => evolveEnrolment(s, e), state) };
};
const refused = (state: EnrolmentState, command: Omit<EnrolmentCommand, 'metadata'>) => domainErrorOf(() => apply(state, command));
const types = (events: readonly EnrolmentEvent[]) => events.map((e) => e.type);
const awaiting = () => apply(enrolmentDecider.initialState(), { type: 'RequestEnrolment', data: requested }).state;
const active = () => apply(awaiting(), { type: 'RecordPayment', data: { checkout_id: 'co-1', amount_cents: 9_900 } }).state;

describe('Equity Protect enrolment decider', () => {
  it('requests an enrolment awaiting payment, by whom and when', () => {
    const { events, state } = apply(enrolmentDecider.initialState(), { type: 'RequestEnrolment', data: requested });
    expect(events).toEqual([{ type: 'EquityEnrolmentRequested', data: { ...requested, by: 'acct-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(state.status).toBe('awaiting_payment');
  });

  it('records who placed it for the member (a Provider Admin) and who pays; an event without placed_by (before issue 21) reads back as the member’s own', () => {
    const placed_by = { account_id: 'padmin-1', provider_id: 'prov-1', payer: 'provider' as const };
    const { events, state } = apply(enrolmentDecider.initialState(), { type: 'RequestEnrolment', data: { ...requested, placed_by } });
    expect(events[0]?.data).toMatchObject({ account_id: 'acct-1', placed_by });
    expect(state.status === 'awaiting_payment' && state.requested.placed_by).toEqual(placed_by);
    const old = enrolmentDecider.fromStored?.({ id: 'e1', type: 'EquityEnrolmentRequested', data: { ...requested, by: 'acct-1', at: '2026-01-01T00:00:00.000Z' }, metadata: {}, stream: 's', version: 1, position: 1, occurredAt: '2026-01-01T00:00:00.000Z' } as never);
    expect(old).toMatchObject({ type: 'EquityEnrolmentRequested', data: { account_id: 'acct-1' } });
    expect(old?.type === 'EquityEnrolmentRequested' && old.data.placed_by).toBeUndefined();
  });

  it('protects at once for a year when the plan includes it', () => {
    const { events, state } = apply(enrolmentDecider.initialState(), { type: 'RequestEnrolment', data: { ...requested, included: true, price_cents: 0, plan_name: 'Yearly' } });
    expect(types(events)).toEqual(['EquityEnrolmentRequested', 'EquityProtectionStarted']);
    expect(events[1]?.data).toMatchObject({ protected_until: '2027-11-27T10:00:00.000Z' });
    expect(state.status).toBe('active');
  });

  it('starts protection when paid, once per checkout', () => {
    const { events, state } = apply(awaiting(), { type: 'RecordPayment', data: { checkout_id: 'co-1', amount_cents: 9_900 } });
    expect(types(events)).toEqual(['EquityEnrolmentPaid', 'EquityProtectionStarted']);
    expect(state.status).toBe('active');
    expect(apply(state, { type: 'RecordPayment', data: { checkout_id: 'co-1', amount_cents: 9_900 } }).events).toEqual([]);
    expect(types(apply(state, { type: 'RecordPayment', data: { checkout_id: 'co-2', amount_cents: 9_900 } }).events)).toEqual(['EquityEnrolmentPaid']);
  });

  it('records a failed payment once, and none after the enrolment is active', () => {
    const failed = apply(awaiting(), { type: 'RecordPaymentFailure', data: { checkout_id: 'co-1', message: 'Declined' } });
    expect(types(failed.events)).toEqual(['EquityEnrolmentPaymentFailed']);
    expect(failed.state.status).toBe('awaiting_payment');
    expect(apply(failed.state, { type: 'RecordPaymentFailure', data: { checkout_id: 'co-1', message: 'Declined' } }).events).toEqual([]);
    expect(apply(active(), { type: 'RecordPaymentFailure', data: { checkout_id: 'co-9', message: 'Declined' } }).events).toEqual([]);
  });

  it('cancels an active or awaiting enrolment; enrolling again within the paid year resumes it free, after it starts over', () => {
    const cancelled = apply(active(), { type: 'CancelProtection', data: { reason: 'Sold the house' } });
    expect(types(cancelled.events)).toEqual(['EquityProtectionCancelled']);
    expect(cancelled.state.status).toBe('cancelled');
    const resumed = apply(cancelled.state, { type: 'RequestEnrolment', data: requested }, '2027-03-01T10:00:00.000Z');
    expect(resumed.events).toEqual([{ type: 'EquityProtectionStarted', data: { enrolment_id: ID, by: 'acct-1', at: '2027-03-01T10:00:00.000Z', protected_until: '2027-11-27T10:00:00.000Z' } }]);
    expect(resumed.state.status).toBe('active');
    // Once the paid year is over, or when the stopped enrolment was never paid, enrolling again asks for a payment.
    expect(apply(cancelled.state, { type: 'RequestEnrolment', data: requested }, '2027-11-28T10:00:00.000Z').state.status).toBe('awaiting_payment');
    const stoppedAwaiting = apply(awaiting(), { type: 'CancelProtection', data: { reason: 'x' } }).state;
    expect(stoppedAwaiting.status).toBe('cancelled');
    expect(apply(stoppedAwaiting, { type: 'RequestEnrolment', data: requested }).state.status).toBe('awaiting_payment');
  });

  it('enrolls again once the year of protection has run out, to be paid again; a day before, it is protected still', () => {
    const dayBefore = '2027-11-26T10:00:00.000Z';
    const yearAndADay = '2027-11-28T10:00:00.000Z';
    expect(refused(active(), { type: 'RequestEnrolment', data: requested }).message).toContain('protected already');
    expect(() => apply(active(), { type: 'RequestEnrolment', data: requested }, dayBefore)).toThrow('protected already');
    const again = apply(active(), { type: 'RequestEnrolment', data: requested }, yearAndADay);
    expect(types(again.events)).toEqual(['EquityEnrolmentRequested']);
    expect(again.state).toMatchObject({ status: 'awaiting_payment', protectedUntil: null });
    const renewed = apply(again.state, { type: 'RecordPayment', data: { checkout_id: 'co-2', amount_cents: 9_900 } }, yearAndADay);
    expect(renewed.events.at(-1)).toMatchObject({ type: 'EquityProtectionStarted', data: { protected_until: '2028-11-27T10:00:00.000Z' } });
  });

  it('tells of the protection ending once, within 30 days of its end, only while it runs', () => {
    const notice = { type: 'NoticeEnding', data: {} } as const;
    // active() started 2026-11-27T10:00Z: protected until 2027-11-27T10:00Z.
    expect(apply(active(), notice, '2027-10-27T09:00:00.000Z').events).toEqual([]);
    const told = apply(active(), notice, '2027-10-28T10:00:00.000Z');
    expect(told.events).toEqual([{ type: 'EquityProtectionEndingSoon', data: { enrolment_id: ID, protected_until: '2027-11-27T10:00:00.000Z', by: 'acct-1', at: '2027-10-28T10:00:00.000Z' } }]);
    expect(apply(told.state, notice, '2027-11-20T10:00:00.000Z').events).toEqual([]);
    expect(apply(active(), notice, '2027-11-28T10:00:00.000Z').events).toEqual([]);
    expect(apply(awaiting(), notice, '2027-11-20T10:00:00.000Z').events).toEqual([]);
    const cancelled = apply(active(), { type: 'CancelProtection', data: { reason: 'x' } }).state;
    expect(apply(cancelled, notice, '2027-11-20T10:00:00.000Z').events).toEqual([]);
  });

  it('ends the protection when its payment is refunded, once', () => {
    const refunded = apply(active(), { type: 'RecordRefund', data: { checkout_id: 'co-1', end: true } });
    expect(refunded.events).toEqual([{ type: 'EquityProtectionCancelled', data: { enrolment_id: ID, reason: 'The payment was refunded', refunded: true, by: 'acct-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(apply(refunded.state, { type: 'RecordRefund', data: { checkout_id: 'co-1', end: true } }).events).toEqual([]);
    expect(apply(active(), { type: 'RecordRefund', data: { checkout_id: 'co-other', end: true } }).events).toEqual([]);
    expect(apply(refunded.state, { type: 'RequestEnrolment', data: requested }).state.status).toBe('awaiting_payment');
    // Stopped by the member, then refunded: no free resume any more.
    const stopped = apply(active(), { type: 'CancelProtection', data: { reason: 'x' } }).state;
    const stoppedRefunded = apply(stopped, { type: 'RecordRefund', data: { checkout_id: 'co-1', end: true } });
    expect(types(stoppedRefunded.events)).toEqual(['EquityProtectionCancelled']);
    expect(apply(stoppedRefunded.state, { type: 'RequestEnrolment', data: requested }).state.status).toBe('awaiting_payment');
  });

  it('keeps the protection running when the refund was made to keep it', () => {
    const kept = apply(active(), { type: 'RecordRefund', data: { checkout_id: 'co-1', end: false } });
    expect(kept.events).toEqual([]);
    expect(kept.state.status).toBe('active');
  });

  it('refuses what the status does not allow', () => {
    expect(refused(active(), { type: 'RequestEnrolment', data: requested }).message).toContain('protected already');
    expect(refused(awaiting(), { type: 'RequestEnrolment', data: requested }).message).toContain('waiting for its payment');
    const cancelled = apply(active(), { type: 'CancelProtection', data: { reason: 'x' } }).state;
    expect(refused(cancelled, { type: 'CancelProtection', data: { reason: 'x' } }).kind).toBe('conflict');
    expect(refused(enrolmentDecider.initialState(), { type: 'CancelProtection', data: { reason: 'x' } }).kind).toBe('not_found');
    expect(refused(enrolmentDecider.initialState(), { type: 'RecordPayment', data: { checkout_id: 'c', amount_cents: 1 } }).kind).toBe('not_found');
  });

  it('folds nothing into an enrolment that was never requested', () => {
    const stray: EnrolmentEvent = { type: 'EquityProtectionCancelled', data: { enrolment_id: ID, reason: 'x', by: 'a', at: 't' } };
    expect(evolveEnrolment({ status: 'none' }, stray)).toEqual({ status: 'none' });
  });
});
