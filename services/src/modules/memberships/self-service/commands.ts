import { nextSavedCard, SAVED_CARD_EVENTS, type CardSaved } from '@acpg/contracts/payments';
import { copyOf, idField, localCopy } from '../../../platform/local-copies/define.ts';
import { readCopy } from '../../../platform/local-copies/read-copy.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';
import type { MembershipView } from '@acpg/contracts/memberships';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { membershipDecider, memberships, membershipStream, type MembershipCommand, type MembershipState } from '../membership/decider.ts';

type MemberCommand = Extract<MembershipCommand, { type: 'CancelMembership' | 'ResumeMembership' | 'SwitchPlan' | 'UpdateCard' }>;

/**
 * One of the member's moves on their membership (the decider answers 404 for someone else's). Retried once on a
 * concurrent write (the scheduler may append at the same moment), then the decider sees the newer state.
 */
export const memberMove = async (platform: Pick<Platform, 'eventStore' | 'documents' | 'caughtUp'>, membershipId: string, command: MemberCommand): Promise<MembershipState> => {
  // The caller's zone: the days a refusal names ("ends on June 2, 2026") are on their calendar.
  const time_zone = await timeZoneOf(platform, 'memberships', command.data.account_id);
  const { state } = await handleCommand(platform.eventStore, membershipStream(membershipId), membershipDecider, { ...command, data: { ...command.data, time_zone } } as MemberCommand, { retries: 3 });
  return state;
};

/** Memberships' copy of the cards accounts saved (the payments module's `CardSaved` contract events). */
export const savedCardsCopy = localCopy<CardSaved>({
  module: 'memberships',
  of: 'saved_cards',
  source: 'payments',
  events: SAVED_CARD_EVENTS,
  idOf: idField('payment_method_id'),
  next: nextSavedCard,
});

/**
 * A card the account saved (waiting briefly for one saved a moment ago). Another account's card, or one never saved,
 * is refused as not saved.
 */
export const savedCardOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, paymentMethodId: string, accountId: string): Promise<CardSaved> => {
  const doc = await readCopy(platform, savedCardsCopy, paymentMethodId);
  const card = doc ? (copyOf(doc) as unknown as CardSaved) : null;
  if (card?.account_id === accountId) return card;
  throw new DomainError('invalid', 'CARD_NOT_SAVED', 'This card is not saved to your account. Enter it again.');
};

export const updateCard = async (platform: Platform, membershipId: string, paymentMethodId: string, accountId: string, meta: CommandMeta) => {
  // Someone else's membership is not found, whatever the card.
  const { state } = await loadStream(platform.eventStore, membershipStream(membershipId), membershipDecider);
  memberships.visible({ userId: accountId, roles: [] }, state.membership);
  const card = await savedCardOf(platform, paymentMethodId, accountId);
  return memberMove(platform, membershipId, {
    type: 'UpdateCard',
    data: { account_id: accountId, payment_method_id: card.payment_method_id, card_brand: card.card_brand, card_last4: card.card_last4 },
    metadata: meta,
  });
};

/** What a move answers: the membership as the member now sees it (the read model catches up a moment later). */
export const viewAfter = (membershipId: string, state: MembershipState, now: Date): Partial<MembershipView> & { id: string } => {
  const { current: c, membership: m } = state;
  if (!m || !c) return { id: membershipId };
  const trialing = c.status === 'trialing' && m.trial_ends_at !== null && Date.parse(m.trial_ends_at) > now.getTime();
  return {
    id: membershipId,
    status: c.status === 'trialing' && !trialing ? 'active' : c.status,
    plan_id: c.plan_id,
    plan_name: c.plan_name,
    next_renewal_at: c.next_renewal_at,
    card_brand: c.card_brand,
    card_last4: c.card_last4,
    cancel_at_period_end: c.cancel_at_period_end,
    switch_to_plan_name: c.switch_to_plan_name,
    ended_at: c.ended_at,
    cancels_at: c.cancels_at,
  };
};

