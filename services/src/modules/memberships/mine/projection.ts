import { MembershipView } from '@acpg/contracts/memberships';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { MEMBERSHIP_EVENT_TYPES, toMembershipEvent, type MembershipEvent } from '../membership/events.ts';
import { pushMembership } from './push.ts';

export const MEMBERSHIPS_COLLECTION = 'memberships';

/**
 * What the next renewal charges (`next_charge_cents`): nothing when cancelled or cancelling; a trial's first term at
 * the membership's own price unless a switch is scheduled; else the price of the plan name it renews as.
 */
const withNextCharge = (doc: Doc): Doc => {
  const ending = doc.status === 'cancelled' || doc.cancel_at_period_end === true;
  const firstTerm = doc.trial_ends_at !== null && doc.trial_ends_at === doc.next_renewal_at && doc.switch_to_plan_name === null;
  return { ...doc, next_charge_cents: ending ? null : firstTerm ? doc.amount_cents : doc.renewal_amount_cents };
};

/** Read model `memberships`: one document per membership, listed by account. */
export const membershipsProjection = defineProjection({
  name: 'memberships.memberships',
  collection: MEMBERSHIPS_COLLECTION,
  handles: MEMBERSHIP_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('memberships-membership-') ? toMembershipEvent(stored) : null),
  documentId: (event) => event.data.membership_id,
  evolve: (doc, event) => {
    const next = evolveRow(doc, event);
    return next ? withNextCharge(next) : next;
  },
  indexes: ['account_id'],
  push: pushMembership,
});

function evolveRow(doc: Doc | null, event: MembershipEvent): Doc | null {
  switch (event.type) {
    case 'MembershipStarted': {
      const d = event.data;
      return {
        _id: d.membership_id,
        account_id: d.account_id,
        plan_id: d.plan_id,
        plan_name: d.plan_name,
        status: d.status,
        started_at: d.started_at,
        trial_ends_at: d.trial_ends_at,
        next_renewal_at: d.next_renewal_at,
        amount_cents: d.amount_cents,
        renewal_amount_cents: d.renewal_amount_cents,
        paid_cents: d.paid_cents,
        card_brand: d.card_brand,
        card_last4: d.card_last4,
        cancel_at_period_end: false,
        switch_to_plan_name: null,
        ended_at: null,
        next_retry_at: null,
        cancels_at: null,
      };
    }
    case 'MembershipCancellationRequested':
      return doc ? { ...doc, cancel_at_period_end: true } : doc;
    case 'MembershipResumed':
      return doc ? { ...doc, cancel_at_period_end: false } : doc;
    case 'MembershipPlanSwitchScheduled':
      return doc ? { ...doc, switch_to_plan_name: event.data.to_plan_name, renewal_amount_cents: event.data.renewal_amount_cents ?? doc.renewal_amount_cents } : doc;
    case 'MembershipCardUpdated':
      return doc ? { ...doc, card_brand: event.data.card_brand, card_last4: event.data.card_last4 } : doc;
    case 'MembershipRenewalDue':
      return doc;
    case 'MembershipRenewed': {
      const d = event.data;
      if (!doc) return doc;
      // The term just paid is the current one; only a trial's first term is charged at another price than later ones.
      const firstTerm = doc.trial_ends_at === d.period_start && doc.plan_name === d.plan_name;
      return {
        ...doc,
        status: 'active',
        plan_id: d.plan_id,
        plan_name: d.plan_name,
        amount_cents: d.amount_cents,
        renewal_amount_cents: firstTerm ? doc.renewal_amount_cents : d.amount_cents,
        next_renewal_at: d.next_renewal_at,
        switch_to_plan_name: null,
        next_retry_at: null,
        cancels_at: null,
      };
    }
    case 'MembershipRenewalFailed':
      return doc ? { ...doc, next_retry_at: event.data.next_retry_at } : doc;
    case 'MembershipPastDue':
      return doc ? { ...doc, status: 'past_due', cancels_at: event.data.cancels_at } : doc;
    case 'MembershipCancelled':
      return doc ? { ...doc, status: 'cancelled', ended_at: event.data.ended_at, cancel_at_period_end: false, next_retry_at: null, cancels_at: null } : doc;
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

/** A membership document as the API shows it; `trialing` turns `active` once the trial has ended (`now`). */
export const toMembershipView = (doc: Doc, now: Date): MembershipView => {
  const view = MembershipView.parse({ ...doc, id: doc._id, version: doc._version ?? 0, position: doc._position ?? 0 });
  const trialOver = view.trial_ends_at !== null && Date.parse(view.trial_ends_at) <= now.getTime();
  return trialOver && view.status === 'trialing' ? { ...view, status: 'active' } : view;
};
