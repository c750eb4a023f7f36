import { MembershipCancellationRequested, MembershipCardUpdated, MembershipPlanSwitchScheduled, MembershipResumed } from '@acpg/contracts/memberships';
import type { CardBrand } from '@acpg/contracts/payments';
import type { z } from 'zod';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { accountNoticeJob } from '../../../platform/jobs/notifications.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import { formatCents, formatLongDate } from '../../../platform/formatting/index.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction, ReactionJob } from '../../../platform/reactions/port.ts';
import type { EmailTemplate, TemplateVariables } from '../../../platform/templates/template.ts';
import { membershipDecider, membershipStream, renewsAs, type Current, type MembershipState } from '../membership/decider.ts';
import { renewalPrices } from '../renewals/run.ts';
import { latestPlans } from '../start-on-payment/plans.ts';
import { cancellationEmail, cardUpdatedEmail, planSwitchEmail, resumedEmail } from './templates.ts';

const usd = formatCents;
const BRAND: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'card' };
const cardOf = (c: Pick<Current, 'card_brand' | 'card_last4'>) => `${BRAND[c.card_brand]} ending in ${c.card_last4}`;

/** The membership as it stood right after `event` (not as it stands when the reaction runs: later moves may follow). */
const stateAfter = async (platform: Platform, membershipId: string, eventId: string): Promise<MembershipState> => {
  let state = membershipDecider.initialState();
  for (const stored of await platform.eventStore.readStream(membershipStream(membershipId))) {
    const event = membershipDecider.fromStored?.(stored);
    if (event) state = membershipDecider.evolve(state, event);
    if (stored.id === eventId) break;
  }
  return state;
};

/** The next charge, as the renewals will charge it: an unpaid period's price, a trial's first term, else the renewal price. */
const nextChargeCents = async (platform: Platform, state: MembershipState): Promise<number | null> => {
  const { membership: m, current: c } = state;
  if (!m || !c) return null;
  if (c.unpaid) return c.unpaid.amount_cents;
  const plans = await latestPlans(platform);
  const firstTerm = m.trial_ends_at !== null && c.renewals === 0 && c.switch_to_plan_name === null;
  const own = plans.get(c.plan_id);
  if (firstTerm && own) return own.amount_cents;
  return renewalPrices(plans)[renewsAs(c)]?.amount_cents ?? null;
};

const message = <V extends TemplateVariables>(template: EmailTemplate<V>, variables: z.input<V>) => ({ template: template.key, variables: variables as Record<string, unknown> });
const notice = (accountId: string, email: ReturnType<typeof message>): ReactionJob[] => [accountNoticeJob.job({ account_id: accountId, email }, { attempts: 8, backoffMs: 2000 })];

/**
 * Every change the member makes to their membership is told by email, once per event (job id `<reaction>:<event id>`):
 * a cancellation (the day it ends), a resume (the next renewal and its price), a plan switch (from when, at what price)
 * and a card change (which card, the next charge). Identity forwards each to the account's email.
 */
export const changeNoticesReaction: Reaction = {
  name: 'memberships.change-notices',
  handles: ['MembershipCancellationRequested', 'MembershipResumed', 'MembershipPlanSwitchScheduled', 'MembershipCardUpdated'],
  async jobs(event: StoredEvent, platform) {
    const ids = (event.data ?? {}) as { membership_id?: unknown; account_id?: unknown };
    if (typeof ids.membership_id !== 'string' || typeof ids.account_id !== 'string') return [];
    const accountId = ids.account_id;
    const contact = await accountContactOf(platform, 'memberships', accountId);
    const full_name = contact && contact.full_name !== '' ? contact.full_name : 'there';
    const timeZone = await timeZoneOf(platform, 'memberships', accountId);
    const onDay = (iso: string) => formatLongDate(iso, timeZone);
    const state = await stateAfter(platform, ids.membership_id, event.id);
    const c = state.current;
    if (!c) return [];
    const cents = await nextChargeCents(platform, state);
    const amount = cents === null ? {} : { amount: usd(cents) };
    switch (event.type) {
      case 'MembershipCancellationRequested': {
        const d = MembershipCancellationRequested.parse(event.data);
        return notice(accountId, message(cancellationEmail, { full_name, plan_name: c.plan_name, ends_on: onDay(d.ends_at), cancelled_on: onDay(d.requested_at) }));
      }
      case 'MembershipResumed':
        MembershipResumed.parse(event.data);
        return notice(accountId, message(resumedEmail, { full_name, plan_name: c.plan_name, renews_on: onDay(c.next_renewal_at), card: cardOf(c), ...amount }));
      case 'MembershipPlanSwitchScheduled': {
        const d = MembershipPlanSwitchScheduled.parse(event.data);
        const withdrawn = d.to_plan_name === null;
        return notice(accountId, message(planSwitchEmail, { full_name, plan_name: d.to_plan_name ?? d.from_plan_name, current_plan_name: d.from_plan_name, renews_on: onDay(d.effective_at), withdrawn, ...amount }));
      }
      case 'MembershipCardUpdated': {
        const d = MembershipCardUpdated.parse(event.data);
        const before = await stateBefore(platform, ids.membership_id, event.id);
        const previous = before.current ? cardOf(before.current) : 'previous card';
        return notice(accountId, message(cardUpdatedEmail, { full_name, plan_name: c.plan_name, card: cardOf(d), previous_card: previous, updated_on: onDay(d.updated_at), renews_on: onDay(c.next_renewal_at), ...amount }));
      }
      default:
        return [];
    }
  },
};

/** The membership as it stood right before `event`. */
const stateBefore = async (platform: Platform, membershipId: string, eventId: string): Promise<MembershipState> => {
  let state = membershipDecider.initialState();
  for (const stored of await platform.eventStore.readStream(membershipStream(membershipId))) {
    if (stored.id === eventId) break;
    const event = membershipDecider.fromStored?.(stored);
    if (event) state = membershipDecider.evolve(state, event);
  }
  return state;
};
