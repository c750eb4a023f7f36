import { RECIPIENT_ROLE_LABELS, type NhdOrderView } from '@acpg/contracts/nhd';
import type { OrderEvent } from '../order/decider.ts';
import { formatCents } from '../../../platform/formatting/index.ts';

const money = formatCents;

/** One plain sentence per event of the order, for the audit trail (`order` as it stands names its recipients). */
export const summaryOf = (event: OrderEvent, order: Pick<NhdOrderView, 'recipients'>): string => {
  switch (event.type) {
    case 'NhdOrderPlaced': {
      const d = event.data;
      const recipients = d.recipients.map((r) => `${r.email} (${RECIPIENT_ROLE_LABELS[r.role]})`).join(', ');
      return `Placed a ${d.report_type.name} for ${d.property.address_line}, ${d.property.city} (APN ${d.property.apn}) at ${money(d.amount_cents)}; recipients: ${recipients}.`;
    }
    case 'NhdOrderPaid':
      return `Paid ${money(event.data.amount_cents)}${event.data.promo ? ` with promo code ${event.data.promo.promo_code} (${money(event.data.promo.discount_cents)} off)` : ''}.`;
    case 'NhdOrderPaymentFailed':
      return `Payment failed: ${event.data.message}`;
    case 'NhdReportGenerationStarted':
      return event.data.attempt > 1 ? `Report generation started again (run ${event.data.attempt}).` : 'Report generation started.';
    case 'NhdReportReady':
      return `Report ready: ${event.data.page_count} pages.`;
    case 'NhdReportFailed':
      return `Report failed: ${event.data.reason}`;
    case 'NhdReportRetried':
      return 'Report generation asked for again.';
    case 'NhdReportSent':
      return `Report emailed to ${event.data.email}.`;
    case 'NhdOrderDelivered':
      return 'Delivered: the report was emailed to every recipient.';
    case 'NhdReceiptAcknowledged':
      return `${order.recipients.find((r) => r.recipient_id === event.data.recipient_id)?.email ?? event.data.recipient_id} confirmed receipt.`;
    case 'NhdOrderAcknowledged':
      return 'Every recipient confirmed receipt.';
    case 'NhdOrderClosed':
      return 'Order closed.';
    case 'NhdOrderCancelled':
      return `Cancelled: ${event.data.reason}${event.data.refund_due ? ' (the payment is refunded in full)' : ''}.`;
    case 'NhdOrderRefunded':
      return `Refunded ${money(event.data.amount_cents)}.`;
    case 'NhdReceiptLinksRevoked':
      return `Report link withdrawn for ${event.data.recipient_ids.map((id) => order.recipients.find((r) => r.recipient_id === id)?.email ?? id).join(', ')}.`;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown NHD order event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};
