import type {
  PromoCodeActivated,
  PromoCodeCreated,
  PromoCodeDeactivated,
  PromoCodeEdited,
  PromoCodeRedeemed,
  PromoCodeReleased,
  PromoCodeReserved,
  PromoCodeTerms,
  PromoRefusalCode,
} from '@acpg/contracts/promo-codes';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';

/**
 * One promo code, one stream (`payments-promocode-<CODE>`): its terms, whether it is offered, and one reservation
 * per checkout. A reservation is appended at the loaded version, so concurrent checkouts cannot go past the limit.
 */
type Counts = { reserved_count: number; redeemed_count: number };

export type PromoCodeEvent =
  | { type: 'PromoCodeCreated'; data: PromoCodeCreated }
  | { type: 'PromoCodeEdited'; data: PromoCodeEdited }
  | { type: 'PromoCodeDeactivated'; data: PromoCodeDeactivated }
  | { type: 'PromoCodeActivated'; data: PromoCodeActivated }
  /** Reservation events carry the code's counts after them, so the admin list needs no per-checkout bookkeeping. */
  | { type: 'PromoCodeReserved'; data: PromoCodeReserved & Counts }
  | { type: 'PromoCodeRedeemed'; data: PromoCodeRedeemed & Counts }
  | { type: 'PromoCodeReleased'; data: PromoCodeReleased & Counts };
export const PROMO_CODE_EVENT_TYPES = [
  'PromoCodeCreated',
  'PromoCodeEdited',
  'PromoCodeDeactivated',
  'PromoCodeActivated',
  'PromoCodeReserved',
  'PromoCodeRedeemed',
  'PromoCodeReleased',
] as const satisfies readonly PromoCodeEvent['type'][];

type Terms = PromoCodeTerms & { code: string };
export type CreatePromoCode = Command<'CreatePromoCode', Terms>;
export type EditPromoCode = Command<'EditPromoCode', Terms>;
export type DeactivatePromoCode = Command<'DeactivatePromoCode', { code: string }>;
export type ActivatePromoCode = Command<'ActivatePromoCode', { code: string }>;
/** `plan_id`: what the code must target (a plan id, or NHD_REPORTS_PROMO_TARGET); `label` names it in a refusal. */
export type ReservePromoCode = Command<'ReservePromoCode', { code: string; checkout_id: string; account_id: string; plan_id: string; label?: string }>;
export type RedeemPromoCode = Command<'RedeemPromoCode', { code: string; checkout_id: string; account_id: string }>;
export type ReleasePromoCode = Command<'ReleasePromoCode', { code: string; checkout_id: string; account_id: string; reason: PromoCodeReleased['reason'] }>;
export type PromoCodeCommand = CreatePromoCode | EditPromoCode | DeactivatePromoCode | ActivatePromoCode | ReservePromoCode | RedeemPromoCode | ReleasePromoCode;

type Reservation = { account_id: string; state: 'reserved' | 'redeemed' | 'released' };
export type PromoCodeState = {
  terms: Terms | null;
  active: boolean;
  /** By checkout id. */
  reservations: Readonly<Record<string, Reservation>>;
};
export const initialPromoCodeState = (): PromoCodeState => ({ terms: null, active: false, reservations: {} });

const termsOf = (data: Terms): Terms => ({
  code: data.code,
  discount_kind: data.discount_kind,
  discount_value: data.discount_value,
  plan_ids: data.plan_ids,
  valid_from: data.valid_from,
  valid_to: data.valid_to,
  max_redemptions: data.max_redemptions,
  max_per_account: data.max_per_account,
});

const reserve = (state: PromoCodeState, checkoutId: string, reservation: Reservation): PromoCodeState => ({
  ...state,
  reservations: { ...state.reservations, [checkoutId]: reservation },
});

export const evolvePromoCode = (state: PromoCodeState, event: PromoCodeEvent): PromoCodeState => {
  switch (event.type) {
    case 'PromoCodeCreated':
      return { ...state, terms: termsOf(event.data), active: true };
    case 'PromoCodeEdited':
      return { ...state, terms: termsOf(event.data) };
    case 'PromoCodeDeactivated':
      return { ...state, active: false };
    case 'PromoCodeActivated':
      return { ...state, active: true };
    case 'PromoCodeReserved':
      return reserve(state, event.data.checkout_id, { account_id: event.data.account_id, state: 'reserved' });
    case 'PromoCodeRedeemed':
      return reserve(state, event.data.checkout_id, { account_id: event.data.account_id, state: 'redeemed' });
    case 'PromoCodeReleased':
      return reserve(state, event.data.checkout_id, { account_id: event.data.account_id, state: 'released' });
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown promo code event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** Reserved and redeemed redemptions (a released one is free again). */
export const countsOf = (state: PromoCodeState, accountId?: string): Counts & { in_use: number } => {
  let reserved = 0;
  let redeemed = 0;
  for (const r of Object.values(state.reservations)) {
    if (accountId !== undefined && r.account_id !== accountId) continue;
    if (r.state === 'reserved') reserved++;
    if (r.state === 'redeemed') redeemed++;
  }
  return { reserved_count: reserved, redeemed_count: redeemed, in_use: reserved + redeemed };
};

const day = (iso: string) => iso.slice(0, 10);

export interface PromoRefusal {
  code: PromoRefusalCode;
  message: string;
}

/**
 * Why this code cannot be used on this plan now (null: it can). `accountId` null (a visitor's quote) skips the
 * per-account limit, which the checkout checks again.
 */
export const promoRefusal = (state: PromoCodeState, use: { code: string; plan_id: string; label?: string | undefined; account_id: string | null; now: Date }): PromoRefusal | null => {
  const { terms } = state;
  const name = use.code.toUpperCase();
  if (!terms) return { code: 'PROMO_UNKNOWN', message: `We do not know the promo code ${name}. Check its spelling, or pay without it.` };
  if (!state.active) return { code: 'PROMO_INACTIVE', message: `The promo code ${name} is no longer offered. Pay without it.` };
  const now = use.now.toISOString();
  if (now < terms.valid_from) return { code: 'PROMO_NOT_YET_VALID', message: `The promo code ${name} can be used from ${day(terms.valid_from)} (UTC). Pay without it, or come back then.` };
  if (terms.valid_to !== null && now >= terms.valid_to) return { code: 'PROMO_EXPIRED', message: `The promo code ${name} expired on ${day(terms.valid_to)} (UTC). Pay without it.` };
  if (!terms.plan_ids.includes(use.plan_id)) return { code: 'PROMO_NOT_FOR_PLAN', message: use.label && use.label !== 'this plan' ? `The promo code ${name} does not apply to ${use.label}. Pay without it.` : `The promo code ${name} does not apply to this plan. Choose another plan, or pay without it.` };
  if (terms.max_redemptions !== null && countsOf(state).in_use >= terms.max_redemptions) {
    return { code: 'PROMO_LIMIT_REACHED', message: `The promo code ${name} has been used as many times as it allows. Pay without it.` };
  }
  if (use.account_id !== null && terms.max_per_account !== null && countsOf(state, use.account_id).in_use >= terms.max_per_account) {
    return { code: 'PROMO_LIMIT_REACHED', message: `You have used the promo code ${name} as many times as it allows. Pay without it.` };
  }
  return null;
};

export const refuse = (refusal: PromoRefusal) => new DomainError('invalid', refusal.code, refusal.message);

const sameTerms = (a: Terms, b: Terms) => JSON.stringify(termsOf(a)) === JSON.stringify(termsOf(b));

const countsAfter = (state: PromoCodeState, event: PromoCodeEvent): Counts => {
  const { reserved_count, redeemed_count } = countsOf(evolvePromoCode(state, event));
  return { reserved_count, redeemed_count };
};

type ReservationEvent = Extract<PromoCodeEvent, { type: 'PromoCodeReserved' | 'PromoCodeRedeemed' | 'PromoCodeReleased' }>;
const NO_COUNTS: Counts = { reserved_count: 0, redeemed_count: 0 };
/** A reservation event with the counts it leaves (written with NO_COUNTS, filled in here). */
const withCounts = (state: PromoCodeState, event: ReservationEvent): PromoCodeEvent => ({ ...event, data: { ...event.data, ...countsAfter(state, event) } }) as PromoCodeEvent;

const unknownCode = (code: string) => new DomainError('not_found', 'PROMO_CODE_NOT_FOUND', `There is no promo code ${code}.`);

export const decidePromoCode = (command: PromoCodeCommand, state: PromoCodeState): PromoCodeEvent[] => {
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'CreatePromoCode':
      if (state.terms) throw new DomainError('conflict', 'PROMO_CODE_EXISTS', `The promo code ${command.data.code} exists already. Edit it instead.`);
      return [{ type: 'PromoCodeCreated', data: { ...termsOf(command.data), created_at: at } }];
    case 'EditPromoCode': {
      if (!state.terms) throw unknownCode(command.data.code);
      const next = command.data;
      const used = countsOf(state).in_use;
      if (next.max_redemptions !== null && next.max_redemptions < used) {
        throw new DomainError('invalid', 'PROMO_LIMIT_BELOW_USE', `The promo code has been used ${used} times: its total limit cannot be lower than that.`);
      }
      if (sameTerms(state.terms, next)) return [];
      return [{ type: 'PromoCodeEdited', data: { ...termsOf(next), edited_at: at } }];
    }
    case 'DeactivatePromoCode':
      if (!state.terms) throw unknownCode(command.data.code);
      return state.active ? [{ type: 'PromoCodeDeactivated', data: { code: state.terms.code, deactivated_at: at } }] : [];
    case 'ActivatePromoCode':
      if (!state.terms) throw unknownCode(command.data.code);
      return state.active ? [] : [{ type: 'PromoCodeActivated', data: { code: state.terms.code, activated_at: at } }];
    case 'ReservePromoCode': {
      const { checkout_id, account_id, plan_id } = command.data;
      if (state.reservations[checkout_id]) return []; // the same checkout sent again holds its one reservation
      const refusal = promoRefusal(state, { code: command.data.code, plan_id, label: command.data.label, account_id, now: command.metadata.now });
      if (refusal) throw refuse(refusal);
      const code = state.terms?.code ?? command.data.code;
      return [withCounts(state, { type: 'PromoCodeReserved', data: { code, checkout_id, account_id, plan_id, reserved_at: at, ...NO_COUNTS } })];
    }
    case 'RedeemPromoCode': {
      const { checkout_id, account_id } = command.data;
      // A payment that succeeds after its reservation was released (confirmed late) was charged the discounted
      // price: it is redeemed all the same, even past the limit.
      if (!state.terms || state.reservations[checkout_id]?.state === 'redeemed') return [];
      return [withCounts(state, { type: 'PromoCodeRedeemed', data: { code: state.terms.code, checkout_id, account_id, redeemed_at: at, ...NO_COUNTS } })];
    }
    case 'ReleasePromoCode': {
      const { checkout_id, account_id, reason } = command.data;
      if (!state.terms || state.reservations[checkout_id]?.state !== 'reserved') return [];
      return [withCounts(state, { type: 'PromoCodeReleased', data: { code: state.terms.code, checkout_id, account_id, reason, released_at: at, ...NO_COUNTS } })];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown promo code command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

const TYPES: ReadonlySet<string> = new Set(PROMO_CODE_EVENT_TYPES);

/** Reads a stored event back (null for other types). Written by this module only, so not re-validated. */
export const toPromoCodeEvent = (event: StoredEvent): PromoCodeEvent | null => (TYPES.has(event.type) ? ({ type: event.type, data: event.data } as PromoCodeEvent) : null);

export const promoCodeDecider: Decider<PromoCodeCommand, PromoCodeEvent, PromoCodeState> = {
  initialState: initialPromoCodeState,
  evolve: evolvePromoCode,
  decide: decidePromoCode,
  fromStored: toPromoCodeEvent,
};

