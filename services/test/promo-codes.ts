import { randomUUID } from 'node:crypto';
import type { PromoCodeTerms } from '@acpg/contracts/promo-codes';

/** A promo code's terms as `POST /admin/promo-codes` takes them: 10 % off the yearly plan since 2020, no limits; `over` changes any. */
export const terms = (over: Record<string, unknown> = {}) => ({
  discount_kind: 'percent',
  discount_value: 10,
  plan_ids: ['yearly'],
  valid_from: '2020-01-01T00:00:00Z',
  valid_to: null,
  max_redemptions: null,
  max_per_account: null,
  ...over,
});

/** A code no other test uses: `<PREFIX>-<8 hex>`, upper case. */
export const uniqueCode = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase();

/** SAVE10 as the decider and the read model see it: 10 % off the yearly plan from November 2026, no end, no limits; `over` changes any term. */
export const save10 = (over: Partial<PromoCodeTerms> = {}): PromoCodeTerms & { code: string } => ({
  code: 'SAVE10',
  discount_kind: 'percent',
  discount_value: 10,
  plan_ids: ['yearly'],
  valid_from: '2026-11-01T00:00:00.000Z',
  valid_to: null,
  max_redemptions: null,
  max_per_account: null,
  ...over,
});
