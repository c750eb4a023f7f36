import { ORDER_STATUS_LABELS, RECIPIENT_ROLE_LABELS, type NhdOrderView, type OrderStatus, type RecipientRole, type TimelineStep } from '@acpg/contracts/nhd';

export const STATUS_BADGE: Record<OrderStatus, 'success' | 'danger' | 'warning' | 'informative' | 'brand'> = {
  placed: 'warning',
  paid: 'brand',
  processing: 'brand',
  report_ready: 'brand',
  delivered: 'success',
  acknowledged: 'success',
  closed: 'informative',
  cancelled: 'informative',
  refunded: 'informative',
  failed: 'danger',
};
export const statusLabel = (status: OrderStatus) => ORDER_STATUS_LABELS[status];
export const roleLabel = (role: RecipientRole) => RECIPIENT_ROLE_LABELS[role];

export const STEP_LABELS: Record<TimelineStep, string> = {
  placed: 'Order placed',
  payment_failed: 'Payment failed',
  paid: 'Paid',
  processing: 'Report being made',
  report_failed: 'Report failed',
  report_retried: 'Report asked for again',
  report_ready: 'Report ready',
  delivered: 'Emailed to every recipient',
  acknowledged: 'Every recipient confirmed receipt',
  closed: 'Closed',
  cancelled: 'Canceled',
  refunded: 'Refunded',
};

/** The steps still ahead on the happy path, after the order's last step (shown greyed in the timeline). */
const HAPPY_PATH: readonly TimelineStep[] = ['placed', 'paid', 'processing', 'report_ready', 'delivered', 'acknowledged'];
export const stepsAhead = (order: Pick<NhdOrderView, 'status' | 'timeline'>): TimelineStep[] => {
  if (['cancelled', 'refunded', 'closed', 'failed'].includes(order.status)) return [];
  const done = new Set(order.timeline.map((s) => s.step));
  return HAPPY_PATH.filter((step) => !done.has(step));
};

/** Who did a step, in words: an account's name, "System", or the recipient's email. */
export const actorText = (by: string, order: Pick<NhdOrderView, 'recipients'>, nameOf: (id: string) => string | undefined): string => {
  if (by === 'system' || by === 'seed') return 'System';
  if (by.startsWith('recipient:')) {
    const recipient = order.recipients.find((r) => r.recipient_id === by.slice('recipient:'.length));
    return recipient ? `${recipient.name} (${recipient.email})` : 'A recipient';
  }
  return nameOf(by) ?? 'A user';
};

/** The order's short number (NHD-100001); an order placed before numbers shows the start of its id. */
export const orderNumber = (o: Pick<NhdOrderView, 'number' | 'order_id'>) => o.number ?? o.order_id.slice(0, 8).toUpperCase();
export const addressOf = (p: NhdOrderView['property']) => `${p.address_line}, ${p.city}, ${p.state} ${p.zip}`;

/** What the owner may do now (the server refuses anything else in words). */
export const mayCancel = (o: Pick<NhdOrderView, 'status' | 'failure'>) => o.status === 'placed' || o.status === 'paid' || (o.status === 'failed' && o.failure === 'payment');
export const mayClose = (o: Pick<NhdOrderView, 'status'>) => o.status === 'delivered' || o.status === 'acknowledged';
export const mayPay = (o: Pick<NhdOrderView, 'status' | 'failure'>) => o.status === 'placed' || (o.status === 'failed' && o.failure === 'payment');
