import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { useTestApp, type TestApp } from '../../../../test/harness.ts';
import { gatewayDeliveriesDone, payWithTestCard } from '../../../../test/payments.ts';
import { countOf, customerWithEmail, membershipEvents, myMembership, runNow, savedCard, setClock, tick } from '../../../../test/renewals.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { addDaysUtc } from '../membership/dates.ts';
import { membershipStream } from '../membership/decider.ts';
import { renewalsSchedule } from './run.ts';
import { DEFAULT_TIME_ZONE, formatLongDate } from '../../../platform/formatting/index.ts';

const t = useTestApp();
let realClock: TestApp['platform']['clock'];
beforeAll(async () => {
  realClock = t.platform.clock;
});

const at = (iso: string, plusMs = 0) => setClock(t, Date.parse(iso) + plusMs);
const MINUTE = 60_000;
/** The membership emails (dunning, ending) a member got; payment receipts, which payments sends them too, are not these tests'. */
const subjects = (email: string) =>
  (t.platform.devOutbox?.list(email, 50) ?? []).map((m) => m.subject).filter((subject) => !String(subject).startsWith('Your ACPG receipt'));

/** Pays with 4242 (a membership that keeps the card) and answers its id and row. */
const member = async (planId: 'monthly' | 'yearly') => {
  t.platform.clock = realClock;
  const customer = await customerWithEmail(t);
  const { checkoutId, result } = await payWithTestCard(t, customer.accountId, TEST_CARDS.succeeds, planId);
  expect(result.status).toBe('succeeded');
  const row = await myMembership(t, customer.headers, checkoutId, () => true, 'the membership listed');
  return { ...customer, id: checkoutId, row };
};

describe('renewals and dunning with a moving clock (scheduler → MembershipRenewalDue → payments off-session → outcome)', () => {
  it('a trial ends on a declined card: tried on the renewal date, day 3 and day 7, then past due, then cancelled 7 days later; each step emailed once', async () => {
    const m = await member('monthly');
    const declined = await savedCard(t, m.accountId, TEST_CARDS.declinedWhenCharged);
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/memberships/${m.id}/card`, payload: { payment_method_id: declined }, headers: m.headers });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ card_last4: '0341' });
    const stream = membershipStream(m.id);
    const due = m.row.next_renewal_at;

    at(due, -MINUTE); // a minute early: nothing is due
    await tick(t, [renewalsSchedule]);
    at(due, MINUTE);
    await tick(t, [renewalsSchedule]);
    let events = await membershipEvents(t, stream, (e) => countOf(e, 'MembershipRenewalFailed') === 1, 'the first try to fail');
    const first = events.find((e) => e.type === 'MembershipRenewalDue')!;
    expect(first.data).toMatchObject({ amount_cents: 1995, plan_name: 'Monthly', card_last4: '0341', renewal: { period_start: due, attempt: 1 } });
    expect(events.find((e) => e.type === 'MembershipRenewalFailed')!.data).toMatchObject({ attempt: 1, next_retry_at: addDaysUtc(due, 3) });

    await tick(t, [renewalsSchedule]); // the same slot, and nothing due before day 3
    at(due, 2 * MINUTE);
    await tick(t, [renewalsSchedule]);
    at(addDaysUtc(due, 3), MINUTE);
    await tick(t, [renewalsSchedule]);
    events = await membershipEvents(t, stream, (e) => countOf(e, 'MembershipRenewalFailed') === 2, 'the day-3 try to fail');
    expect(countOf(events, 'MembershipRenewalDue')).toBe(2);

    at(addDaysUtc(due, 7), MINUTE);
    await tick(t, [renewalsSchedule]);
    events = await membershipEvents(t, stream, (e) => countOf(e, 'MembershipPastDue') === 1, 'past due after the day-7 try');
    const pastDue = events.find((e) => e.type === 'MembershipPastDue')!.data as { cancels_at: string };
    expect(countOf(events, 'MembershipRenewalDue')).toBe(3);
    const row = await myMembership(t, m.headers, m.id, (r) => r.status === 'past_due', 'past due listed');
    expect(row.cancels_at).toBe(pastDue.cancels_at);

    at(pastDue.cancels_at, -MINUTE);
    await tick(t, [renewalsSchedule]);
    at(pastDue.cancels_at, MINUTE);
    await tick(t, [renewalsSchedule]);
    events = await membershipEvents(t, stream, (e) => countOf(e, 'MembershipCancelled') === 1, 'cancelled unpaid');
    expect(events.find((e) => e.type === 'MembershipCancelled')!.data).toMatchObject({ reason: 'unpaid', ended_at: pastDue.cancels_at });
    await myMembership(t, m.headers, m.id, (r) => r.status === 'cancelled', 'cancelled listed');

    // Every step emailed once: the card change, each of the three failures, past due, cancelled.
    const expected = [
      'Your membership card was changed to Visa ending in 0341',
      'Your Monthly membership payment did not go through',
      'Your Monthly membership payment did not go through',
      'Your Monthly membership payment did not go through',
      'Your Monthly membership is past due',
      'Your Monthly membership has ended',
    ];
    await waitFor(() => subjects(m.email).length >= expected.length, { what: 'the dunning emails' });
    at(pastDue.cancels_at, 10 * MINUTE);
    await tick(t, [renewalsSchedule]); // ended: nothing more
    await gatewayDeliveriesDone(t); // the gateway's redelivery of each event, a second later, has come and changed nothing
    expect([...subjects(m.email)].sort()).toEqual([...expected].sort());
    const texts = (t.platform.devOutbox?.list(m.email, 50) ?? []).map((message) => message.text);
        // The member's day: an account without a time zone is dated in the default one, Los Angeles.
    const onDay = (iso: string) => formatLongDate(iso, DEFAULT_TIME_ZONE);
    expect(texts.filter((text) => text.includes(`We will try again on ${onDay(addDaysUtc(due, 3))}`))).toHaveLength(1);
    expect(texts.filter((text) => text.includes(`We will try again on ${onDay(addDaysUtc(due, 7))}`))).toHaveLength(1);
    expect(texts.filter((text) => text.includes(`It will be cancelled on ${onDay(pastDue.cancels_at)} unless it is paid`))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('because its renewal stayed unpaid'))).toHaveLength(1);
    expect(countOf(await t.platform.eventStore.readStream(stream), 'MembershipRenewalDue')).toBe(3);
  });

  it('a card update while past due charges at once, and the paid membership is active again until the next term', async () => {
    const m = await member('monthly');
    await t.app.inject({ method: 'PUT', url: `/api/v1/memberships/${m.id}/card`, payload: { payment_method_id: await savedCard(t, m.accountId, TEST_CARDS.declinedWhenCharged) }, headers: m.headers });
    const due = m.row.next_renewal_at;
    const stream = membershipStream(m.id);
    for (const [i, days] of [0, 3, 7].entries()) {
      at(addDaysUtc(due, days), MINUTE);
      await runNow(t, [renewalsSchedule]);
      await membershipEvents(t, stream, (e) => countOf(e, 'MembershipRenewalFailed') === i + 1, `the try on day ${days} failed`);
    }
    await membershipEvents(t, stream, (e) => countOf(e, 'MembershipPastDue') === 1, 'past due');
    const good = await savedCard(t, m.accountId, TEST_CARDS.succeeds);
    const put = await t.app.inject({ method: 'PUT', url: `/api/v1/memberships/${m.id}/card`, payload: { payment_method_id: good }, headers: m.headers });
    expect(put.statusCode, put.body).toBe(200);
    const events = await membershipEvents(t, stream, (e) => countOf(e, 'MembershipRenewed') === 1, 'renewed by the new card');
    expect(events.filter((e) => e.type === 'MembershipRenewalDue').at(-1)?.data).toMatchObject({ card_last4: '4242', renewal: { attempt: 4, period_start: due } });
    const row = await myMembership(t, m.headers, m.id, (r) => r.status === 'active', 'active again');
    // The trial's first term was charged at its price; later terms renew at the Monthly renewal price.
    expect(row).toMatchObject({ card_last4: '4242', cancels_at: null, next_retry_at: null, amount_cents: 1995, renewal_amount_cents: 1995, next_charge_cents: 1995 });
    expect(row.next_renewal_at > due).toBe(true);
  });

  it('renews on the date at the renewal price of the plan name it switched to, charged once however often the schedule runs', async () => {
    const m = await member('yearly'); // no trial: paid now, renews in a year
    const switched = await t.app.inject({ method: 'POST', url: `/api/v1/memberships/${m.id}/switch`, payload: { plan_name: 'Monthly' }, headers: m.headers });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data).toMatchObject({ plan_name: 'Yearly', switch_to_plan_name: 'Monthly', next_renewal_at: m.row.next_renewal_at });
    expect(m.row).toMatchObject({ amount_cents: 19_900, next_charge_cents: 19_900 });
    // The row tells what the switch charges next, and when: the Monthly price on the renewal date.
    const told = await myMembership(t, m.headers, m.id, (r) => r.switch_to_plan_name === 'Monthly', 'the switch listed');
    expect(told).toMatchObject({ renewal_amount_cents: 1995, next_charge_cents: 1995, next_renewal_at: m.row.next_renewal_at });
    at(m.row.next_renewal_at, MINUTE);
    await Promise.all([runNow(t, [renewalsSchedule]), runNow(t, [renewalsSchedule]), tick(t, [renewalsSchedule])]);
    const events = await membershipEvents(t, membershipStream(m.id), (e) => countOf(e, 'MembershipRenewed') === 1, 'renewed');
    expect(events.find((e) => e.type === 'MembershipRenewed')?.data).toMatchObject({ plan_name: 'Monthly', plan_id: 'monthly-renewal', amount_cents: 1995 });
    const row = await myMembership(t, m.headers, m.id, (r) => r.plan_name === 'Monthly', 'renewed as Monthly');
    expect(row).toMatchObject({ status: 'active', switch_to_plan_name: null, amount_cents: 1995, renewal_amount_cents: 1995, next_charge_cents: 1995 });
    await gatewayDeliveriesDone(t);
    expect(countOf(await t.platform.eventStore.readStream(membershipStream(m.id)), 'MembershipRenewalDue')).toBe(1);
    const charges = await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['PaymentSucceeded'] });
    expect(charges.filter((e) => (e.data as { renewal?: { membership_id: string } }).renewal?.membership_id === m.id)).toHaveLength(1);
  });

  it('a cancellation ends the membership at the period end (emailed), a resumed one renews', async () => {
    const cancelled = await member('monthly');
    const resumed = await member('monthly');
    for (const m of [cancelled, resumed]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/v1/memberships/${m.id}/cancel`, headers: m.headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ cancel_at_period_end: true });
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/memberships/${resumed.id}/resume`, headers: resumed.headers })).json().data).toMatchObject({ cancel_at_period_end: false });
    await myMembership(t, cancelled.headers, cancelled.id, (r) => r.cancel_at_period_end, 'cancelling listed');
    // One membership per member: a cancelled one runs to its period end, and until then no second one is sold.
    await expect(payWithTestCard(t, cancelled.accountId, TEST_CARDS.succeeds, 'yearly')).rejects.toThrow(/409.*ALREADY_A_MEMBER/);
    at(cancelled.row.next_renewal_at, MINUTE);
    await runNow(t, [renewalsSchedule]);
    const ended = await membershipEvents(t, membershipStream(cancelled.id), (e) => countOf(e, 'MembershipCancelled') === 1, 'ended at the period end');
    // Ended: the member may buy again.
    expect((await payWithTestCard(t, cancelled.accountId, TEST_CARDS.succeeds, 'yearly')).result.status).toBe('succeeded');
    expect(ended.find((e) => e.type === 'MembershipCancelled')?.data).toMatchObject({ reason: 'member_cancelled', ended_at: cancelled.row.next_renewal_at });
    expect(countOf(ended, 'MembershipRenewalDue')).toBe(0);
    at(resumed.row.next_renewal_at, MINUTE);
    await runNow(t, [renewalsSchedule]);
    await membershipEvents(t, membershipStream(resumed.id), (e) => countOf(e, 'MembershipRenewed') === 1, 'the resumed one renewed');
    await waitFor(() => subjects(cancelled.email).includes('Your Monthly membership has ended'), { what: 'the end emailed' });
    // The resumed member was told of the cancellation and of the resume, never of an end.
    const resumedMails = ['Your Monthly membership is cancelled: it ends on', 'Your Monthly membership is resumed'];
    await waitFor(() => resumedMails.every((start) => subjects(resumed.email).some((s) => String(s).startsWith(start))) || undefined, { what: 'the cancel and resume emails' });
    expect(subjects(resumed.email)).toHaveLength(2);
  });

  it('a card that asks for its second step is declined off-session (authentication_required): nobody is there to confirm', async () => {
    t.platform.clock = realClock;
    const customer = await customerWithEmail(t);
    const { checkoutId, result } = await payWithTestCard(t, customer.accountId, TEST_CARDS.requiresAction, 'yearly');
    expect(result.status).toBe('requires_action');
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/v1/payments/checkouts/${checkoutId}/confirm`, payload: { approve: true }, headers: customer.headers });
    expect(confirmed.json().data.status).toBe('succeeded');
    const row = await myMembership(t, customer.headers, checkoutId, () => true, 'the membership listed');
    at(row.next_renewal_at, MINUTE);
    await runNow(t, [renewalsSchedule]);
    const events = await membershipEvents(t, membershipStream(checkoutId), (e) => countOf(e, 'MembershipRenewalFailed') === 1, 'the off-session try failed');
    expect(countOf(events, 'MembershipRenewed')).toBe(0);
    const due = events.find((e) => e.type === 'MembershipRenewalDue')!.data as { renewal: { period_start: string; attempt: number } };
    const intents = await t.platform.documents.find('payments_test_gateway_intents', { 'metadata.account_id': customer.accountId });
    const renewalIntent = intents.find((intent) => intent.status === 'requires_payment_method');
    expect(renewalIntent?.last_payment_error).toMatchObject({ code: 'authentication_required' });
    expect(due.renewal).toEqual({ membership_id: checkoutId, period_start: row.next_renewal_at, attempt: 1 });
    const failed = (await t.platform.eventStore.readStream(`payments-checkout-${String((renewalIntent?.metadata as { checkout_id?: string } | undefined)?.checkout_id)}`)).find((e) => e.type === 'PaymentFailed');
    expect(failed?.data).toMatchObject({ reason: 'authentication_refused', message: expect.stringContaining('Update your card') });
  });
});
