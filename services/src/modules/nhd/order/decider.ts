import {
  NHD_ORDER_EVENT_TYPES,
  nhdOrderStream,
  type NhdOrderAcknowledged,
  type NhdOrderCancelled,
  type NhdOrderClosed,
  type NhdOrderDelivered,
  type NhdOrderPaid,
  type NhdOrderPaymentFailed,
  type NhdOrderPlaced,
  type NhdOrderRefunded,
  type NhdReceiptAcknowledged,
  type NhdReceiptLinksRevoked,
  type NhdReportFailed,
  type NhdReportGenerationStarted,
  type NhdReportReady,
  type NhdReportRetried,
  type NhdReportSent,
  type OrderFailure,
  type OrderStatus,
} from '@acpg/contracts/nhd';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { DEFAULT_TIME_ZONE, formatLongDate } from '../../../platform/formatting/index.ts';
import { ownEvents, signedBy } from '../../../platform/commands/own-events.ts';

export const orderStream = nhdOrderStream;

export type OrderEvent =
  | { type: 'NhdOrderPlaced'; data: NhdOrderPlaced }
  | { type: 'NhdOrderPaid'; data: NhdOrderPaid }
  | { type: 'NhdOrderPaymentFailed'; data: NhdOrderPaymentFailed }
  | { type: 'NhdReportGenerationStarted'; data: NhdReportGenerationStarted }
  | { type: 'NhdReportReady'; data: NhdReportReady }
  | { type: 'NhdReportFailed'; data: NhdReportFailed }
  | { type: 'NhdReportRetried'; data: NhdReportRetried }
  | { type: 'NhdReportSent'; data: NhdReportSent }
  | { type: 'NhdOrderDelivered'; data: NhdOrderDelivered }
  | { type: 'NhdReceiptAcknowledged'; data: NhdReceiptAcknowledged }
  | { type: 'NhdOrderAcknowledged'; data: NhdOrderAcknowledged }
  | { type: 'NhdOrderClosed'; data: NhdOrderClosed }
  | { type: 'NhdOrderCancelled'; data: NhdOrderCancelled }
  | { type: 'NhdOrderRefunded'; data: NhdOrderRefunded }
  | { type: 'NhdReceiptLinksRevoked'; data: NhdReceiptLinksRevoked };

/** Every event's data but the three fields the decider fills: the order (from the stream), who (metadata) and when. */
type Step<T> = Omit<T, 'order_id' | 'by' | 'at'>;

export type PlaceOrder = Command<'PlaceOrder', Step<NhdOrderPlaced> & { order_id: string }>;
/** The payments module reported the order's checkout succeeded (once per checkout, maybe delivered again). */
export type RecordPayment = Command<'RecordPayment', Step<NhdOrderPaid>>;
export type RecordPaymentFailure = Command<'RecordPaymentFailure', Step<NhdOrderPaymentFailed>>;
/** The report job begins an attempt (each job run may begin one: a run killed mid-way begins again). */
export type StartReport = Command<'StartReport', Record<string, never>>;
export type RecordReportReady = Command<'RecordReportReady', Step<NhdReportReady>>;
export type RecordReportFailure = Command<'RecordReportFailure', Step<NhdReportFailed>>;
export type RetryReport = Command<'RetryReport', Record<string, never>>;
export type RecordReportSent = Command<'RecordReportSent', { recipient_id: string }>;
/** `time_zone`: the zone the refusal's day is written in (the recipient has none: the orderer's, `recipients/routes.ts`). */
export type AcknowledgeReceipt = Command<'AcknowledgeReceipt', { recipient_id: string; time_zone?: string }>;
export type CloseOrder = Command<'CloseOrder', Record<string, never>>;
export type CancelOrder = Command<'CancelOrder', { reason: string }>;
/** The owner or a Super Admin withdraws one recipient's link, or (null) every link sent so far. */
export type RevokeReceiptLinks = Command<'RevokeReceiptLinks', { recipient_id: string | null }>;
export type RecordRefund = Command<'RecordRefund', Step<NhdOrderRefunded>>;

export type OrderCommand =
  | PlaceOrder
  | RecordPayment
  | RecordPaymentFailure
  | StartReport
  | RecordReportReady
  | RecordReportFailure
  | RetryReport
  | RecordReportSent
  | AcknowledgeReceipt
  | CloseOrder
  | CancelOrder
  | RevokeReceiptLinks
  | RecordRefund;

export type PlacedOrder = {
  status: OrderStatus;
  failure: OrderFailure | null;
  placed: NhdOrderPlaced;
  /** The checkout that paid it (or the last that failed). */
  checkoutId: string | null;
  paid: NhdOrderPaid | null;
  reportAttempts: number;
  report: NhdReportReady | null;
  /** When each recipient's email was recorded, and acknowledged, by recipient id. */
  sent: Readonly<Record<string, string>>;
  acknowledged: Readonly<Record<string, string>>;
  /** When each recipient's link was withdrawn, by recipient id. */
  revoked: Readonly<Record<string, string>>;
  cancelled: NhdOrderCancelled | null;
  refunded: NhdOrderRefunded | null;
};
export type OrderState = { status: 'none' } | PlacedOrder;

export const initialOrderState = (): OrderState => ({ status: 'none' });

export const evolveOrder = (state: OrderState, event: OrderEvent): OrderState => {
  if (event.type === 'NhdOrderPlaced') {
    return { status: 'placed', failure: null, placed: event.data, checkoutId: null, paid: null, reportAttempts: 0, report: null, sent: {}, acknowledged: {}, revoked: {}, cancelled: null, refunded: null };
  }
  if (state.status === 'none') return state; // an event without its order: nothing to fold it into
  switch (event.type) {
    case 'NhdOrderPaid':
      return { ...state, status: 'paid', failure: null, paid: event.data, checkoutId: event.data.checkout_id };
    case 'NhdOrderPaymentFailed':
      return { ...state, status: 'failed', failure: 'payment', checkoutId: event.data.checkout_id };
    case 'NhdReportGenerationStarted':
      return { ...state, status: 'processing', failure: null, reportAttempts: event.data.attempt };
    case 'NhdReportReady':
      return { ...state, status: 'report_ready', report: event.data };
    case 'NhdReportFailed':
      return { ...state, status: 'failed', failure: 'report' };
    case 'NhdReportRetried':
      return { ...state, status: 'paid', failure: null, reportAttempts: 0 };
    case 'NhdReportSent':
      return { ...state, sent: { ...state.sent, [event.data.recipient_id]: event.data.at } };
    case 'NhdOrderDelivered':
      return { ...state, status: 'delivered' };
    case 'NhdReceiptAcknowledged':
      return { ...state, acknowledged: { ...state.acknowledged, [event.data.recipient_id]: event.data.at } };
    case 'NhdOrderAcknowledged':
      return { ...state, status: 'acknowledged' };
    case 'NhdOrderClosed':
      return { ...state, status: 'closed' };
    case 'NhdOrderCancelled':
      return { ...state, status: 'cancelled', failure: null, cancelled: event.data };
    case 'NhdOrderRefunded':
      return { ...state, status: 'refunded', refunded: event.data };
    case 'NhdReceiptLinksRevoked':
      return { ...state, revoked: { ...state.revoked, ...Object.fromEntries(event.data.recipient_ids.map((id) => [id, event.data.at])) } };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown NHD order event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

const refused = (message: string) => new DomainError('conflict', 'ORDER_TRANSITION_REFUSED', message);
const notFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', 'This order was not found.');

/** Statuses after the report exists: the report was made and (being) sent. */
const REPORT_MADE: ReadonlySet<OrderStatus> = new Set(['report_ready', 'delivered', 'acknowledged', 'closed']);
const recipientIds = (order: PlacedOrder) => order.placed.recipients.map((r) => r.recipient_id);

const decidePlaced = (command: Exclude<OrderCommand, PlaceOrder>, order: PlacedOrder): OrderEvent[] => {
  const step = { order_id: order.placed.order_id, ...signedBy(command.metadata) };
  switch (command.type) {
    case 'RecordPayment': {
      if (order.paid) return []; // recorded already (the payment event delivered again)
      if (order.status === 'cancelled' || order.status === 'refunded') {
        // Cancelled while this payment was under way: the money was taken all the same, so it goes back in full.
        return [
          { type: 'NhdOrderPaid', data: { ...step, ...command.data } },
          { type: 'NhdOrderCancelled', data: { ...step, reason: 'Paid after the order was cancelled: refunded in full', refund_due: true, checkout_id: command.data.checkout_id } },
        ];
      }
      return [{ type: 'NhdOrderPaid', data: { ...step, ...command.data } }];
    }
    case 'RecordPaymentFailure': {
      // Only while unpaid: a late failure of an earlier attempt changes nothing once another attempt paid.
      if (order.paid || order.status === 'cancelled' || order.status === 'refunded') return [];
      if (order.status === 'failed' && order.checkoutId === command.data.checkout_id) return [];
      return [{ type: 'NhdOrderPaymentFailed', data: { ...step, ...command.data } }];
    }
    case 'StartReport': {
      if (order.status === 'paid' || order.status === 'processing') {
        return [{ type: 'NhdReportGenerationStarted', data: { ...step, attempt: order.reportAttempts + 1 } }];
      }
      throw refused(`A report is made for a paid order; this one is ${order.status}.`);
    }
    case 'RecordReportReady': {
      if (order.report) return []; // made already (the job ran again)
      if (order.status !== 'processing') throw refused(`A report is recorded while the order is processing; this one is ${order.status}.`);
      return [{ type: 'NhdReportReady', data: { ...step, ...command.data } }];
    }
    case 'RecordReportFailure': {
      if (order.status === 'failed' && order.failure === 'report') return [];
      if (order.status !== 'processing' && order.status !== 'paid') throw refused(`Only a report being made can fail; this order is ${order.status}.`);
      return [{ type: 'NhdReportFailed', data: { ...step, ...command.data } }];
    }
    case 'RetryReport': {
      if (order.status !== 'failed' || order.failure !== 'report') throw refused('Only an order whose report failed can have it made again.');
      return [{ type: 'NhdReportRetried', data: step }];
    }
    case 'RecordReportSent': {
      const { recipient_id } = command.data;
      const recipient = order.placed.recipients.find((r) => r.recipient_id === recipient_id);
      if (!recipient) throw new DomainError('not_found', 'ORDER_NOT_FOUND', 'This recipient is not on the order.');
      if (order.sent[recipient_id]) return []; // emailed already
      if (!REPORT_MADE.has(order.status)) throw refused(`The report is sent once it is ready; this order is ${order.status}.`);
      const events: OrderEvent[] = [{ type: 'NhdReportSent', data: { ...step, recipient_id, email: recipient.email } }];
      const allSent = recipientIds(order).every((id) => id === recipient_id || order.sent[id]);
      if (allSent && order.status === 'report_ready') events.push({ type: 'NhdOrderDelivered', data: step });
      return events;
    }
    case 'AcknowledgeReceipt': {
      const { recipient_id } = command.data;
      if (!order.placed.recipients.some((r) => r.recipient_id === recipient_id)) throw new DomainError('not_found', 'RECEIPT_LINK_INVALID', 'This link is not one we sent.');
      if (order.acknowledged[recipient_id]) {
        throw new DomainError('conflict', 'RECEIPT_LINK_USED', `You confirmed receipt on ${formatLongDate(order.acknowledged[recipient_id], command.data.time_zone ?? DEFAULT_TIME_ZONE)}. This link has been used.`);
      }
      if (!order.sent[recipient_id]) throw refused('This report has not been sent to you yet.');
      if (order.revoked[recipient_id]) throw new DomainError('gone', 'RECEIPT_LINK_REVOKED', 'This link was withdrawn by the person who ordered the report.');
      if (order.status === 'cancelled' || order.status === 'refunded') throw refused('This order was cancelled.');
      const events: OrderEvent[] = [{ type: 'NhdReceiptAcknowledged', data: { ...step, recipient_id } }];
      const allAcknowledged = recipientIds(order).every((id) => id === recipient_id || order.acknowledged[id]);
      if (allAcknowledged && order.status === 'delivered') events.push({ type: 'NhdOrderAcknowledged', data: step });
      return events;
    }
    case 'CloseOrder': {
      if (order.status === 'closed') return [];
      if (order.status !== 'delivered' && order.status !== 'acknowledged') {
        throw refused(`An order is closed once its report was delivered; this one is ${order.status}.`);
      }
      return [{ type: 'NhdOrderClosed', data: step }];
    }
    case 'CancelOrder': {
      if (order.status === 'cancelled' || order.status === 'refunded') return []; // cancelled already (a second click)
      const unpaid = order.status === 'placed' || (order.status === 'failed' && order.failure === 'payment');
      if (!unpaid && order.status !== 'paid') {
        throw refused(
          order.status === 'processing' || REPORT_MADE.has(order.status) || order.failure === 'report'
            ? 'The report is being made or was made already, so this order cannot be cancelled.'
            : `This order cannot be cancelled while it is ${order.status}.`,
        );
      }
      return [{ type: 'NhdOrderCancelled', data: { ...step, reason: command.data.reason, refund_due: !unpaid, checkout_id: unpaid ? null : order.checkoutId } }];
    }
    case 'RevokeReceiptLinks': {
      const { recipient_id } = command.data;
      if (recipient_id !== null) {
        if (!order.placed.recipients.some((r) => r.recipient_id === recipient_id)) throw new DomainError('not_found', 'RECIPIENT_NOT_FOUND', 'This recipient is not on the order.');
        if (!order.sent[recipient_id]) throw new DomainError('conflict', 'RECEIPT_LINK_NOT_SENT', 'No link was sent to this recipient yet, so there is none to withdraw.');
      }
      // Only links sent and still standing: a second click (or "all" after one) withdraws nothing more.
      const ids = (recipient_id === null ? recipientIds(order) : [recipient_id]).filter((id) => order.sent[id] && !order.revoked[id]);
      return ids.length > 0 ? [{ type: 'NhdReceiptLinksRevoked', data: { ...step, recipient_ids: ids } }] : [];
    }
    case 'RecordRefund': {
      if (order.refunded) return [];
      // After a cancellation with a refund due, or a Super Admin's refund of the payment itself.
      if (!order.paid) throw refused('Only a paid order can be refunded.');
      return [{ type: 'NhdOrderRefunded', data: { ...step, ...command.data } }];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown NHD order command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

export const decideOrder = (command: OrderCommand, state: OrderState): OrderEvent[] => {
  if (command.type === 'PlaceOrder') {
    if (state.status !== 'none') throw new DomainError('conflict', 'ORDER_MISMATCH', 'This order was placed already.');
    return [{ type: 'NhdOrderPlaced', data: { ...command.data, ...signedBy(command.metadata) } }];
  }
  if (state.status === 'none') throw notFound();
  return decidePlaced(command, state);
};

/** Reads a stored event back (null for other types). */
export const toOrderEvent = ownEvents<OrderEvent>(NHD_ORDER_EVENT_TYPES);

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
  fromStored: toOrderEvent,
};

