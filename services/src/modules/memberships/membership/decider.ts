import { PLAN_TERM_MONTHS, type PlanName } from '@acpg/contracts/plans';
import type { CardBrand } from '@acpg/contracts/payments';
import type { MembershipStarted as MembershipStartedData } from '@acpg/contracts/memberships';
import { foldStream, type Command, type Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { badRequest, conflict } from '../../../platform/http/errors.ts';
import { addMonthsUtc } from './dates.ts';

/** One membership, one stream; the membership's id is the id of the checkout that paid for it (one per payment). */
export const membershipStream = (membershipId: string) => `memberships-membership-${membershipId}`;

export type MembershipEvent = { type: 'MembershipStarted'; data: MembershipStartedData };

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
  }
>;
export type MembershipCommand = StartMembership;

export type MembershipState = { membership: MembershipStartedData | null };
export const initialMembershipState = (): MembershipState => ({ membership: null });

export const evolveMembership = (state: MembershipState, event: MembershipEvent): MembershipState => {
  switch (event.type) {
    case 'MembershipStarted':
      return { membership: event.data };
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown membership event ${String(unexpected)}`);
    }
  }
};

export const decideMembership = (command: MembershipCommand, state: MembershipState): MembershipEvent[] => {
  switch (command.type) {
    case 'StartMembership': {
      if (state.membership) throw conflict('This membership has started already.');
      const d = command.data;
      if (Number.isNaN(Date.parse(d.paid_at))) throw badRequest('paid_at must be an ISO-8601 time.');
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
          },
        },
      ];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown membership command ${String(unexpected)}`);
    }
  }
};

/** Reads a stored event back (null for other types). Not re-validated: an event is a fact the module wrote. */
export const toMembershipEvent = (event: StoredEvent): MembershipEvent | null =>
  event.type === 'MembershipStarted' ? { type: 'MembershipStarted', data: event.data as MembershipStartedData } : null;

export const membershipDecider: Decider<MembershipCommand, MembershipEvent, MembershipState> = {
  initialState: initialMembershipState,
  evolve: evolveMembership,
  decide: decideMembership,
  fromStored: toMembershipEvent,
};

export const membershipStateFrom = (history: readonly StoredEvent[]): MembershipState => foldStream(membershipDecider, history);
