import { describe, expect, it } from 'vitest';
import { discountOf } from '@acpg/contracts/promo-codes';
import { metaAt } from '../../../../test/command-meta.ts';
import { decidePromoCode, evolvePromoCode, initialPromoCodeState, promoRefusal, type PromoCodeCommand, type PromoCodeEvent, type PromoCodeState } from './decider.ts';
import { save10 } from '../../../../test/promo-codes.ts';

const meta = metaAt('2026-11-23T19:00:00.000Z');
const terms = save10({ valid_to: '2026-12-01T00:00:00.000Z', max_redemptions: 2, max_per_account: 1 });
type Data<T extends PromoCodeCommand['type']> = Extract<PromoCodeCommand, { type: T }>['data'];
const cmd = <T extends PromoCodeCommand['type']>(type: T, data: Data<T>, at = meta) => ({ type, data, metadata: at }) as PromoCodeCommand;
/** Decides each command in turn on the state so far. */
const run = (...commands: PromoCodeCommand[]) => {
  let state: PromoCodeState = initialPromoCodeState();
  const events: PromoCodeEvent[] = [];
  for (const c of commands) {
    for (const e of decidePromoCode(c, state)) {
      events.push(e);
      state = evolvePromoCode(state, e);
    }
  }
  return { state, events };
};
const create = cmd('CreatePromoCode', terms);
const reserve = (checkout: string, account: string, plan = 'yearly', at = meta) => cmd('ReservePromoCode', { code: 'SAVE10', checkout_id: checkout, account_id: account, plan_id: plan }, at);
const refusalOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return null;
};

describe('promo code decider', () => {
  it('creates a code once, offered from the start', () => {
    const { state, events } = run(create);
    expect(events).toEqual([{ type: 'PromoCodeCreated', data: { ...terms, created_at: '2026-11-23T19:00:00.000Z' } }]);
    expect(state.active).toBe(true);
    expect(refusalOf(() => decidePromoCode(create, state))).toBe('PROMO_CODE_EXISTS');
  });

  it('reserves with the counts after it; the same checkout again reserves nothing new', () => {
    const { state, events } = run(create, reserve('c1', 'a1'), reserve('c1', 'a1'));
    expect(events.slice(1)).toEqual([
      { type: 'PromoCodeReserved', data: { code: 'SAVE10', checkout_id: 'c1', account_id: 'a1', plan_id: 'yearly', reserved_at: '2026-11-23T19:00:00.000Z', reserved_count: 1, redeemed_count: 0 } },
    ]);
    expect(state.reservations).toEqual({ c1: { account_id: 'a1', state: 'reserved' } });
  });

  it('refuses past the total and the per-account limit; a release frees a redemption, a redeem keeps it', () => {
    const { state } = run(create, reserve('c1', 'a1'), reserve('c2', 'a2'));
    expect(refusalOf(() => decidePromoCode(reserve('c3', 'a3'), state))).toBe('PROMO_LIMIT_REACHED');
    const released = run(create, reserve('c1', 'a1'), reserve('c2', 'a2'), cmd('ReleasePromoCode', { code: 'SAVE10', checkout_id: 'c2', account_id: 'a2', reason: 'payment_failed' }));
    expect(released.events.at(-1)).toMatchObject({ type: 'PromoCodeReleased', data: { reason: 'payment_failed', reserved_count: 1, redeemed_count: 0 } });
    expect(decidePromoCode(reserve('c3', 'a3'), released.state)).toHaveLength(1);
    expect(refusalOf(() => decidePromoCode(reserve('c4', 'a1'), released.state))).toBe('PROMO_LIMIT_REACHED'); // a1 has used its one
    const redeemed = run(create, reserve('c1', 'a1'), cmd('RedeemPromoCode', { code: 'SAVE10', checkout_id: 'c1', account_id: 'a1' }));
    expect(redeemed.events.at(-1)).toMatchObject({ type: 'PromoCodeRedeemed', data: { reserved_count: 0, redeemed_count: 1 } });
    // Redeemed stays redeemed: a late release or a second redeem changes nothing.
    expect(decidePromoCode(cmd('ReleasePromoCode', { code: 'SAVE10', checkout_id: 'c1', account_id: 'a1', reason: 'abandoned' }), redeemed.state)).toEqual([]);
    expect(decidePromoCode(cmd('RedeemPromoCode', { code: 'SAVE10', checkout_id: 'c1', account_id: 'a1' }), redeemed.state)).toEqual([]);
  });

  it('refuses before valid_from, from valid_to on, another plan, an inactive and an unknown code', () => {
    const { state } = run(create);
    expect(refusalOf(() => decidePromoCode(reserve('c', 'a', 'yearly', metaAt('2026-10-31T23:59:59.999Z')), state))).toBe('PROMO_NOT_YET_VALID');
    expect(refusalOf(() => decidePromoCode(reserve('c', 'a', 'yearly', metaAt('2026-12-01T00:00:00.000Z')), state))).toBe('PROMO_EXPIRED');
    expect(refusalOf(() => decidePromoCode(reserve('c', 'a', 'monthly'), state))).toBe('PROMO_NOT_FOR_PLAN');
    const off = run(create, cmd('DeactivatePromoCode', { code: 'SAVE10' }));
    expect(refusalOf(() => decidePromoCode(reserve('c', 'a'), off.state))).toBe('PROMO_INACTIVE');
    expect(decidePromoCode(cmd('DeactivatePromoCode', { code: 'SAVE10' }), off.state)).toEqual([]);
    expect(run(create, cmd('DeactivatePromoCode', { code: 'SAVE10' }), cmd('ActivatePromoCode', { code: 'SAVE10' })).state.active).toBe(true);
    expect(refusalOf(() => decidePromoCode(reserve('c', 'a'), initialPromoCodeState()))).toBe('PROMO_UNKNOWN');
    expect(promoRefusal(run(create).state, { code: 'save10', plan_id: 'yearly', account_id: null, now: new Date('2026-11-23T00:00:00Z') })).toBeNull();
  });

  it('edits the terms (nothing when unchanged), never the total limit below the redemptions in use', () => {
    const { state } = run(create, reserve('c1', 'a1'), reserve('c2', 'a2'));
    expect(decidePromoCode(cmd('EditPromoCode', terms), state)).toEqual([]);
    expect(decidePromoCode(cmd('EditPromoCode', { ...terms, discount_value: 20 }), state)).toMatchObject([{ type: 'PromoCodeEdited', data: { discount_value: 20 } }]);
    expect(refusalOf(() => decidePromoCode(cmd('EditPromoCode', { ...terms, max_redemptions: 1 }), state))).toBe('PROMO_LIMIT_BELOW_USE');
    expect(refusalOf(() => decidePromoCode(cmd('EditPromoCode', terms), initialPromoCodeState()))).toBe('PROMO_CODE_NOT_FOUND');
  });

  it('discounts a percent to the cent or an amount, never below the 50-cent minimum charge', () => {
    expect(discountOf({ kind: 'percent', value: 10 }, 21_400)).toBe(2_140);
    expect(discountOf({ kind: 'percent', value: 33 }, 1_001)).toBe(330);
    expect(discountOf({ kind: 'percent', value: 100 }, 21_400)).toBe(21_350);
    expect(discountOf({ kind: 'amount', value: 5_000 }, 21_400)).toBe(5_000);
    expect(discountOf({ kind: 'amount', value: 50_000 }, 21_400)).toBe(21_350);
    expect(discountOf({ kind: 'amount', value: 500 }, 40)).toBe(0);
  });
});
