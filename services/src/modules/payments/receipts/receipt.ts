import { PLAN_TERM_MONTHS, type PlanDefined } from '@acpg/contracts/plans';
import type { CardBrand, CheckoutStarted, PaymentSucceeded } from '@acpg/contracts/payments';
import { formatCents, formatLongDate } from '../../../platform/formatting/index.ts';

/** One line of a receipt: what was charged for, in cents (a discount is negative). */
export interface ReceiptLine {
  label: string;
  amount_cents: number;
}

/** Everything a receipt says, from the checkout's events and the plan as it was when the checkout started. */
export interface Receipt {
  receipt_number: string;
  checkout_id: string;
  account_id: string;
  paid_at: string;
  plan_name: string;
  /** "Monthly membership" ("Membership" when the plan cannot be read). */
  plan_label: string;
  /** Plan lines (first term or trial, setup fee, recording fee; or the renewal), before any promo code. */
  lines: ReceiptLine[];
  /** Sum of `lines`: the list amount before the promo code. */
  subtotal_cents: number;
  promo: { code: string; discount_cents: number } | null;
  /** What the card was charged. */
  total_cents: number;
  card_brand: CardBrand;
  card_last4: string;
  /** A renewal: the start of the term it paid for. */
  renewal_period_start: string | null;
  /** The payer's IANA time zone: the receipt's days are on their calendar (a US evening payment is that evening's day). */
  time_zone: string;
}

/**
 * The receipt number: the payment's day and the checkout id's first twelve hex digits, e.g. R-20261123-0F3A9B2C41DE.
 * Derived, never counted, so a job that runs again writes the same receipt.
 */
export const receiptNumberOf = (checkoutId: string, paidAt: string): string =>
  `R-${paidAt.slice(0, 10).replaceAll('-', '')}-${checkoutId.replaceAll('-', '').slice(0, 12).toUpperCase()}`;

const termWord = (name: PlanDefined['name']) => (PLAN_TERM_MONTHS[name] === 12 ? 'year' : 'month');
/** "November 23, 2026", on the payer's calendar (`timeZone`). */
export const formatReceiptDate = (iso: string, timeZone: string): string => formatLongDate(iso, timeZone);

/** The plan's own lines for a sign-up checkout: first term (or the free trial), setup fee, recording fee. */
const firstCheckoutLines = (plan: PlanDefined): ReceiptLine[] => {
  const term = termWord(plan.name);
  const lines: ReceiptLine[] =
    plan.trial_months > 0
      ? [{ label: `${plan.name} membership: ${plan.trial_months}-month free trial (the first ${term} is charged when it ends)`, amount_cents: 0 }]
      : [{ label: `${plan.name} membership: first ${term}`, amount_cents: plan.amount_cents }];
  if (plan.setup_fees_cents > 0) lines.push({ label: 'Setup fee', amount_cents: plan.setup_fees_cents });
  if (plan.recording_fees_cents > 0) lines.push({ label: 'Recording fee', amount_cents: plan.recording_fees_cents });
  return lines;
};

const sum = (lines: readonly ReceiptLine[]) => lines.reduce((total, line) => total + line.amount_cents, 0);

/**
 * The receipt of a succeeded charge. `plan` is the plan as defined when the checkout started (null if it cannot be
 * read): its lines are shown when they add up to what the checkout listed, else one line with the list amount, so a
 * receipt never states a breakdown that differs from the charge.
 */
export function receiptOf(started: CheckoutStarted, succeeded: PaymentSucceeded, plan: PlanDefined | null, timeZone: string): Receipt {
  const listAmount = started.promo?.list_amount_cents ?? started.amount_cents;
  const nhd = Boolean(started.nhd_order_id) || Boolean(started.equity_enrolment_id);
  const name = started.nhd_order_id ? 'NHD report' : started.equity_enrolment_id ? 'Equity Protect' : (plan?.name ?? 'Membership');
  const label = started.nhd_order_id
    ? `Natural Hazard Disclosure report (order ${started.nhd_order_id})`
    : started.equity_enrolment_id
      ? `Equity Protect, one year of title monitoring (enrollment ${started.equity_enrolment_id})`
      : plan
        ? `${plan.name} membership`
        : 'Membership';
  const renewal = started.renewal ?? null;
  let lines: ReceiptLine[];
  if (renewal) {
    const term = plan ? termWord(plan.name) : 'term';
    lines = [{ label: `${label} renewal: the ${term} from ${formatReceiptDate(renewal.period_start, timeZone)}`, amount_cents: listAmount }];
  } else {
    const planLines = plan && !nhd ? firstCheckoutLines(plan) : [];
    lines = planLines.length > 0 && sum(planLines) === listAmount ? planLines : [{ label, amount_cents: listAmount }];
  }
  return {
    receipt_number: receiptNumberOf(started.checkout_id, succeeded.paid_at),
    checkout_id: started.checkout_id,
    account_id: started.account_id,
    paid_at: succeeded.paid_at,
    plan_name: name,
    plan_label: label,
    lines,
    subtotal_cents: listAmount,
    promo: started.promo ? { code: started.promo.promo_code, discount_cents: started.promo.discount_cents } : null,
    total_cents: succeeded.amount_cents,
    card_brand: succeeded.card_brand,
    card_last4: succeeded.card_last4,
    renewal_period_start: renewal?.period_start ?? null,
    time_zone: timeZone,
  };
}

/** "$1,234.50"; a negative amount "-$5.00" (from cents: the one formatter's `formatCents`). */
export const formatUsd = (cents: number): string => formatCents(cents);

const BRAND_NAMES: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: 'Card' };
/** "Visa ending in 4242". */
export const cardText = (brand: CardBrand, last4: string): string => `${BRAND_NAMES[brand]} ending in ${last4}`;
