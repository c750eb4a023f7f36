import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { AdminPaymentItem, PAYOUT_RECORDED, PAYOUT_RECORDED_MESSAGE, PayoutView, type AdminPaymentItem as Item } from '@acpg/contracts/payments';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { CHECKOUT_EVENT_TYPES, checkoutStream, toCheckoutEvent, type CheckoutEvent } from '../checkout/decider.ts';
import { evolveChargeRow, toPaymentView } from '../charges/projection.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import { payoutStream, type PayoutEvent } from '../payouts/decider.ts';

export const LEDGER_COLLECTION = 'payments_ledger';
type LedgerEvent = CheckoutEvent | PayoutEvent;
const toPayoutEvent = ownEvents<PayoutEvent>([PAYOUT_RECORDED]);

/** A payout's row id: one payout per claim. */
export const payoutRowId = (claimId: string) => `payout-${claimId}`;

/** The payout's row: `started_at` (when it was paid out) and `status` let the list sort and filter it beside the charges. */
const payoutRow = (event: PayoutEvent): Doc => {
  const d = event.data;
  return {
    _id: payoutRowId(d.claim_id),
    entry: 'payout',
    payout_id: d.payout_id,
    claim_id: d.claim_id,
    claim_number: d.claim_number ?? null,
    account_id: d.account_id,
    amount_cents: d.amount_cents,
    method: d.method,
    reference: d.reference,
    paid_by: d.by,
    paid_at: d.at,
    started_at: d.at,
    status: 'paid_out',
  };
};

/** A ledger row as `GET /admin/payments` answers it. */
export const toAdminPaymentItem = (doc: Doc): Item => {
  if (doc.entry === 'payout') return PayoutView.parse({ ...doc, version: doc._version ?? 0, position: doc._position ?? 0 });
  return AdminPaymentItem.parse({ ...toPaymentView(doc), entry: 'charge' });
};

/**
 * Read model `payments_ledger` (the admin Payments list): every charge (one row per checkout, as `payments_charges`
 * keeps it) and every claim payout (money paid out, one row per claim), in one collection so the list filters, searches,
 * sorts and pages both on the server. Charges are pushed by the charges entity; a new payout is pushed here to Super Admins.
 */
export const ledgerProjection = defineProjection<LedgerEvent>({
  name: 'payments.ledger',
  collection: LEDGER_COLLECTION,
  handles: [...CHECKOUT_EVENT_TYPES, PAYOUT_RECORDED],
  fromStored: (stored) =>
    stored.stream.startsWith(checkoutStream('')) ? toCheckoutEvent(stored) : stored.stream.startsWith(payoutStream('')) ? toPayoutEvent(stored) : null,
  documentId: (event) => (event.type === PAYOUT_RECORDED ? payoutRowId(event.data.claim_id) : event.data.checkout_id),
  indexes: ['entry', 'account_id', 'status', 'started_at'],
  evolve: (doc, event, stored) => {
    // An event delivered again is skipped by its version.
    if (doc && typeof doc._version === 'number' && doc._version >= stored.version) return doc;
    if (event.type === PAYOUT_RECORDED) return payoutRow(event);
    const row = evolveChargeRow(doc, event);
    return row && { ...row, entry: 'charge' };
  },
  push: (applied, realtime) => {
    for (const { event, doc } of applied) {
      if (event.type !== PAYOUT_RECORDED || !doc) continue;
      const view = PayoutView.safeParse({ ...doc, version: doc._version ?? 0, position: doc._position ?? 0 });
      if (view.success) for (const role of OVERSEER_ROLES) realtime.toRole(role, PAYOUT_RECORDED_MESSAGE, view.data);
    }
  },
});
