import { describe, expect, it } from 'vitest';
import { evolvePromoCodeRow, toPromoCodeView } from './projection.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import type { PromoCodeEvent } from './decider.ts';
import { save10 } from '../../../../test/promo-codes.ts';

const terms = save10({ max_redemptions: 5 });
const at = '2026-11-23T19:00:00.000Z';
const later = '2026-11-23T20:00:00.000Z';
const made = evolvePromoCodeRow(null, { type: 'PromoCodeCreated', data: { ...terms, created_at: at } }, at);
if (!made) throw new Error('PromoCodeCreated makes a row');
const created: Doc = made;
const counts = { reserved_count: 1, redeemed_count: 2 };
const use = { code: 'SAVE10', checkout_id: 'c1', account_id: 'a1' };

describe('payments_promo_codes rows', () => {
  it('PromoCodeCreated makes the row: terms, active, no uses', () => {
    expect(created).toEqual({ _id: 'SAVE10', ...terms, status: 'active', redeemed_count: 0, reserved_count: 0, created_at: at, updated_at: at });
    expect(toPromoCodeView({ ...created, _version: 1, _position: 7 })).toMatchObject({ code: 'SAVE10', status: 'active', version: 1, position: 7 });
  });

  it('PromoCodeEdited changes the terms and keeps the uses', () => {
    const row = evolvePromoCodeRow({ ...created, redeemed_count: 3 }, { type: 'PromoCodeEdited', data: { ...terms, discount_value: 20, edited_at: later } }, later);
    expect(row).toMatchObject({ discount_value: 20, redeemed_count: 3, updated_at: later, created_at: at });
  });

  it('PromoCodeDeactivated and PromoCodeActivated switch the status', () => {
    const off = evolvePromoCodeRow(created, { type: 'PromoCodeDeactivated', data: { code: 'SAVE10', deactivated_at: later } }, later);
    expect(off).toMatchObject({ status: 'inactive', updated_at: later });
    expect(evolvePromoCodeRow(off, { type: 'PromoCodeActivated', data: { code: 'SAVE10', activated_at: later } }, later)).toMatchObject({ status: 'active' });
  });

  it('reservation events set the counts they carry', () => {
    const events: PromoCodeEvent[] = [
      { type: 'PromoCodeReserved', data: { ...use, plan_id: 'yearly', reserved_at: later, ...counts } },
      { type: 'PromoCodeRedeemed', data: { ...use, redeemed_at: later, ...counts } },
      { type: 'PromoCodeReleased', data: { ...use, reason: 'abandoned', released_at: later, ...counts } },
    ];
    for (const event of events) expect(evolvePromoCodeRow(created, event, later), event.type).toMatchObject(counts);
  });

  it('an event for a code without its row (never created) makes no row', () => {
    expect(evolvePromoCodeRow(null, { type: 'PromoCodeDeactivated', data: { code: 'X', deactivated_at: at } }, at)).toBeNull();
  });
});
