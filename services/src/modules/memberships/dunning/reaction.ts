import { MembershipCancelled, MembershipPastDue, MembershipRenewalFailed } from '@acpg/contracts/memberships';
import type { CardBrand } from '@acpg/contracts/payments';
import { z } from 'zod';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction, ReactionJob } from '../../../platform/reactions/port.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { membershipDecider, membershipStream } from '../membership/decider.ts';
import { loadStream } from '../../../platform/commands/handle-command.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import { formatCents, formatLongDate } from '../../../platform/formatting/index.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';
import { membershipEndedEmail, pastDueEmail, renewalFailedEmail } from './templates.ts';

/** The identity module's read model `accounts` (its documented row: `AccountView` in `@acpg/contracts/identity`). */
const Recipient = z.object({ email: z.email(), full_name: z.string().min(1) });

const usd = formatCents;
const BRAND: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'card' };

/** The member's name and email, from this module's copy of identity's account events. */
const recipientOf = async (platform: Platform, accountId: string) => {
  const parsed = Recipient.safeParse(await accountContactOf(platform, 'memberships', accountId));
  return parsed.success ? parsed.data : null;
};

const send = (message: ReturnType<typeof templateMessage>): ReactionJob[] => [notificationJob.job(message, { attempts: 8, backoffMs: 2000 })];

/**
 * Dunning emails, one per event (job id `<reaction>:<event id>`): each failed try (`MembershipRenewalFailed`, with the
 * next try's day when there is one), past due (`MembershipPastDue`), and the end (`MembershipCancelled`).
 */
export const dunningEmailsReaction: Reaction = {
  name: 'memberships.dunning-emails',
  handles: ['MembershipRenewalFailed', 'MembershipPastDue', 'MembershipCancelled'],
  async jobs(event: StoredEvent, platform) {
    const accountId = (event.data as { account_id?: unknown }).account_id;
    const to = typeof accountId === 'string' ? await recipientOf(platform, accountId) : null;
    if (!to) {
      platform.log.error({ eventId: event.id, type: event.type }, 'memberships: no account to email about this membership');
      return [];
    }
    // The member's own calendar: a renewal retried at 4 AM UTC is still the evening before in California.
    const timeZone = await timeZoneOf(platform, 'memberships', String(accountId));
    const onDay = (iso: string) => formatLongDate(iso, timeZone);
    const { state } = await loadStream(platform.eventStore, membershipStream(String((event.data as { membership_id?: unknown }).membership_id)), membershipDecider);
    const current = state.current;
    switch (event.type) {
      case 'MembershipRenewalFailed': {
        const d = MembershipRenewalFailed.parse(event.data);
        const card = current ? `${BRAND[current.card_brand]} ending in ${current.card_last4}` : 'card';
        const planName = current?.unpaid?.plan_name ?? current?.plan_name ?? 'ACPG';
        return send(
          templateMessage(renewalFailedEmail, to.email, {
            full_name: to.full_name,
            plan_name: planName,
            amount: usd(d.amount_cents),
            card,
            reason: d.message,
            ...(d.next_retry_at ? { next_retry_on: onDay(d.next_retry_at) } : {}),
          }),
        );
      }
      case 'MembershipPastDue': {
        const d = MembershipPastDue.parse(event.data);
        const planName = current?.unpaid?.plan_name ?? current?.plan_name ?? 'ACPG';
        return send(templateMessage(pastDueEmail, to.email, { full_name: to.full_name, plan_name: planName, amount: usd(d.amount_cents), cancels_on: onDay(d.cancels_at) }));
      }
      case 'MembershipCancelled': {
        const d = MembershipCancelled.parse(event.data);
        return send(templateMessage(membershipEndedEmail, to.email, { full_name: to.full_name, plan_name: current?.plan_name ?? 'ACPG', ended_on: onDay(d.ended_at), unpaid: d.reason === 'unpaid', refunded: d.reason === 'refunded' }));
      }
      default:
        return [];
    }
  },
};
