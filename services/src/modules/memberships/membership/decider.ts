import { PLAN_TERM_MONTHS, type PlanName } from '@acpg/contracts/plans';
import type { CardBrand, RenewalOf } from '@acpg/contracts/payments';
import {
  DUNNING_RETRY_DAYS,
  PAST_DUE_CANCEL_DAYS,
  type MembershipStarted as MembershipStartedData,
  type MembershipStatus,
} from '@acpg/contracts/memberships';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownedThing } from '../../../platform/http/access.ts';
import { DomainError, conflict, invalid } from '../../../platform/commands/domain-error.ts';
import { addDaysUtc, addMonthsUtc } from './dates.ts';
import { DEFAULT_TIME_ZONE, formatLongDate } from '../../../platform/formatting/index.ts';
import { toMembershipEvent, type MembershipEvent } from './events.ts';

export type { MembershipEvent } from './events.ts';
export { toMembershipEvent } from './events.ts';

/** One membership, one stream, named in the contract (the id of the checkout that paid for it). */
export { membershipStream } from '@acpg/contracts/memberships';

/** Starts the membership a payment bought: the plan as it was sold, and its name's renewal price. */
export type StartMembership = Command<
  'StartMembership',
  {
    membership_id: string;
    checkout_id: string;
    account_id: string;
    plan: { plan_id: string; name: PlanName; amount_cents: number; trial_months: number };
    renewal_amount_cents: number;
    paid_cents: number;
    paid_at: string;
    card_brand: CardBrand;
    card_last4: string;
    payment_method_id?: string;
  }
>;
/**
 * The member's own moves: `account_id` is the caller (someone else's membership answers 404); `time_zone` is the
 * caller's (memberships' copy of account time zones, `memberMove`): the days a refusal names are on their calendar
 * (absent: `DEFAULT_TIME_ZONE`).
 */
type Caller = { account_id: string; time_zone?: string };
export type CancelMembership = Command<'CancelMembership', Caller>;
export type ResumeMembership = Command<'ResumeMembership', Caller>;
/** `renewal_amount_cents`: the wanted name's renewal price now, recorded on the switch so the member sees what it charges. */
export type SwitchPlan = Command<'SwitchPlan', Caller & { plan_name: PlanName; renewal_amount_cents?: number }>;
/** A card the account saved (checked by the caller against `payments-card-<id>`). */
export type UpdateCard = Command<'UpdateCard', Caller & { payment_method_id: string; card_brand: CardBrand; card_last4: string }>;

/** A plan's price now (plans' latest `PlanDefined`): a price change applies to the next renewal. */
export type PriceNow = { plan_id: string; amount_cents: number };
/**
 * The scheduler's look at the membership at `metadata.now`: what is due (a charge, a retry, the end). `renewal_prices`
 * is each plan name's renewal price now; `first_term` the membership's own plan's price now (charged when a trial ends).
 */
export type RunRenewals = Command<'RunRenewals', { renewal_prices: Partial<Record<PlanName, PriceNow>>; first_term: PriceNow | null }>;
/** What the payments module answered for a renewal charge (its `PaymentSucceeded` / `PaymentFailed` with `renewal`). */
export type RecordRenewalOutcome = Command<
  'RecordRenewalOutcome',
  { checkout_id: string; renewal: RenewalOf } & ({ outcome: 'paid'; paid_at: string } | { outcome: 'failed'; message: string; failed_at: string })
>;
/** A Super Admin refunded a payment of this membership and chose to end it (payments' `PaymentRefunded`): it ends now. */
export type EndOnRefund = Command<'EndOnRefund', { checkout_id: string }>;
export type MembershipCommand = StartMembership | CancelMembership | ResumeMembership | SwitchPlan | UpdateCard | RunRenewals | RecordRenewalOutcome | EndOnRefund;

/** An unpaid period: its price (fixed when it fell due), the last try and whether that try is still with the gateway. */
export type UnpaidPeriod = { period_start: string; plan_id: string; plan_name: PlanName; amount_cents: number; attempt: number; in_flight: boolean };

export type Current = {
  status: MembershipStatus;
  plan_id: string;
  plan_name: PlanName;
  next_renewal_at: string;
  payment_method_id: string | null;
  card_brand: CardBrand;
  card_last4: string;
  cancel_at_period_end: boolean;
  switch_to_plan_name: PlanName | null;
  /** Periods paid after the start (0 while a trial's first term is unpaid). */
  renewals: number;
  unpaid: UnpaidPeriod | null;
  cancels_at: string | null;
  ended_at: string | null;
};
export type MembershipState = { membership: MembershipStartedData | null; current: Current | null };
export const initialMembershipState = (): MembershipState => ({ membership: null, current: null });

const set = (state: MembershipState, change: Partial<Current>): MembershipState =>
  state.current ? { ...state, current: { ...state.current, ...change } } : state;

export const evolveMembership = (state: MembershipState, event: MembershipEvent): MembershipState => {
  switch (event.type) {
    case 'MembershipStarted': {
      const d = event.data;
      const current: Current = {
        status: d.status,
        plan_id: d.plan_id,
        plan_name: d.plan_name,
        next_renewal_at: d.next_renewal_at,
        payment_method_id: d.payment_method_id ?? null,
        card_brand: d.card_brand,
        card_last4: d.card_last4,
        cancel_at_period_end: false,
        switch_to_plan_name: null,
        renewals: 0,
        unpaid: null,
        cancels_at: null,
        ended_at: null,
      };
      return { membership: d, current };
    }
    case 'MembershipCancellationRequested':
      return set(state, { cancel_at_period_end: true });
    case 'MembershipResumed':
      return set(state, { cancel_at_period_end: false });
    case 'MembershipPlanSwitchScheduled':
      return set(state, { switch_to_plan_name: event.data.to_plan_name });
    case 'MembershipCardUpdated':
      return set(state, { payment_method_id: event.data.payment_method_id, card_brand: event.data.card_brand, card_last4: event.data.card_last4 });
    case 'MembershipRenewalDue': {
      const d = event.data;
      return set(state, {
        unpaid: { period_start: d.renewal.period_start, plan_id: d.plan_id, plan_name: d.plan_name, amount_cents: d.amount_cents, attempt: d.renewal.attempt, in_flight: true },
      });
    }
    case 'MembershipRenewed': {
      const d = event.data;
      return set(state, {
        status: 'active',
        plan_id: d.plan_id,
        plan_name: d.plan_name,
        next_renewal_at: d.next_renewal_at,
        switch_to_plan_name: null,
        renewals: (state.current?.renewals ?? 0) + 1,
        unpaid: null,
        cancels_at: null,
      });
    }
    case 'MembershipRenewalFailed': {
      const c = state.current;
      if (!c) return state;
      const d = event.data;
      // A try that failed before reaching the gateway (no card) had no MembershipRenewalDue: the period opens here.
      const unpaid = c.unpaid ?? { period_start: d.period_start, plan_id: c.plan_id, plan_name: renewsAs(c), amount_cents: d.amount_cents, attempt: d.attempt, in_flight: false };
      return set(state, { unpaid: { ...unpaid, attempt: d.attempt, in_flight: false } });
    }
    case 'MembershipPastDue':
      return set(state, { status: 'past_due', cancels_at: event.data.cancels_at });
    case 'MembershipCancelled':
      return set(state, { status: 'cancelled', ended_at: event.data.ended_at, cancel_at_period_end: false, unpaid: null, cancels_at: null });
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown membership event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/**
 * A membership is its member's alone (not even Super Admins move it): anyone else is answered as for a membership that
 * does not exist (`platform/http/access.ts`).
 */
export const memberships = ownedThing<MembershipStartedData>({ code: 'MEMBERSHIP', noun: 'membership', ownerOf: (m) => m.account_id, seenByRoles: [] });
const notFound = memberships.notFound;
const refuse = (code: string, message: string) => new DomainError('conflict', code, message);
/** A day a refusal names, on the caller's calendar. */
const dayIn = (data: { time_zone?: string | undefined }) => (iso: string) => formatLongDate(iso, data.time_zone ?? DEFAULT_TIME_ZONE);

/** The caller's membership, still running (ended ones refuse every move). */
const ownLive = (state: MembershipState, caller: Caller): { m: MembershipStartedData; c: Current } => {
  const { membership: m, current: c } = state;
  const day = dayIn(caller);
  if (!m || !c || !memberships.mayAccess({ userId: caller.account_id, roles: [] }, m)) throw notFound();
  if (c.status === 'cancelled') throw refuse('MEMBERSHIP_ENDED', `This membership ended on ${day(c.ended_at ?? c.next_renewal_at)}.`);
  return { m, c };
};

/** The plan name the next period renews as (a switch applies from the next renewal). */
export const renewsAs = (c: Current): PlanName => c.switch_to_plan_name ?? c.plan_name;

const chargeDue = (m: MembershipStartedData, c: Current, unpaid: UnpaidPeriod, attempt: number, now: Date): MembershipEvent[] => {
  const renewal = { membership_id: m.membership_id, period_start: unpaid.period_start, attempt };
  const at = now.toISOString();
  if (!c.payment_method_id) {
    // Started before cards were kept: nothing to charge, so this try fails at once and dunning asks for a card.
    return failedTry(m, c, { ...unpaid, attempt }, '', 'No card is saved for renewals. Update your card to renew.', now);
  }
  return [
    {
      type: 'MembershipRenewalDue',
      data: {
        membership_id: m.membership_id,
        account_id: m.account_id,
        plan_id: unpaid.plan_id,
        plan_name: unpaid.plan_name,
        amount_cents: unpaid.amount_cents,
        payment_method_id: c.payment_method_id,
        card_brand: c.card_brand,
        card_last4: c.card_last4,
        renewal,
        due_at: at,
      },
    },
  ];
};

/** One failed try: the next retry (day 3, day 7), or past due after the third. */
const failedTry = (m: MembershipStartedData, c: Current, unpaid: UnpaidPeriod, checkoutId: string, message: string, now: Date): MembershipEvent[] => {
  const retryDays = DUNNING_RETRY_DAYS[unpaid.attempt];
  const at = now.toISOString();
  const events: MembershipEvent[] = [
    {
      type: 'MembershipRenewalFailed',
      data: {
        membership_id: m.membership_id,
        account_id: m.account_id,
        checkout_id: checkoutId,
        period_start: unpaid.period_start,
        attempt: unpaid.attempt,
        amount_cents: unpaid.amount_cents,
        message,
        failed_at: at,
        next_retry_at: retryDays === undefined ? null : addDaysUtc(unpaid.period_start, retryDays),
      },
    },
  ];
  if (retryDays === undefined && c.status !== 'past_due') {
    events.push({
      type: 'MembershipPastDue',
      data: {
        membership_id: m.membership_id,
        account_id: m.account_id,
        period_start: unpaid.period_start,
        amount_cents: unpaid.amount_cents,
        past_due_at: at,
        cancels_at: addDaysUtc(at, PAST_DUE_CANCEL_DAYS),
      },
    });
  }
  return events;
};

const runRenewals = (command: RunRenewals, state: MembershipState): MembershipEvent[] => {
  const { membership: m, current: c } = state;
  if (!m || !c || c.status === 'cancelled' || c.unpaid?.in_flight) return [];
  const now = command.metadata.now;
  const ended = (reason: 'member_cancelled' | 'unpaid', at: string): MembershipEvent[] => [
    { type: 'MembershipCancelled', data: { membership_id: m.membership_id, account_id: m.account_id, reason, ended_at: at } },
  ];
  if (c.cancel_at_period_end && now.getTime() >= Date.parse(c.next_renewal_at)) return ended('member_cancelled', c.next_renewal_at);
  if (c.status === 'past_due') return c.cancels_at && now.getTime() >= Date.parse(c.cancels_at) ? ended('unpaid', c.cancels_at) : [];
  if (c.unpaid) {
    const retryDays = DUNNING_RETRY_DAYS[c.unpaid.attempt];
    if (retryDays === undefined || now.getTime() < Date.parse(addDaysUtc(c.unpaid.period_start, retryDays))) return [];
    return chargeDue(m, c, c.unpaid, c.unpaid.attempt + 1, now);
  }
  if (now.getTime() < Date.parse(c.next_renewal_at)) return [];
  const name = renewsAs(c);
  // A trial's first term is charged at the membership's own plan's price; later terms at the name's renewal price.
  const firstTerm = m.trial_ends_at !== null && c.renewals === 0 && c.switch_to_plan_name === null;
  const price = (firstTerm ? command.data.first_term : null) ?? command.data.renewal_prices[name];
  if (!price) throw new Error(`No price for the ${name} plan: cannot renew membership ${m.membership_id}`);
  const unpaid: UnpaidPeriod = { period_start: c.next_renewal_at, plan_id: price.plan_id, plan_name: name, amount_cents: price.amount_cents, attempt: 0, in_flight: false };
  return chargeDue(m, c, unpaid, 1, now);
};

const recordOutcome = (command: RecordRenewalOutcome, state: MembershipState): MembershipEvent[] => {
  const { membership: m, current: c } = state;
  const d = command.data;
  // Late, repeated, or for a period already settled: changes nothing.
  if (!m || !c || c.status === 'cancelled' || !c.unpaid || c.unpaid.period_start !== d.renewal.period_start) return [];
  const unpaid = c.unpaid;
  if (d.outcome === 'paid') {
    const next = addMonthsUtc(unpaid.period_start, PLAN_TERM_MONTHS[unpaid.plan_name]);
    return [
      {
        type: 'MembershipRenewed',
        data: {
          membership_id: m.membership_id,
          account_id: m.account_id,
          plan_id: unpaid.plan_id,
          plan_name: unpaid.plan_name,
          amount_cents: unpaid.amount_cents,
          checkout_id: d.checkout_id,
          period_start: unpaid.period_start,
          next_renewal_at: next,
          attempt: d.renewal.attempt,
          renewed_at: d.paid_at,
        },
      },
    ];
  }
  if (!unpaid.in_flight || unpaid.attempt !== d.renewal.attempt) return [];
  return failedTry(m, c, unpaid, d.checkout_id, d.message, command.metadata.now);
};

export const decideMembership = (command: MembershipCommand, state: MembershipState): MembershipEvent[] => {
  const now = command.metadata.now.toISOString();
  switch (command.type) {
    case 'StartMembership': {
      if (state.membership) throw conflict('This membership has started already.');
      const d = command.data;
      if (Number.isNaN(Date.parse(d.paid_at))) throw invalid('paid_at must be an ISO-8601 time.');
      const startedAt = new Date(d.paid_at).toISOString();
      const trial = d.plan.trial_months > 0;
      // With a trial the first term is charged when it ends; without, it was paid now and the next term renews.
      const trialEndsAt = trial ? addMonthsUtc(startedAt, d.plan.trial_months) : null;
      const nextRenewalAt = trialEndsAt ?? addMonthsUtc(startedAt, PLAN_TERM_MONTHS[d.plan.name]);
      return [
        {
          type: 'MembershipStarted',
          data: {
            membership_id: d.membership_id,
            account_id: d.account_id,
            plan_id: d.plan.plan_id,
            plan_name: d.plan.name,
            amount_cents: d.plan.amount_cents,
            renewal_amount_cents: d.renewal_amount_cents,
            paid_cents: d.paid_cents,
            started_at: startedAt,
            trial_ends_at: trialEndsAt,
            next_renewal_at: nextRenewalAt,
            card_brand: d.card_brand,
            card_last4: d.card_last4,
            status: trial ? 'trialing' : 'active',
            checkout_id: d.checkout_id,
            ...(d.payment_method_id ? { payment_method_id: d.payment_method_id } : {}),
          },
        },
      ];
    }
    case 'CancelMembership': {
      const { m, c } = ownLive(state, command.data);
      const day = dayIn(command.data);
      if (c.cancel_at_period_end) throw refuse('ALREADY_CANCELLING', `This membership is already cancelled: it ends on ${day(c.next_renewal_at)}.`);
      if (c.status === 'past_due') throw refuse('MEMBERSHIP_PAST_DUE', `This membership is past due and ends on ${day(c.cancels_at ?? now)} unless paid. Update your card to keep it.`);
      return [{ type: 'MembershipCancellationRequested', data: { membership_id: m.membership_id, account_id: m.account_id, ends_at: c.next_renewal_at, requested_at: now } }];
    }
    case 'ResumeMembership': {
      const { m, c } = ownLive(state, command.data);
      if (!c.cancel_at_period_end) throw refuse('NOT_CANCELLING', 'This membership is not cancelled: there is nothing to resume.');
      return [{ type: 'MembershipResumed', data: { membership_id: m.membership_id, account_id: m.account_id, resumed_at: now } }];
    }
    case 'SwitchPlan': {
      const { m, c } = ownLive(state, command.data);
      const day = dayIn(command.data);
      const wanted = command.data.plan_name;
      if (c.status === 'past_due') throw refuse('MEMBERSHIP_PAST_DUE', 'This membership is past due. Update your card first; then you can switch plans.');
      if (c.cancel_at_period_end) throw refuse('ALREADY_CANCELLING', `This membership ends on ${day(c.next_renewal_at)}. Resume it first to switch plans.`);
      if (wanted === renewsAs(c)) throw refuse('SAME_PLAN', `This membership already renews as ${wanted}.`);
      const to = wanted === c.plan_name ? null : wanted; // back to its own plan withdraws the switch
      return [
        {
          type: 'MembershipPlanSwitchScheduled',
          data: {
            membership_id: m.membership_id,
            account_id: m.account_id,
            from_plan_name: c.plan_name,
            to_plan_name: to,
            effective_at: c.next_renewal_at,
            scheduled_at: now,
            ...(command.data.renewal_amount_cents === undefined ? {} : { renewal_amount_cents: command.data.renewal_amount_cents }),
          },
        },
      ];
    }
    case 'UpdateCard': {
      const { m, c } = ownLive(state, command.data);
      const d = command.data;
      const updated: MembershipEvent = {
        type: 'MembershipCardUpdated',
        data: { membership_id: m.membership_id, account_id: m.account_id, payment_method_id: d.payment_method_id, card_brand: d.card_brand, card_last4: d.card_last4, updated_at: now },
      };
      const unpaidNow = c.unpaid !== null && !c.unpaid.in_flight;
      if (c.payment_method_id === d.payment_method_id && !unpaidNow) return []; // the card it has (a double click)
      // A renewal that failed (retrying, or past due) is charged at once to the new card.
      if (!c.unpaid || c.unpaid.in_flight) return [updated];
      const withCard = evolveMembership(state, updated).current ?? c;
      return [updated, ...chargeDue(m, withCard, c.unpaid, c.unpaid.attempt + 1, command.metadata.now)];
    }
    case 'EndOnRefund': {
      const { membership: m, current: c } = state;
      // Ended already (or never started): a refund has nothing more to end.
      if (!m || !c || c.status === 'cancelled') return [];
      return [{ type: 'MembershipCancelled', data: { membership_id: m.membership_id, account_id: m.account_id, reason: 'refunded', ended_at: now } }];
    }
    case 'RunRenewals':
      return runRenewals(command, state);
    case 'RecordRenewalOutcome':
      return recordOutcome(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown membership command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const membershipDecider: Decider<MembershipCommand, MembershipEvent, MembershipState> = {
  initialState: initialMembershipState,
  evolve: evolveMembership,
  decide: decideMembership,
  fromStored: toMembershipEvent,
};

