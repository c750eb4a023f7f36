import { z } from 'zod';
import { listQuery } from './http.ts';
import { PROMO_CODE_SORT_FIELDS } from './sort-fields.ts';

export { PROMO_CODE_SORT_FIELDS };

/**
 * Promo codes (issue 8, item 3), kept by the payments module on the stream `payments-promocode-<CODE>` (upper case).
 * A checkout reserves one redemption on that stream (expected version) before it starts; the reservation is redeemed
 * when the payment succeeds and released when it fails or is abandoned. Money is integer cents; time is UTC ISO-8601.
 */

/** Letters, digits, hyphens and underscores, 3 to 32; matched without regard to case, kept upper case. */
export const PromoCode = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'A promo code is 3 to 32 letters, digits, hyphens or underscores'));

export const promoCodeStream = (code: string) => `payments-promocode-${code.toUpperCase()}`;

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export const DiscountKind = z.enum(DISCOUNT_KINDS);
export type DiscountKind = z.infer<typeof DiscountKind>;

/**
 * The least a discounted checkout charges, cents (Stripe's minimum charge in USD): a discount never takes a checkout
 * below it (a checkout that costs less than this before the discount is not discounted at all).
 */
export const MIN_DISCOUNTED_CENTS = 50;

/** What a code takes off `list` cents: a percent (rounded to the cent) or a fixed amount, never below the minimum. */
export const discountOf = (discount: { kind: DiscountKind; value: number }, list: number): number => {
  const raw = discount.kind === 'percent' ? Math.round((list * discount.value) / 100) : discount.value;
  return Math.max(0, Math.min(raw, list - MIN_DISCOUNTED_CENTS));
};

const isoTime = z.iso.datetime({ offset: true, error: 'Enter a date-time in ISO 8601 (2026-12-01T00:00:00Z)' }).transform((v) => new Date(v).toISOString());

/**
 * What a promo code applies to besides plans: the things sold without a plan. One list, read by the API (a code's
 * `plan_ids` may hold these ids besides default plan ids), the admin form and the OpenAPI document.
 */
export const PRODUCT_PROMO_TARGETS = [
  { id: 'nhd-reports', name: 'NHD reports', detail: 'every report type' },
  { id: 'equity-protect', name: 'Equity Protect', detail: 'yearly fee' },
] as const;
export type ProductPromoTarget = (typeof PRODUCT_PROMO_TARGETS)[number]['id'];
/** Listed in a code's `plan_ids`, the code also takes its discount off NHD report orders. */
export const NHD_REPORTS_PROMO_TARGET = 'nhd-reports' satisfies ProductPromoTarget;
/** Listed in a code's `plan_ids`, the code also takes its discount off Equity Protect enrollments. */
export const EQUITY_PROTECT_PROMO_TARGET = 'equity-protect' satisfies ProductPromoTarget;
export const isProductPromoTarget = (id: string): id is ProductPromoTarget => PRODUCT_PROMO_TARGETS.some((t) => t.id === id);
/** How a list names what a code applies to: the product's name, else the plan id as given. */
export const promoTargetName = (id: string): string => PRODUCT_PROMO_TARGETS.find((t) => t.id === id)?.name ?? id;
const PROMO_TARGETS_DOC = `A default plan's id (GET /api/v1/admin/plans), or one of: ${PRODUCT_PROMO_TARGETS.map((t) => `\`${t.id}\` (${t.name}, ${t.detail})`).join(', ')}.`;

/** The terms of a code a Super Admin sets (create and edit). */
const TermsShape = z.object({
    /** `percent`: `value` is 1 to 100 (percent off); `amount`: `value` is the cents off. */
    discount_kind: DiscountKind,
    discount_value: z.number().int('The discount is a whole number').positive('The discount must be more than 0'),
    /** Default plans (sold at checkout) the code applies to: at least one. */
    plan_ids: z
      .array(z.string().trim().min(1).max(100).meta({ description: PROMO_TARGETS_DOC, examples: ['yearly', ...PRODUCT_PROMO_TARGETS.map((t) => t.id)] }))
      .min(1, 'Choose at least one plan, NHD reports or Equity Protect')
      .max(50)
      .meta({ description: `What the code applies to. Each item: ${PROMO_TARGETS_DOC}` }),
    valid_from: isoTime,
    /** null: no end. The code is valid up to (not including) this instant. */
    valid_to: isoTime.nullable(),
    /** Redemptions in all (reserved and redeemed); null: no limit. */
    max_redemptions: z.number().int().positive('The total limit must be at least 1').max(1_000_000).nullable(),
    /** Redemptions per account; null: no limit. */
    max_per_account: z.number().int().positive('The per-account limit must be at least 1').max(1000).nullable(),
});

type TermsInput = z.infer<typeof TermsShape>;
/** Rules across the fields of the terms. */
const refineTerms = <T extends z.ZodType<TermsInput>>(schema: T) =>
  schema
  .refine((t) => t.discount_kind !== 'percent' || t.discount_value <= 100, { message: 'A percent discount is at most 100', path: ['discount_value'] })
  .refine((t) => t.discount_kind !== 'amount' || t.discount_value <= 99_999_999, { message: 'A discount is at most 99,999,999 cents', path: ['discount_value'] })
  .refine((t) => t.valid_to === null || t.valid_from < t.valid_to, { message: 'Valid to must be later than valid from', path: ['valid_to'] })
  .refine((t) => new Set(t.plan_ids).size === t.plan_ids.length, { message: 'A plan is listed twice', path: ['plan_ids'] });

export const PromoCodeTerms = refineTerms(TermsShape);
export type PromoCodeTerms = z.infer<typeof PromoCodeTerms>;

/** `POST /api/v1/admin/promo-codes` (Super Admin). */
export const CreatePromoCodeBody = refineTerms(TermsShape.extend({ code: PromoCode }));
export type CreatePromoCodeBody = z.infer<typeof CreatePromoCodeBody>;
/** `PUT /api/v1/admin/promo-codes/:code` (Super Admin): the whole terms, as they are from now on. */
export const EditPromoCodeBody = PromoCodeTerms;
export type EditPromoCodeBody = z.infer<typeof EditPromoCodeBody>;
export const PromoCodeParams = z.object({ code: PromoCode });

export const PROMO_CODE_STATUSES = ['active', 'inactive'] as const;
export const PromoCodeStatus = z.enum(PROMO_CODE_STATUSES);

/** One row of the admin list (read model `payments_promo_codes`). */
export const PromoCodeView = z.object({
  code: z.string(),
  discount_kind: DiscountKind,
  discount_value: z.number().int(),
  plan_ids: z.array(z.string()),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  max_per_account: z.number().int().nullable(),
  status: PromoCodeStatus,
  /** Paid checkouts that used the code. */
  redeemed_count: z.number().int().nonnegative(),
  /** Checkouts holding a redemption while their payment is under way. */
  reserved_count: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type PromoCodeView = z.infer<typeof PromoCodeView>;

export const PromoCodeListQuery = listQuery({
  sortFields: PROMO_CODE_SORT_FIELDS,
  defaultSort: 'created_at',
  filters: {
    status: PromoCodeStatus.optional(),
    /** Codes that start with this text (any case). */
    code: z.string().trim().toUpperCase().max(32).regex(/^[A-Z0-9_-]*$/, 'code holds letters, digits, hyphens or underscores').optional(),
    /** Codes that apply to this: a plan id or a product's (PRODUCT_PROMO_TARGETS). */
    plan_id: z.string().trim().min(1).max(100).meta({ description: PROMO_TARGETS_DOC }).optional(),
  },
});
export type PromoCodeListQuery = z.infer<typeof PromoCodeListQuery>;

/** socket.io message to Super Admins after a code's row changed (a `PromoCodeView`). */
export const PROMO_CODE_UPDATED_MESSAGE = 'promo_code.updated';

/** `POST /api/v1/payments/promo-codes/quote` (signed in or not). */
export const PromoQuoteBody = z
  .object({
    code: z.string().trim().min(1, 'Enter a promo code').max(64),
    plan_id: z.string().trim().min(1, 'Choose a plan').max(100).optional(),
    /** A placed NHD order of the caller's: the code applies when its `plan_ids` hold NHD_REPORTS_PROMO_TARGET. */
    nhd_order_id: z.uuid('nhd_order_id must be the id of a placed NHD order').optional(),
    /** An Equity Protect enrollment of the caller's: the code applies when its `plan_ids` hold EQUITY_PROTECT_PROMO_TARGET. */
    equity_enrollment_id: z.uuid('equity_enrollment_id must be the id of an Equity Protect enrollment').optional(),
  })
  .refine((b) => [b.plan_id, b.nhd_order_id, b.equity_enrollment_id].filter((id) => id !== undefined).length === 1, {
    message: 'Choose a plan, an NHD order or an Equity Protect enrollment (one of them)',
    path: ['plan_id'],
  });

export type PromoQuoteBody = z.infer<typeof PromoQuoteBody>;

export const PromoQuote = z.object({
  code: z.string(),
  plan_id: z.string(),
  list_amount_cents: z.number().int().nonnegative(),
  discount_cents: z.number().int().nonnegative(),
  amount_due_cents: z.number().int().nonnegative(),
});
export type PromoQuote = z.infer<typeof PromoQuote>;

/** Refusals of a code (400, `code` of the error envelope), at the quote and at checkout. */
export const PROMO_REFUSAL_CODES = ['PROMO_UNKNOWN', 'PROMO_EXPIRED', 'PROMO_NOT_YET_VALID', 'PROMO_NOT_FOR_PLAN', 'PROMO_LIMIT_REACHED', 'PROMO_INACTIVE'] as const;
export type PromoRefusalCode = (typeof PROMO_REFUSAL_CODES)[number];

// ---- Events (stream `payments-promocode-<CODE>`) ----

export type PromoCodeCreated = PromoCodeTerms & { code: string; created_at: string };
export type PromoCodeEdited = PromoCodeTerms & { code: string; edited_at: string };
export type PromoCodeDeactivated = { code: string; deactivated_at: string };
export type PromoCodeActivated = { code: string; activated_at: string };
/** One redemption held for a checkout (before it starts). */
export type PromoCodeReserved = { code: string; checkout_id: string; account_id: string; plan_id: string; reserved_at: string };
/** The checkout's payment succeeded: the redemption counts for good. */
export type PromoCodeRedeemed = { code: string; checkout_id: string; account_id: string; redeemed_at: string };
/** The checkout's payment failed or was abandoned: the redemption is free again. */
export type PromoCodeReleased = { code: string; checkout_id: string; account_id: string; reason: 'payment_failed' | 'abandoned' | 'not_started'; released_at: string };
