import { EquityEnrolmentRequested } from './equity.ts';
import { NhdOrderPlaced } from './nhd.ts';
import type { PlacedBy } from './on-behalf.ts';
import type { PublishedEvent } from './payments.ts';

// What sellers publish may be charged, and for how much: payments keeps a local copy of each (its `*_payables` read
// models) and knows no product's rules.

/**
 * Something a seller (nhd, equity) offers to one account for a price, as its contract events say: payments charges it
 * only while `closed` is null, and claims each `request` on its own (a cancelled enrollment protected again is a new one).
 */
export interface Payable {
  account_id: string;
  amount_cents: number;
  /** Why it takes no payment now (in words for the payer), or null while it may be paid. */
  closed: string | null;
  request: number;
  /**
   * Another account that may pay it besides `account_id`: the Provider Admin who placed it for the owner when the
   * provider pays (`placed_by.payer === 'provider'`). Absent otherwise; no other third party may pay.
   */
  payer_id?: string;
}

const providerPayer = (placedBy: PlacedBy | undefined): { payer_id?: string } => (placedBy?.payer === 'provider' ? { payer_id: placedBy.account_id } : {});

/** Whether `accountId` may pay the payable: its owner, or the Provider Admin who placed it when the provider pays. */
export const mayPay = (payable: Payable, accountId: string): boolean => payable.account_id === accountId || (payable.payer_id !== undefined && payable.payer_id === accountId);

// ---- What an order offers to be paid (payments' local copy, `Payable`) ----

/** The events that say whether, and for how much, an order may be paid. */
export const NHD_ORDER_PAYABLE_EVENTS = ['NhdOrderPlaced', 'NhdOrderPaid', 'NhdOrderCancelled', 'NhdOrderRefunded'] as const;

const CLOSED_TO_PAYMENT: Readonly<Record<string, string>> = {
  NhdOrderPaid: 'This order is paid already.',
  NhdOrderCancelled: 'This order was cancelled, so it cannot be paid.',
  NhdOrderRefunded: 'This order was cancelled and refunded, so it cannot be paid.',
};

/** The order as a payable after `event`: placed at its report type's price, closed once paid, cancelled or refunded. */
export const nextNhdOrderPayable = (payable: Payable | null, event: PublishedEvent): Payable | null => {
  if (event.type === 'NhdOrderPlaced') {
    const placed = NhdOrderPlaced.safeParse(event.data);
    return placed.success ? { account_id: placed.data.account_id, amount_cents: placed.data.amount_cents, closed: null, request: 1, ...providerPayer(placed.data.placed_by) } : payable;
  }
  const closed = CLOSED_TO_PAYMENT[event.type];
  return payable && closed ? { ...payable, closed } : payable;
};

// ---- What an enrollment offers to be paid (payments' local copy, `Payable`) ----

/** The events that say whether, and for how much, an enrollment may be paid. */
export const EQUITY_ENROLMENT_PAYABLE_EVENTS = ['EquityEnrolmentRequested', 'EquityEnrolmentPaid', 'EquityProtectionStarted', 'EquityProtectionCancelled'] as const;

/**
 * The enrollment as a payable after `event`: each request (a first enrollment, or protecting again after a cancellation)
 * at the price it was requested for, paid on a claim of its own; closed when included in a plan, paid or cancelled.
 */
export const nextEnrolmentPayable = (payable: Payable | null, event: PublishedEvent): Payable | null => {
  if (event.type === 'EquityEnrolmentRequested') {
    const requested = EquityEnrolmentRequested.safeParse(event.data);
    if (!requested.success) return payable;
    const closed = requested.data.included ? 'This property’s protection is included in your plan: there is nothing to pay.' : null;
    return { account_id: requested.data.account_id, amount_cents: requested.data.price_cents, closed, request: (payable?.request ?? 0) + 1, ...providerPayer(requested.data.placed_by) };
  }
  if (!payable) return payable;
  if (event.type === 'EquityEnrolmentPaid' || event.type === 'EquityProtectionStarted') return { ...payable, closed: 'This property is protected and paid already.' };
  if (event.type === 'EquityProtectionCancelled') return { ...payable, closed: 'This enrollment was canceled. Protect the property again to pay.' };
  return payable;
};
