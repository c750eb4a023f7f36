import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyDraft } from './promo-form.ts';

const draft = { ...emptyDraft(new Date(2026, 10, 23)), code: ' save10 ', discount_value: '10', plan_ids: ['yearly'] };

describe('promo code form', () => {
  it('turns the form into the request: upper-case code, local days to instants, the last day included', () => {
    const result = bodyOf({ ...draft, valid_to: '2026-11-30', max_redemptions: '5' });
    expect(result).toEqual({
      ok: true,
      body: {
        code: 'SAVE10',
        discount_kind: 'percent',
        discount_value: 10,
        plan_ids: ['yearly'],
        valid_from: new Date(2026, 10, 23).toISOString(),
        valid_to: new Date(2026, 11, 1).toISOString(),
        max_redemptions: 5,
        max_per_account: null,
      },
    });
  });

  it('takes an amount in dollars as cents, and reads a saved code back as it was typed', () => {
    const result = bodyOf({ ...draft, discount_kind: 'amount', discount_value: '25.50', valid_to: '2026-12-31' });
    if (!result.ok) throw new Error('refused');
    expect(result.body.discount_value).toBe(2550);
    const back = draftOf({ ...result.body, status: 'active', redeemed_count: 0, reserved_count: 0, created_at: '', updated_at: '', version: 1, position: 1 });
    expect(back).toMatchObject({ code: 'SAVE10', discount_value: '25.50', valid_from: '2026-11-23', valid_to: '2026-12-31', max_redemptions: '' });
  });

  it('names each field to fix', () => {
    const result = bodyOf({ ...draft, code: 'a', discount_value: '101', plan_ids: [], valid_to: '2026-11-01', max_per_account: '0' });
    expect(result).toEqual({
      ok: false,
      errors: {
        code: 'Use 3 to 32 letters, digits, hyphens or underscores.',
        discount_value: 'Enter a whole percent from 1 to 100.',
        plan_ids: 'Choose at least one plan.',
        valid_to: 'The last day must be on or after the first day.',
        max_per_account: 'The per-account limit is a whole number of at least 1, or empty for no limit.',
      },
    });
    expect(bodyOf({ ...draft, discount_kind: 'amount', discount_value: '1.999' })).toMatchObject({ ok: false, errors: { discount_value: 'Enter an amount in dollars, like 25 or 25.50.' } });
  });
});
