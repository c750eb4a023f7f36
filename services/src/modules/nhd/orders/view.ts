import { NhdOrderView, type TimelineStep } from '@acpg/contracts/nhd';
import type { Doc } from '../../../platform/documents/port.ts';
import { entityRows } from '../../../platform/entities/entity-rows.ts';
import { toOrderEvent, type OrderEvent } from '../order/decider.ts';

export const ORDERS_COLLECTION = 'nhd_orders';

type Row = Omit<NhdOrderView, 'version' | 'position'> & {
  _id: string;
  /** Filters the list reads at the top level: county, report type code, and lower-case words to search. */
  county: string;
  report_type_code: number;
  search_text: string;
};

const searchTextOf = (row: Pick<Row, 'order_id' | 'number' | 'property' | 'recipients'>) =>
  [row.order_id, row.number ?? '', row.property.address_line, row.property.city, row.property.zip, row.property.apn, ...row.recipients.map((r) => `${r.email} ${r.name}`)].join(' ').toLowerCase();

const step = (row: Row, name: TimelineStep, data: { at: string; by: string }): Row => ({ ...row, timeline: [...row.timeline, { step: name, at: data.at, by: data.by }], updated_at: data.at });

/** The order's row after one more event (pure: the projection and a fresh fold of the stream share it). */
export const evolveOrderRow = (doc: Doc | null, event: OrderEvent): Doc | null => {
  if (event.type === 'NhdOrderPlaced') {
    const d = event.data;
    const row: Row = {
      _id: d.order_id,
      order_id: d.order_id,
      number: d.number ?? null,
      account_id: d.account_id,
      brokerage_name: d.brokerage_name ?? null,
      status: 'placed',
      failure: null,
      message: null,
      property: d.property,
      report_type: d.report_type,
      amount_cents: d.amount_cents,
      checkout_id: null,
      promo: null,
      recipients: d.recipients.map((r) => ({ ...r, sent_at: null, acknowledged_at: null, revoked_at: null })),
      escrow_users: d.escrow_users,
      timeline: [{ step: 'placed', at: d.at, by: d.by }],
      placed_at: d.at,
      updated_at: d.at,
      county: d.property.county,
      report_type_code: d.report_type.code,
      search_text: '',
    };
    return { ...row, search_text: searchTextOf(row) };
  }
  if (!doc) return null; // an event without its order
  const row = doc as unknown as Row; // written by this function only
  switch (event.type) {
    case 'NhdOrderPaid':
      return { ...step(row, 'paid', event.data), status: 'paid', failure: null, message: null, checkout_id: event.data.checkout_id, promo: event.data.promo ?? null, amount_cents: event.data.amount_cents };
    case 'NhdOrderPaymentFailed':
      return { ...step(row, 'payment_failed', event.data), status: 'failed', failure: 'payment', message: event.data.message, checkout_id: event.data.checkout_id };
    case 'NhdReportGenerationStarted':
      // A retried run begins again: the timeline shows processing once per run that began.
      return { ...(row.status === 'processing' ? row : step(row, 'processing', event.data)), status: 'processing', failure: null, message: null };
    case 'NhdReportReady':
      return { ...step(row, 'report_ready', event.data), status: 'report_ready' };
    case 'NhdReportFailed':
      return { ...step(row, 'report_failed', event.data), status: 'failed', failure: 'report', message: `The report could not be made: ${event.data.reason}` };
    case 'NhdReportRetried':
      return { ...step(row, 'report_retried', event.data), status: 'paid', failure: null, message: null };
    case 'NhdReportSent':
      return { ...row, recipients: row.recipients.map((r) => (r.recipient_id === event.data.recipient_id ? { ...r, sent_at: event.data.at } : r)), updated_at: event.data.at };
    case 'NhdOrderDelivered':
      return { ...step(row, 'delivered', event.data), status: 'delivered' };
    case 'NhdReceiptAcknowledged':
      return { ...row, recipients: row.recipients.map((r) => (r.recipient_id === event.data.recipient_id ? { ...r, acknowledged_at: event.data.at } : r)), updated_at: event.data.at };
    case 'NhdOrderAcknowledged':
      return { ...step(row, 'acknowledged', event.data), status: 'acknowledged' };
    case 'NhdOrderClosed':
      return { ...step(row, 'closed', event.data), status: 'closed' };
    case 'NhdOrderCancelled':
      return { ...step(row, 'cancelled', event.data), status: 'cancelled', failure: null, message: event.data.refund_due ? 'Cancelled; the payment is being refunded in full.' : null };
    case 'NhdOrderRefunded':
      return { ...step(row, 'refunded', event.data), status: 'refunded', message: null };
    case 'NhdReceiptLinksRevoked': {
      const revoked = new Set(event.data.recipient_ids);
      return { ...row, recipients: row.recipients.map((r) => (revoked.has(r.recipient_id) ? { ...r, revoked_at: event.data.at } : r)), updated_at: event.data.at };
    }
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown NHD order event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** The order's rows and views: `toView` for a row of the read model, `fromStream` for the order folded from its events. */
export const orderRows = entityRows({ toEvent: toOrderEvent, evolve: evolveOrderRow, schema: NhdOrderView });
export const toOrderView = orderRows.toView;
/** The row straight from the order's events: a page that asks right after placing sees the order before the read model does. */
