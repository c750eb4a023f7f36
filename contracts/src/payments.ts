import { z } from 'zod';

/**
 * Payments (issue 7, item 6). The card goes only to the gateway (today the embedded test gateway, Stripe-shaped);
 * the rest of the app sees a payment method id, the brand and the last four digits. Money is integer cents (USD).
 * Every route answers in the envelope `{ success: true, data }` (errors `{ success: false, message, code }`).
 */

/** Test cards of the embedded gateway (any future expiry date, any CVC). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002760003184',
} as const;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export const CardBrand = z.enum(CARD_BRANDS);
export type CardBrand = z.infer<typeof CardBrand>;

const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

/** `POST /api/v1/payments/test-gateway/payment-methods` (the card form's only call that carries the card). */
export const CreatePaymentMethodBody = z.object({
  number: z
    .string()
    .transform(digitsOnly)
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number (12 to 19 digits)')),
  exp_month: z.coerce.number({ error: 'Enter the expiry month (1 to 12)' }).int().min(1, 'Enter the expiry month (1 to 12)').max(12, 'Enter the expiry month (1 to 12)'),
  exp_year: z.coerce.number({ error: 'Enter the expiry year' }).int().min(2000, 'Enter the expiry year with four digits').max(2100, 'Enter the expiry year with four digits'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  name: z.string().trim().min(1, 'Enter the name on the card').max(200),
});
export type CreatePaymentMethodBody = z.infer<typeof CreatePaymentMethodBody>;

export const PaymentMethod = z.object({ payment_method_id: z.string(), brand: CardBrand, last4: z.string().regex(/^\d{4}$/) });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const CHECKOUT_STATUSES = ['processing', 'succeeded', 'failed', 'requires_action'] as const;
export const CheckoutStatus = z.enum(CHECKOUT_STATUSES);
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

/**
 * `POST /api/v1/payments/checkouts` (signed in). `checkout_id` is a uuid the client makes once per checkout attempt and
 * sends again on every repeat (double click, retry after a lost answer): a repeat charges nothing new and answers the
 * checkout's state. After a `failed` checkout, paying again (another card) is a new attempt with a new checkout_id.
 */
export const CheckoutBody = z.object({
  checkout_id: z.uuid('checkout_id must be a uuid made once per checkout'),
  plan_id: z.string().trim().min(1, 'Choose a plan').max(100),
  payment_method_id: z.string().trim().min(1, 'Enter your card').max(100),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** `POST /api/v1/payments/checkouts/:id/confirm`: the card's second confirmation step (card 4000 0027 6000 3184). */
export const ConfirmCheckoutBody = z.object({ approve: z.boolean({ error: 'approve must be true or false' }) });
export type ConfirmCheckoutBody = z.infer<typeof ConfirmCheckoutBody>;

/**
 * Answer of the checkout routes and `GET /api/v1/payments/checkouts/:id`. `processing`: the gateway has not reported
 * yet (ask again with GET). `message` says what happened and what to do next (declined, second step refused ...).
 */
export const CheckoutResult = z.object({
  checkout_id: z.string(),
  status: CheckoutStatus,
  message: z.string().optional(),
  /** Cents charged by this checkout (plans' `amountDue`). */
  amount_due: z.number().int().nonnegative(),
  plan_id: z.string(),
  card_brand: CardBrand,
  card_last4: z.string(),
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;

/** Error codes of the payments routes (`code` of the error envelope). */
export const PAYMENTS_ERROR_CODES = [
  'CARD_NOT_ACCEPTED', // not one of the test gateway's cards
  'CARD_EXPIRED',
  'PLAN_NOT_FOUND',
  'PLAN_NOT_OFFERED', // a renewal or inactive plan
  'PAYMENT_METHOD_NOT_FOUND',
  'CHECKOUT_NOT_FOUND',
  'CHECKOUT_MISMATCH', // the same checkout_id sent again with another plan or card
  'CONFIRMATION_NOT_NEEDED',
] as const;
export type PaymentsErrorCode = (typeof PAYMENTS_ERROR_CODES)[number];

// ---- Events (stream `payments-checkout-<checkout id>`) ----

/** Data of `CheckoutStarted`. */
export const CheckoutStarted = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  plan_id: z.string(),
  amount_cents: z.number().int().nonnegative(),
  payment_method_id: z.string(),
  card_brand: CardBrand,
  card_last4: z.string(),
  /** Sent with every gateway call of this checkout: the gateway charges once per key. */
  idempotency_key: z.string(),
  started_at: z.string(),
});
export type CheckoutStarted = z.infer<typeof CheckoutStarted>;

/** Data of `PaymentRequiresAction`: the card asks for its second confirmation step. */
export const PaymentRequiresAction = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  payment_intent_id: z.string(),
  gateway_event_id: z.string(),
});
export type PaymentRequiresAction = z.infer<typeof PaymentRequiresAction>;

/** Data of `PaymentSucceeded` (memberships reacts to it). */
export const PaymentSucceeded = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  plan_id: z.string(),
  amount_cents: z.number().int().nonnegative(),
  card_brand: CardBrand,
  card_last4: z.string(),
  paid_at: z.string(),
  payment_intent_id: z.string(),
  gateway_event_id: z.string(),
});
export type PaymentSucceeded = z.infer<typeof PaymentSucceeded>;

export const PAYMENT_FAILURE_REASONS = ['card_declined', 'authentication_refused'] as const;
export const PaymentFailureReason = z.enum(PAYMENT_FAILURE_REASONS);

/** Data of `PaymentFailed`. */
export const PaymentFailed = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  plan_id: z.string(),
  amount_cents: z.number().int().nonnegative(),
  reason: PaymentFailureReason,
  message: z.string(),
  failed_at: z.string(),
  payment_intent_id: z.string(),
  gateway_event_id: z.string(),
});
export type PaymentFailed = z.infer<typeof PaymentFailed>;
