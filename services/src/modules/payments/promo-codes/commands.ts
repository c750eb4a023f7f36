import type { PromoApplied } from '@acpg/contracts/payments';
import { discountOf, PromoCode, promoCodeStream, type PromoCodeReleased, type PromoQuote } from '@acpg/contracts/promo-codes';
import { handleCommand, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Purchase } from '../checkout/purchase.ts';
import { promoCodeDecider, promoRefusal, refuse, type PromoCodeState } from './decider.ts';

/**
 * Every concurrent reservation but one meets a newer version and decides again on it; each round settles at least
 * one, and once the limit is reached the decider refuses in words. This bounds the rounds far above any real rush.
 */
const RESERVE_RETRIES = 50;

/** The code as its stream names it, or null for text that can be no code (answered as unknown). */
export const normalizedCode = (text: string): string | null => {
  const parsed = PromoCode.safeParse(text);
  return parsed.success ? parsed.data : null;
};

/**
 * Text that can be no code is not echoed: it may hold markup, control or direction characters (a spoofed message).
 * A well-formed code is named as the code it is.
 */
const unknown = (text: string) => {
  const code = normalizedCode(text);
  return refuse({ code: 'PROMO_UNKNOWN', message: `We do not know ${code ? `the promo code ${code}` : 'this promo code'}. Check its spelling, or pay without it.` });
};

export const loadPromoCode = async (platform: Pick<Platform, 'eventStore'>, code: string): Promise<PromoCodeState> =>
  (await loadStream(platform.eventStore, promoCodeStream(code), promoCodeDecider)).state;

/** What the code takes off this purchase's amount due, as a quote (refused with a PROMO_* 400 when it does not apply). */
export const quotePromo = async (platform: Platform, text: string, purchase: Purchase, accountId: string | null): Promise<PromoQuote> => {
  const code = normalizedCode(text);
  if (!code) throw unknown(text);
  const state = await loadPromoCode(platform, code);
  const refusal = promoRefusal(state, { code, plan_id: purchase.promo_target, label: purchase.label, account_id: accountId, now: platform.clock() });
  if (refusal) throw refuse(refusal);
  if (!state.terms) throw unknown(text);
  const list = purchase.list_amount_cents;
  const discount = discountOf({ kind: state.terms.discount_kind, value: state.terms.discount_value }, list);
  return { code, plan_id: purchase.plan_id, list_amount_cents: list, discount_cents: discount, amount_due_cents: list - discount };
};

/**
 * Holds one redemption of the code for this checkout (appended at the code stream's loaded version; a concurrent one
 * decides again), and answers what the checkout takes off. The same checkout sent again keeps its one reservation.
 */
export const reservePromo = async (
  platform: Platform,
  use: { text: string; checkout_id: string; account_id: string; purchase: Purchase },
  meta: CommandMeta,
): Promise<PromoApplied> => {
  const code = normalizedCode(use.text);
  if (!code) throw unknown(use.text);
  const data = { code, checkout_id: use.checkout_id, account_id: use.account_id, plan_id: use.purchase.promo_target, label: use.purchase.label };
  const { state } = await handleCommand(platform.eventStore, promoCodeStream(code), promoCodeDecider, { type: 'ReservePromoCode', data, metadata: meta }, { retries: RESERVE_RETRIES });
  if (!state.terms) throw unknown(use.text);
  const list = use.purchase.list_amount_cents;
  return { promo_code: code, list_amount_cents: list, discount_cents: discountOf({ kind: state.terms.discount_kind, value: state.terms.discount_value }, list) };
};

/** The payment succeeded: the checkout's redemption counts for good (once). */
export const redeemPromo = (platform: Platform, use: { code: string; checkout_id: string; account_id: string }, meta: CommandMeta) =>
  handleCommand(platform.eventStore, promoCodeStream(use.code), promoCodeDecider, { type: 'RedeemPromoCode', data: use, metadata: meta }, { retries: RESERVE_RETRIES });

/** The payment failed, was abandoned or never started: the checkout's reservation is free again (once). */
export const releasePromo = (
  platform: Platform,
  use: { code: string; checkout_id: string; account_id: string; reason: PromoCodeReleased['reason'] },
  meta: CommandMeta,
) => handleCommand(platform.eventStore, promoCodeStream(use.code), promoCodeDecider, { type: 'ReleasePromoCode', data: use, metadata: meta }, { retries: RESERVE_RETRIES });
