import { z } from 'zod';
import { listQuery } from './http.ts';
import { PAYMENT_SORT_FIELDS } from './sort-fields.ts';

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
  /** Saved for renewals (its zero-amount check passes), then declined when charged: Stripe's 4000 0000 0000 0341. */
  declinedWhenCharged: '4000000000000341',
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
export const CheckoutBody = z
  .object({
    checkout_id: z.uuid('checkout_id must be a uuid made once per checkout'),
    /** What is bought: a plan (a membership) ... */
    plan_id: z.string().trim().min(1, 'Choose a plan').max(100).optional(),
    /** ... or a placed NHD order (`@acpg/contracts/nhd`), at the amount the order was placed for. */
    nhd_order_id: z.uuid('nhd_order_id must be the id of a placed NHD order').optional(),
    /** ... or an Equity Protect enrollment awaiting payment (`@acpg/contracts/equity`), at its price. */
    equity_enrollment_id: z.uuid('equity_enrollment_id must be the id of an Equity Protect enrollment').optional(),
    payment_method_id: z.string().trim().min(1, 'Enter your card').max(100),
    /** A promo code (any case; see `@acpg/contracts/promo-codes`): refused with a PROMO_* code when it does not apply. */
    promo_code: z.string().trim().max(64).optional(),
    /**
     * The payer agreed to the Terms of Service (`/terms-of-service`), automatic renewal included for a plan: without it
     * nothing is charged. Recorded on the checkout (`CheckoutStarted.consent`).
     */
    accept_terms: z.literal(true, { error: 'Check the box to agree to the Terms of Service before you pay' }),
  })
  .refine((b) => [b.plan_id, b.nhd_order_id, b.equity_enrollment_id].filter((id) => id !== undefined).length === 1, {
    message: 'Choose a plan, an NHD order or an Equity Protect enrollment to pay for (one of them)',
    path: ['plan_id'],
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
  /** The plan bought; null when the checkout pays for an NHD order (`nhd_order_id`) or Equity Protect. */
  plan_id: z.string().nullable(),
  nhd_order_id: z.string().optional(),
  /** The Equity Protect enrollment this checkout pays for (equity reacts to the outcome; memberships ignores it). */
  equity_enrollment_id: z.string().optional(),
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
  'CHECKOUT_NOT_FOUND', // none, or another account's (the same answer)
  'CHECKOUT_MISMATCH', // the checkout_id is in use: the caller's own with another plan, order, card or promo code, or another account's (one answer for both)
  'CONFIRMATION_NOT_NEEDED',
  'CARD_NOT_SAVED', // the gateway refused to save the card for later charges
  'CARD_DECLINED', // the card's zero-amount check (SetupIntent) was declined: not saved
  'NHD_ORDER_NOT_FOUND', // no placed NHD order of the caller's with this id
  'NHD_ORDER_NOT_PAYABLE', // the order is paid, cancelled, or another payment of it is under way
  'EQUITY_ENROLLMENT_NOT_FOUND', // no Equity Protect enrollment of the caller's with this id
  'EQUITY_ENROLLMENT_NOT_PAYABLE', // included in the plan, paid, cancelled, or another payment of it is under way
] as const;
export type PaymentsErrorCode = (typeof PAYMENTS_ERROR_CODES)[number];

// ---- Events (stream `payments-checkout-<checkout id>`) ----

/**
 * A renewal charge names the membership and the period it pays for, and its attempt (1 on the renewal date, then the
 * dunning retries). Absent on a checkout the customer paid in the browser.
 */
export const RenewalOf = z.object({
  membership_id: z.string(),
  /** Start of the term this charge pays for (the membership's `next_renewal_at` when it fell due). */
  period_start: z.string(),
  attempt: z.number().int().min(1),
});
export type RenewalOf = z.infer<typeof RenewalOf>;

/** What a promo code took off a checkout (absent when none was applied). */
export const PromoApplied = z.object({
  promo_code: z.string(),
  /** The amount before the discount, cents; `amount_cents` is what was charged. */
  list_amount_cents: z.number().int().nonnegative(),
  discount_cents: z.number().int().nonnegative(),
});
export type PromoApplied = z.infer<typeof PromoApplied>;

/** Data of `CheckoutStarted`. */
/** The version of the Terms of Service a checkout's consent names (the date of the text at `/terms-of-service`). */
export const TERMS_OF_SERVICE_VERSION = '2026-11-28';
export const TERMS_OF_SERVICE_PATH = '/terms-of-service';

/** What the payer agreed to when they pressed Pay. */
export const CheckoutConsent = z.object({
  terms_version: z.string(),
  accepted_at: z.string(),
  /** A plan: the automatic-renewal disclosure (price, frequency, renews until cancelled, how to cancel) was shown next to Pay. */
  automatic_renewal: z.boolean(),
});
export type CheckoutConsent = z.infer<typeof CheckoutConsent>;

export const CheckoutStarted = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  /** '' when the checkout pays for an NHD order. */
  plan_id: z.string(),
  /** The NHD order this checkout pays for (nhd reacts to the outcome; memberships ignores it). */
  nhd_order_id: z.string().optional(),
  /** The Equity Protect enrolment this checkout pays for (equity reacts to the outcome; memberships ignores it). */
  equity_enrolment_id: z.string().optional(),
  amount_cents: z.number().int().nonnegative(),
  payment_method_id: z.string(),
  card_brand: CardBrand,
  card_last4: z.string(),
  /** Sent with every gateway call of this checkout: the gateway charges once per key. */
  idempotency_key: z.string(),
  started_at: z.string(),
  promo: PromoApplied.optional(),
  /** A renewal, charged off-session to the saved card (no customer in the browser). */
  renewal: RenewalOf.optional(),
  /** The payer's consent at Pay (absent on renewals, which the consent to the first payment covers, and on older checkouts). */
  consent: CheckoutConsent.optional(),
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
  /** '' when the checkout pays for an NHD order. */
  plan_id: z.string(),
  /** The NHD order this checkout pays for (nhd reacts to the outcome; memberships ignores it). */
  nhd_order_id: z.string().optional(),
  /** The Equity Protect enrolment this checkout pays for (equity reacts to the outcome; memberships ignores it). */
  equity_enrolment_id: z.string().optional(),
  amount_cents: z.number().int().nonnegative(),
  card_brand: CardBrand,
  card_last4: z.string(),
  paid_at: z.string(),
  payment_intent_id: z.string(),
  gateway_event_id: z.string(),
  /** The card charged: a membership keeps it for its renewals (off-session). Absent on events before issue 8. */
  payment_method_id: z.string().optional(),
  promo: PromoApplied.optional(),
  /** Present when this charge renewed a membership (memberships records the renewal instead of starting one). */
  renewal: RenewalOf.optional(),
});
export type PaymentSucceeded = z.infer<typeof PaymentSucceeded>;

export const PAYMENT_FAILURE_REASONS = ['card_declined', 'authentication_refused'] as const;
export const PaymentFailureReason = z.enum(PAYMENT_FAILURE_REASONS);

/** Data of `PaymentFailed`. */
export const PaymentFailed = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  /** '' when the checkout pays for an NHD order. */
  plan_id: z.string(),
  /** The NHD order this checkout pays for (nhd reacts to the outcome; memberships ignores it). */
  nhd_order_id: z.string().optional(),
  /** The Equity Protect enrolment this checkout pays for (equity reacts to the outcome; memberships ignores it). */
  equity_enrolment_id: z.string().optional(),
  amount_cents: z.number().int().nonnegative(),
  reason: PaymentFailureReason,
  message: z.string(),
  failed_at: z.string(),
  payment_intent_id: z.string(),
  gateway_event_id: z.string(),
  promo: PromoApplied.optional(),
  renewal: RenewalOf.optional(),
});
export type PaymentFailed = z.infer<typeof PaymentFailed>;

/**
 * Data of `CheckoutAbandoned`: a checkout not paid within `CHECKOUT_EXPIRES_AFTER_MINUTES` (left at the card's second
 * step, or cut off between starting and charging). Its payment intent was cancelled (when there was one) and what it
 * claimed (an NHD order, an Equity Protect enrollment request, the account's membership) is free to be paid again.
 */
export const CheckoutAbandoned = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  /** The cancelled intent; null when the checkout never reached the gateway (a crash between starting and charging). */
  payment_intent_id: z.string().nullable(),
  reason: z.literal('expired'),
  abandoned_at: z.string(),
});
export type CheckoutAbandoned = z.infer<typeof CheckoutAbandoned>;

/**
 * Data of `LatePaymentRefunded`: the gateway confirmed a payment of a checkout after it was abandoned (the intent could
 * no longer be cancelled). The payment is refunded in full at once and buys nothing.
 */
export const LatePaymentRefunded = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  payment_intent_id: z.string(),
  gateway_event_id: z.string(),
  refund_id: z.string(),
  amount_cents: z.number().int().nonnegative(),
  refunded_at: z.string(),
});
export type LatePaymentRefunded = z.infer<typeof LatePaymentRefunded>;

// ---- What a refund ends (issue 19): the admin chooses, the event records it ----

/** A refund either ends what the payment bought (`end`) or leaves it running (`keep`); the admin always chooses. */
export const REFUND_SERVICE_CHOICES = ['end', 'keep'] as const;
export const RefundServiceChoice = z.enum(REFUND_SERVICE_CHOICES, { error: 'Choose whether the refund ends what the payment bought or keeps it (end or keep)' });
export type RefundServiceChoice = z.infer<typeof RefundServiceChoice>;
export const REFUNDED_SERVICE_KINDS = ['membership', 'equity_protection', 'nhd_order'] as const;
/** What the payment bought that still runs, as a refund's dialog and email name it. */
export const RefundedService = z.object({
  kind: z.enum(REFUNDED_SERVICE_KINDS),
  /** The membership, enrollment or order id. */
  id: z.string(),
  /** In words: "the Equity Protect protection for 12 Oak St, Fresno, CA 93701". */
  description: z.string(),
});
export type RefundedService = z.infer<typeof RefundedService>;
/** `GET /api/v1/admin/payments/:checkout_id/refund` (Super Admin): what a refund of this payment would end (null: nothing runs). */
export const RefundScope = z.object({ service: RefundedService.nullable() });
export type RefundScope = z.infer<typeof RefundScope>;

/** Data of `PaymentRefunded` (on the checkout's stream): who refunded it and why. Full refunds only. */
export const PaymentRefunded = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  /** The NHD order the refunded checkout paid for (nhd records the refund on the order). */
  nhd_order_id: z.string().optional(),
  /** The Equity Protect enrolment this checkout pays for (equity reacts to the outcome; memberships ignores it). */
  equity_enrolment_id: z.string().optional(),
  refund_id: z.string(),
  gateway_refund_id: z.string(),
  amount_cents: z.number().int().nonnegative(),
  reason: z.string(),
  /** Account id of the Super Admin who refunded it. */
  refunded_by: z.string(),
  refunded_at: z.string(),
  /** The membership a plan checkout or renewal paid for (memberships ends it when `service` is `end`). */
  membership_id: z.string().optional(),
  /** What ran on the payment when it was refunded (null: nothing). Absent before issue 19. */
  service_of: RefundedService.nullable().optional(),
  /** The admin's choice: end what the payment bought, or keep it. Absent before issue 19 (the refund ended it). */
  service: RefundServiceChoice.optional(),
});
export type PaymentRefunded = z.infer<typeof PaymentRefunded>;

/**
 * Data of `CardSaved` (stream `payments-card-<payment method id>`): a card the account saved for later charges
 * (Stripe: a SetupIntent). Memberships reads this stream to accept a card update for one of the account's memberships.
 */
export const CardSaved = z.object({
  account_id: z.string(),
  payment_method_id: z.string(),
  card_brand: CardBrand,
  card_last4: z.string(),
  saved_at: z.string(),
});
export type CardSaved = z.infer<typeof CardSaved>;

/**
 * `GET /api/v1/payments/saved-cards/mine`: the caller's card on file, offered at every checkout ("Pay with Visa ••••
 * 4242"): the card last saved for renewals or last paid with, whichever came later; null when there is none.
 */
export const CardOnFile = z.object({ card: PaymentMethod.nullable() });
export type CardOnFile = z.infer<typeof CardOnFile>;

// ---- Read model `payments_charges` (one row per checkout: the history, the admin list, the payment status page) ----

export const PAYMENT_STATUSES = [...CHECKOUT_STATUSES, 'refunded'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** One charge as `GET /payments/checkouts/:id`'s live twin, the history and the admin list show it. */
export const PaymentView = z.object({
  checkout_id: z.string(),
  account_id: z.string(),
  /** The plan bought; null for an NHD order or Equity Protect. */
  plan_id: z.string().nullable(),
  /** The NHD order paid for; null for a plan. */
  nhd_order_id: z.string().nullable().default(null),
  /** The Equity Protect enrollment paid for; null otherwise. */
  equity_enrollment_id: z.string().nullable().default(null),
  status: PaymentStatus,
  /** What happened and what to do next (declined, confirm with your bank ...); null when nothing to say. */
  message: z.string().nullable(),
  amount_cents: z.number().int().nonnegative(),
  card_brand: CardBrand,
  card_last4: z.string(),
  promo: PromoApplied.nullable(),
  renewal: RenewalOf.nullable(),
  started_at: z.string(),
  /** When it succeeded or failed; null while processing or waiting for the card holder. */
  settled_at: z.string().nullable(),
  refund: z.object({ amount_cents: z.number().int(), reason: z.string(), refunded_by: z.string(), refunded_at: z.string() }).nullable(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type PaymentView = z.infer<typeof PaymentView>;

/**
 * socket.io message after a charge changed, to the entity room `checkout:<checkout id>` (the payments module
 * authorizes it: the checkout's account and Super Admins) and to `account:<account id>`.
 */
export const PAYMENT_UPDATED_MESSAGE = 'payment.updated';
export const CHECKOUT_ROOM = 'checkout';

/** `POST /api/v1/payments/saved-cards` (signed in): saves a payment method for later off-session charges (renewals). */
export const SaveCardBody = z.object({ payment_method_id: z.string().trim().min(1, 'Enter your card').max(100) });
export type SaveCardBody = z.infer<typeof SaveCardBody>;
/** Answer of `POST /api/v1/payments/saved-cards`. */
export const SavedCard = PaymentMethod;
export type SavedCard = z.infer<typeof SavedCard>;
/** Stream of a saved card's `CardSaved` (memberships reads it to accept a card update). */
export const savedCardStream = (paymentMethodId: string) => `payments-card-${paymentMethodId}`;

// ---- Gateway choice and the Stripe card form (issue 8, s1) ----

export const PAYMENT_GATEWAYS = ['test', 'stripe'] as const;

/**
 * `GET /api/v1/payments/config` (public): which card form the web shows. `stripe`: load Stripe.js from `js_url` (only
 * when a card form is shown) with `publishable_key`; `test`: the test gateway's form.
 */
export const PaymentsConfig = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  publishable_key: z.string().optional(),
  js_url: z.url().optional(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** `POST /api/v1/payments/stripe/payment-methods` (signed in): the card Stripe.js made becomes the caller's. */
export const ClaimPaymentMethodBody = z.object({
  payment_method_id: z.string().trim().regex(/^pm_[A-Za-z0-9_]{1,200}$/, 'payment_method_id is the pm_... id Stripe.js answered'),
});
export type ClaimPaymentMethodBody = z.infer<typeof ClaimPaymentMethodBody>;

/** `GET /api/v1/payments/stripe/checkouts/:id/next-action` (the owner): what Stripe.js needs for the card's second step. */
export const StripeNextAction = z.object({ client_secret: z.string() });
export type StripeNextAction = z.infer<typeof StripeNextAction>;

/** Error codes of the Stripe routes (`code` of the error envelope). */
export const STRIPE_ERROR_CODES = [
  'WEBHOOK_SIGNATURE_INVALID', // the webhook's Stripe-Signature does not check against STRIPE_WEBHOOK_SECRET
  'PAYMENT_GATEWAY_UNAVAILABLE', // Stripe did not answer (nothing new was charged)
  'STRIPE_NOT_CONFIGURED', // a Stripe route while PAYMENTS_GATEWAY=test
  'TEST_GATEWAY_OFF', // the test card route while PAYMENTS_GATEWAY=stripe
] as const;

// ---- Super Admin: every payment, refunds ----

const day = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` }).optional();
const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;

export const PAYMENT_KINDS = ['checkout', 'renewal', 'nhd_order', 'equity_protect', 'claim_payout'] as const;
/** Query of `GET /api/v1/admin/payments` (Super Admin): filters, server paging (answers `{ items: PaymentView[], total, page, page_size }`). */
export const AdminPaymentsQuery = listQuery({
  sortFields: PAYMENT_SORT_FIELDS,
  defaultSort: 'started_at',
  filters: {
    status: PaymentStatus.optional(),
    kind: z.enum(PAYMENT_KINDS, { error: `kind must be one of ${PAYMENT_KINDS.join(', ')}` }).optional(),
    promo_code: z.string().trim().min(1).max(32).optional(),
    account_id: z.string().trim().min(1).max(100).optional(),
    /** The customer's name or email (any part, any case), or a payout's claim number (CLM-100001). */
    q: z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional(),
    /** Started (a payout: paid out) on or after this UTC day. */
    from: day('from'),
    /** Started on or before this UTC day (the whole day). */
    to: day('to'),
  },
}).refine(fromNotAfterTo, { message: 'from must not be after to', path: ['from'] });
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuery>;


/** `POST /api/v1/admin/payments/:checkout_id/refund` (Super Admin): the whole amount, once; the reason is kept with who refunded it. */
export const RefundBody = z.object({
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500, 'The reason is at most 500 characters'),
  /** Required: whether the refund ends what the payment bought (`GET .../refund` says what) or keeps it running. */
  service: RefundServiceChoice,
});
export type RefundBody = z.infer<typeof RefundBody>;

// ---- Payouts (money paid out to a member: an approved reimbursement claim) ----

export const PAYOUT_METHODS = ['ach', 'check'] as const;
export const PayoutMethod = z.enum(PAYOUT_METHODS, { error: 'method must be ach or check' });
export type PayoutMethod = z.infer<typeof PayoutMethod>;
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = { ach: 'ACH transfer', check: 'Check' };

/**
 * Data of `PayoutRecorded` (stream `payments-payout-<claim id>`, created once: a redelivered request records nothing
 * more): the payout a Super Admin asked for on an approved reimbursement claim (`ReimbursementPayoutRequested`).
 */
export const PayoutRecorded = z.object({
  payout_id: z.string(),
  claim_id: z.string(),
  account_id: z.string(),
  amount_cents: z.number().int().positive(),
  method: PayoutMethod,
  reference: z.string(),
  /** The claim's short number (CLM-100001), from payments' copy of reimbursement's claims; absent before it was kept. */
  claim_number: z.string().nullable().optional(),
  by: z.string(),
  at: z.string(),
});
export type PayoutRecorded = z.infer<typeof PayoutRecorded>;
export const PAYOUT_RECORDED = 'PayoutRecorded';
export const payoutStream = (claimId: string) => `payments-payout-${claimId}`;

/**
 * Money paid out to a member (a reimbursement claim's payout), as the admin Payments list shows it beside the charges:
 * never a charge, the amount went from the company to the payee.
 */
export const PayoutView = z.object({
  entry: z.literal('payout'),
  payout_id: z.string(),
  claim_id: z.string(),
  /** CLM-100001; null when the claim had no number or the payout was recorded before numbers were kept. */
  claim_number: z.string().nullable(),
  /** The payee: the claimant's account. */
  account_id: z.string(),
  amount_cents: z.number().int().positive(),
  method: PayoutMethod,
  /** The ACH trace or check number the admin entered. */
  reference: z.string(),
  /** Account id of the Super Admin who paid it out. */
  paid_by: z.string(),
  paid_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type PayoutView = z.infer<typeof PayoutView>;

/** One row of `GET /api/v1/admin/payments`: a charge (`entry: 'charge'`) or a claim payout (`entry: 'payout'`). */
export const AdminPaymentItem = z.discriminatedUnion('entry', [PaymentView.extend({ entry: z.literal('charge') }), PayoutView]);
export type AdminPaymentItem = z.infer<typeof AdminPaymentItem>;

/** socket.io message to `role:Super Admin` when a payout was recorded (the admin Payments list). */
export const PAYOUT_RECORDED_MESSAGE = 'payout.recorded';

/** A contract event as a local copy's fold reads it: its type, data and when it happened. */
export interface PublishedEvent {
  type: string;
  data: unknown;
  occurredAt: string;
}

/** CardSaved events kept as another module's copy of an account's saved cards (memberships: a card update). */
export const SAVED_CARD_EVENTS = ['CardSaved'] as const;
export const nextSavedCard = (card: CardSaved | null, event: PublishedEvent): CardSaved | null => {
  const saved = event.type === 'CardSaved' ? CardSaved.safeParse(event.data) : null;
  return saved?.success ? saved.data : card;
};

// ---- What another module keeps of a charge's takings (insights' dashboard: revenue) ----

/** The events that say what a checkout took and gave back. */
export const CHARGE_TAKINGS_EVENTS = ['PaymentSucceeded', 'PaymentRefunded'] as const;

/** A checkout's money as revenue counts it, in cents: captured when it succeeded, refunded (in full) when refunded. */
export interface ChargeTakings {
  checkout_id: string;
  account_id: string;
  captured_cents: number;
  captured_at: string | null;
  refunded_cents: number;
  refunded_at: string | null;
}

/** The published fold of a checkout's takings: `PaymentSucceeded` captures, `PaymentRefunded` refunds. */
export const nextChargeTakings = (takings: ChargeTakings | null, event: { type: string; data: unknown }): ChargeTakings | null => {
  if (event.type === 'PaymentSucceeded') {
    const paid = PaymentSucceeded.safeParse(event.data);
    if (!paid.success) return takings;
    const d = paid.data;
    return { checkout_id: d.checkout_id, account_id: d.account_id, captured_cents: d.amount_cents, captured_at: d.paid_at, refunded_cents: takings?.refunded_cents ?? 0, refunded_at: takings?.refunded_at ?? null };
  }
  if (event.type === 'PaymentRefunded') {
    const refunded = PaymentRefunded.safeParse(event.data);
    if (!refunded.success) return takings;
    const d = refunded.data;
    return { checkout_id: d.checkout_id, account_id: d.account_id, captured_cents: takings?.captured_cents ?? 0, captured_at: takings?.captured_at ?? null, refunded_cents: d.amount_cents, refunded_at: d.refunded_at };
  }
  return takings;
};
