import { PAYOUT_METHOD_LABELS, type PaymentStatus, type PayoutMethod } from '@acpg/contracts/payments';
import type { Filters } from '../../lib/paged-list.ts';
import { formatCents } from '../../lib/money.ts';
import { cardText, type ChargeRow, type PaymentFilter, type PaymentRow, type PayoutRow } from './api/admin-billing.ts';

/** How a status reads in the list (a badge's text and color). */
export type StatusLook = { text: string; color: 'success' | 'danger' | 'warning' | 'informative' };

export const CHARGE_STATUS: Record<PaymentStatus, StatusLook> = {
  processing: { text: 'Processing', color: 'informative' },
  requires_action: { text: 'Needs confirmation', color: 'warning' },
  succeeded: { text: 'Paid', color: 'success' },
  failed: { text: 'Failed', color: 'danger' },
  refunded: { text: 'Refunded', color: 'informative' },
};
/** Money the company paid out to a member: never a charge. */
export const PAYOUT_STATUS: StatusLook = { text: 'Paid out', color: 'informative' };

/** The kind filter's choices (the server's `kind`). */
export const KIND_OPTIONS = [
  { value: 'checkout', label: 'Checkout' },
  { value: 'renewal', label: 'Renewal' },
  { value: 'nhd_order', label: 'NHD report' },
  { value: 'equity_protect', label: 'Equity Protect' },
  { value: 'claim_payout', label: 'Claim payout' },
] as const;

/** When it happened: a charge's start, a payout's payment (the list sorts both by it). */
export const rowDate = (r: PaymentRow): string => (r.entry === 'payout' ? r.paid_at : r.started_at);
export const statusLook = (r: PaymentRow): StatusLook => (r.entry === 'payout' ? PAYOUT_STATUS : CHARGE_STATUS[r.status]);
/** A payout's claim as people read it: its number (CLM-100001), or the start of its id for a claim without one. */
export const payoutClaim = (p: PayoutRow): string => p.claim_number ?? `claim ${p.claim_id.slice(0, 8).toUpperCase()}`;

const chargeKind = (p: ChargeRow) => (p.nhd_order_id ? 'NHD report' : p.equity_enrollment_id ? 'Equity Protect' : p.renewal ? `Renewal (try ${p.renewal.attempt})` : 'Checkout');
export const kindText = (r: PaymentRow): string => (r.entry === 'payout' ? 'Claim payout' : chargeKind(r));
/** What was paid for, or what the payout was for. */
export const whatText = (r: PaymentRow): string =>
  r.entry === 'payout' ? `Claim payout · ${payoutClaim(r)}` : r.nhd_order_id || r.equity_enrollment_id ? chargeKind(r) : `${r.plan_id} · ${chargeKind(r)}`;
/** A charge's amount (with its promo code); a payout's reads as money going out: "−$250.00 paid out". */
export const amountText = (r: PaymentRow): string =>
  r.entry === 'payout' ? `−${formatCents(r.amount_cents)} paid out` : `${formatCents(r.amount_cents)}${r.promo ? ` (${r.promo.promo_code})` : ''}`;
/** The card charged, or how the payout was sent. */
export const methodText = (r: PaymentRow): string => (r.entry === 'payout' ? `${PAYOUT_METHOD_LABELS[r.method]} (${r.reference})` : cardText(r.card_brand, r.card_last4));

const BY_METHOD: Record<PayoutMethod, string> = { ach: 'ACH transfer', check: 'check' };
/** Where the money went, in one sentence (the payout's detail). */
export const payoutSentence = (p: PayoutRow, payee: string): string =>
  `${formatCents(p.amount_cents)} was paid out to ${payee} by ${BY_METHOD[p.method]} (reference ${p.reference}) for reimbursement claim ${payoutClaim(p)}.`;

export const EXPORT_HEADER = ['Date', 'Account', 'Plan', 'Kind', 'Amount (USD)', 'Promo code', 'Card or payout method', 'Status', 'Settled', 'Refund reason', 'Claim', 'Payout reference'];
/** One exported row: a payout's amount is negative (money out), with its claim and reference. */
export const exportRow = (r: PaymentRow): (string | number)[] =>
  r.entry === 'payout'
    ? [r.paid_at, r.account_id, '', 'Claim payout', (-r.amount_cents / 100).toFixed(2), '', PAYOUT_METHOD_LABELS[r.method], PAYOUT_STATUS.text, r.paid_at, '', payoutClaim(r), r.reference]
    : [r.started_at, r.account_id, r.plan_id ?? '', chargeKind(r), (r.amount_cents / 100).toFixed(2), r.promo?.promo_code ?? '', `${r.card_brand} ${r.card_last4}`, CHARGE_STATUS[r.status].text, r.settled_at ?? '', r.refund?.reason ?? '', '', ''];

const kindOf = (r: PaymentRow): string =>
  r.entry === 'payout' ? 'claim_payout' : r.nhd_order_id ? 'nhd_order' : r.equity_enrollment_id ? 'equity_protect' : r.renewal ? 'renewal' : 'checkout';

/** Whether a pushed row belongs in the list as filtered (the server's rules; the search is the server's alone). */
export const matchesPayment = (r: PaymentRow, f: Filters<PaymentFilter>): boolean => {
  const day = rowDate(r).slice(0, 10);
  return (
    (!f.status || (r.entry === 'charge' && r.status === f.status)) &&
    (!f.kind || kindOf(r) === f.kind) &&
    (!f.promo_code || (r.entry === 'charge' && r.promo?.promo_code === f.promo_code.toUpperCase())) &&
    (!f.from || day >= f.from) &&
    (!f.to || day <= f.to)
  );
};
