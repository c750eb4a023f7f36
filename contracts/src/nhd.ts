import { z } from 'zod';
import { listQuery, withoutHiddenCharacters } from './http.ts';
import { Payer, PlacedBy } from './on-behalf.ts';
import { PromoApplied } from './payments.ts';
import { NHD_ORDER_SORT_FIELDS } from './sort-fields.ts';

/**
 * NHD orders (issue 9; DECISIONS.md "NHD order lifecycle"): a Natural Hazard Disclosure report for a California
 * property, ordered, paid through the payments module, generated as a PDF by a job, emailed to every recipient, each of
 * whom confirms receipt with a one-time link. Module `nhd`: streams `nhd-order-<order id>`, `nhd-reporttype-<code>`.
 * Money is integer cents; times are UTC ISO-8601; every route answers in the envelope `{ success: true, data }`.
 */

// ---- Report types: data managed by Super Admins (the spec's `reportType`, a number, default 0) ----

export const DEFAULT_REPORT_TYPE = 0;

export const ReportType = z.object({
  /** The spec's `reportType` number. */
  code: z.number().int().nonnegative(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int().nonnegative(),
  is_active: z.boolean(),
});
export type ReportType = z.infer<typeof ReportType>;

/** `GET /api/v1/nhd/report-types` (public: active ones) and `GET /api/v1/admin/nhd/report-types` (Super Admin: all). */
export const ReportTypeList = z.object({ items: z.array(ReportType) });
export type ReportTypeList = z.infer<typeof ReportTypeList>;

/** `PUT /api/v1/admin/nhd/report-types/:code` (Super Admin; creates the code when new): a price change reaches new orders only. */
export const ReportTypeBody = z.object({
  name: withoutHiddenCharacters(z.string().trim().min(2, 'Enter a name (at least 2 characters)').max(80, 'The name is at most 80 characters')),
  description: z.string().trim().min(2, 'Enter a description').max(500, 'The description is at most 500 characters'),
  price_cents: z
    .number({ error: 'Enter the price in cents' })
    .int('The price is a whole number of cents')
    .min(50, 'The price is at least $0.50')
    .max(100_000_00, 'The price is at most $100,000.00'),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
});
export type ReportTypeBody = z.infer<typeof ReportTypeBody>;
export const ReportTypeParams = z.object({ code: z.coerce.number({ error: 'code must be a whole number' }).int('code must be a whole number').min(0).max(99) });

/** Data of `NhdReportTypeDefined` (stream `nhd-reporttype-<code>`): each definition replaces the previous one. */
export const NhdReportTypeDefined = ReportType.extend({ defined_by: z.string(), defined_at: z.string() });
export type NhdReportTypeDefined = z.infer<typeof NhdReportTypeDefined>;

// ---- Placing an order ----

export const RECIPIENT_ROLES = ['buyer', 'seller', 'buyer_agent', 'seller_agent', 'escrow_officer', 'other'] as const;
export const RecipientRole = z.enum(RECIPIENT_ROLES, { error: 'Choose the recipient’s role' });
export type RecipientRole = z.infer<typeof RecipientRole>;
export const RECIPIENT_ROLE_LABELS: Record<RecipientRole, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  buyer_agent: 'Buyer’s agent',
  seller_agent: 'Seller’s agent',
  escrow_officer: 'Escrow officer',
  other: 'Other',
};

const email = z
  .string({ error: 'Enter an email address' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address, like name@example.com').max(254, 'The email address is at most 254 characters'));

/** A recipient of the report, identified by email (the spec's recipientData). */
export const RecipientInput = z.object({
  email,
  name: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the recipient’s name').max(120, 'The name is at most 120 characters')),
  role: RecipientRole,
});
export type RecipientInput = z.infer<typeof RecipientInput>;

/** An escrow user of the order (the spec's escrowUserListData). */
export const EscrowUserInput = z.object({
  company: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the escrow company').max(120, 'The company is at most 120 characters')),
  officer: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the escrow officer’s name').max(120, 'The name is at most 120 characters')),
  escrow_number: withoutHiddenCharacters(z.string().trim().min(1, 'Enter the escrow number').max(40, 'The escrow number is at most 40 characters')),
  email: email.optional(),
});
export type EscrowUserInput = z.infer<typeof EscrowUserInput>;

export const MAX_RECIPIENTS = 10;
export const MAX_ESCROW_USERS = 5;

/**
 * `POST /api/v1/nhd/orders` (signed in): places the order (status `placed`, not yet paid). `order_id` is a uuid the
 * client makes once per order: sent again (double click, lost answer) it answers the same order and places nothing new.
 * Then pay it: `POST /api/v1/payments/checkouts` with `nhd_order_id` instead of `plan_id`.
 */
export const PlaceOrderBody = z.object({
  order_id: z.uuid('order_id must be a uuid made once per order'),
  property_id: z.string({ error: 'Choose the property' }).trim().min(1, 'Choose the property').max(64),
  report_type: z.number({ error: 'Choose a report type' }).int('Choose a report type').min(0, 'Choose a report type').max(99, 'Choose a report type').default(DEFAULT_REPORT_TYPE),
  recipients: z
    .array(RecipientInput, { error: 'Add at least one recipient' })
    .min(1, 'Add at least one recipient')
    .max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients`)
    .refine((list) => new Set(list.map((r) => r.email)).size === list.length, 'Each recipient’s email may appear once'),
  escrow_users: z.array(EscrowUserInput).max(MAX_ESCROW_USERS, `At most ${MAX_ESCROW_USERS} escrow users`).default([]),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;
/**
 * `POST /api/v1/nhd/members/:account_id/orders` (a Provider Admin, for one of its provider's users): an order of the
 * user's verified property, owned by the user, and who pays (`provider`: the Provider Admin; `user`: the user is asked).
 */
export const PlaceOrderForMemberBody = PlaceOrderBody.extend({ payer: Payer });
export type PlaceOrderForMemberBody = z.infer<typeof PlaceOrderForMemberBody>;

export const OrderIdParams = z.object({ id: z.uuid({ error: 'The order id must be a UUID' }) });

/** `POST /api/v1/nhd/orders/:id/cancel` (owner or Super Admin): before processing only; a paid order is refunded in full. */
export const CancelOrderBody = z.object({ reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500, 'The reason is at most 500 characters') });
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;
/**
 * `POST /api/v1/nhd/orders/:id/receipt-links/revoke` (owner or Super Admin): withdraws one recipient's emailed link
 * (`recipient_id`), or every link of the order sent so far (no `recipient_id`). A withdrawn link answers 410
 * RECEIPT_LINK_REVOKED from then on; withdrawing one again changes nothing.
 */
export const RevokeReceiptLinksBody = z.object({ recipient_id: z.string().trim().regex(/^r\d{1,3}$/, 'Choose a recipient of this order').optional() });
export type RevokeReceiptLinksBody = z.infer<typeof RevokeReceiptLinksBody>;
// `POST /api/v1/nhd/orders/:id/close` (owner or Super Admin, once delivered or acknowledged): no body.
// `POST /api/v1/admin/nhd/orders/:id/retry-report` (Super Admin, a failed report): generates it again; no body.

// ---- Lifecycle ----

export const ORDER_STATUSES = ['placed', 'paid', 'processing', 'report_ready', 'delivered', 'acknowledged', 'closed', 'cancelled', 'refunded', 'failed'] as const;
export const OrderStatus = z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` });
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  paid: 'Paid',
  processing: 'Processing',
  report_ready: 'Report ready',
  delivered: 'Delivered',
  acknowledged: 'Acknowledged',
  closed: 'Closed',
  cancelled: 'Canceled',
  refunded: 'Refunded',
  failed: 'Failed',
};
/** What failed, when status is `failed`: the payment (pay again with another card) or the report (Super Admins retry it). */
export const ORDER_FAILURES = ['payment', 'report'] as const;
export type OrderFailure = (typeof ORDER_FAILURES)[number];

/** Every event's data names its order, who did it (an account id, or `system` for a job) and when. */
const step = { order_id: z.string(), by: z.string(), at: z.string() };

export const OrderProperty = z.object({
  property_id: z.string(),
  address_line: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.literal('CA'),
  zip: z.string(),
  apn: z.string(),
});
export type OrderProperty = z.infer<typeof OrderProperty>;

export const OrderRecipient = RecipientInput.extend({ recipient_id: z.string() });
export type OrderRecipient = z.infer<typeof OrderRecipient>;

/** Data of `NhdOrderPlaced`: what was ordered, at the report type's price at that moment. Payments reads it to charge. */
export const NhdOrderPlaced = z.object({
  ...step,
  /** The order's short number people read and search (NHD-100001); absent on orders placed before numbers. */
  number: z.string().optional(),
  account_id: z.string(),
  property: OrderProperty,
  report_type: ReportType.pick({ code: true, name: true }),
  amount_cents: z.number().int().nonnegative(),
  recipients: z.array(OrderRecipient),
  escrow_users: z.array(EscrowUserInput),
  /** The brokerage of the Agent or Broker who placed it, as identity named it then (absent for other orderers). */
  brokerage_name: z.string().optional(),
  /** A Provider Admin placed it for the owner (`account_id`) and chose who pays; absent when the owner placed it. */
  placed_by: PlacedBy.optional(),
});
export type NhdOrderPlaced = z.infer<typeof NhdOrderPlaced>;
export const NhdOrderPaid = z.object({ ...step, checkout_id: z.string(), amount_cents: z.number().int().nonnegative(), promo: PromoApplied.optional() });
export type NhdOrderPaid = z.infer<typeof NhdOrderPaid>;
export const NhdOrderPaymentFailed = z.object({ ...step, checkout_id: z.string(), message: z.string() });
export type NhdOrderPaymentFailed = z.infer<typeof NhdOrderPaymentFailed>;
export const NhdReportGenerationStarted = z.object({ ...step, attempt: z.number().int().min(1) });
export type NhdReportGenerationStarted = z.infer<typeof NhdReportGenerationStarted>;
/** The PDF is kept with `platform.files` under `file_key` (`nhd/reports/<order id>.pdf`). */
export const NhdReportReady = z.object({ ...step, file_key: z.string(), page_count: z.number().int().positive(), byte_length: z.number().int().positive() });
export type NhdReportReady = z.infer<typeof NhdReportReady>;
export const NhdReportFailed = z.object({ ...step, reason: z.string() });
export type NhdReportFailed = z.infer<typeof NhdReportFailed>;
/** A Super Admin asks for a failed report again. */
export const NhdReportRetried = z.object(step);
export type NhdReportRetried = z.infer<typeof NhdReportRetried>;
/** One per recipient: the report's link was emailed (the link's token is never in an event: it derives from a key). */
export const NhdReportSent = z.object({ ...step, recipient_id: z.string(), email: z.string() });
export type NhdReportSent = z.infer<typeof NhdReportSent>;
/** After the last recipient's `NhdReportSent`. */
export const NhdOrderDelivered = z.object(step);
export type NhdOrderDelivered = z.infer<typeof NhdOrderDelivered>;
/** A recipient confirmed receipt through their one-time link (`by` is `recipient:<recipient id>`). */
export const NhdReceiptAcknowledged = z.object({ ...step, recipient_id: z.string() });
export type NhdReceiptAcknowledged = z.infer<typeof NhdReceiptAcknowledged>;
/** The owner or a Super Admin withdrew these recipients' links (`by`): each answers 410 RECEIPT_LINK_REVOKED from then on. */
export const NhdReceiptLinksRevoked = z.object({ ...step, recipient_ids: z.array(z.string()).min(1) });
export type NhdReceiptLinksRevoked = z.infer<typeof NhdReceiptLinksRevoked>;
/** After the last recipient's acknowledgement. */
export const NhdOrderAcknowledged = z.object(step);
export type NhdOrderAcknowledged = z.infer<typeof NhdOrderAcknowledged>;
export const NhdOrderClosed = z.object(step);
export type NhdOrderClosed = z.infer<typeof NhdOrderClosed>;
/** `refund_due`: the order was paid, so payments refunds `checkout_id` in full (then `NhdOrderRefunded`). */
export const NhdOrderCancelled = z.object({ ...step, reason: z.string(), refund_due: z.boolean(), checkout_id: z.string().nullable() });
export type NhdOrderCancelled = z.infer<typeof NhdOrderCancelled>;
export const NhdOrderRefunded = z.object({ ...step, checkout_id: z.string(), amount_cents: z.number().int().nonnegative() });
export type NhdOrderRefunded = z.infer<typeof NhdOrderRefunded>;

export const NHD_ORDER_EVENT_TYPES = [
  'NhdOrderPlaced',
  'NhdOrderPaid',
  'NhdOrderPaymentFailed',
  'NhdReportGenerationStarted',
  'NhdReportReady',
  'NhdReportFailed',
  'NhdReportRetried',
  'NhdReportSent',
  'NhdOrderDelivered',
  'NhdReceiptAcknowledged',
  'NhdOrderAcknowledged',
  'NhdOrderClosed',
  'NhdOrderCancelled',
  'NhdOrderRefunded',
  'NhdReceiptLinksRevoked',
] as const;
/** One per order, on `nhd-numbers-orders`: the order's short number (allocation under optimistic concurrency). */
export const NHD_ORDER_NUMBER_ALLOCATED = 'NhdOrderNumberAllocated';
export type NhdOrderEventType = (typeof NHD_ORDER_EVENT_TYPES)[number];
export const nhdOrderStream = (orderId: string) => `nhd-order-${orderId}`;

/** Error codes of the NHD routes (`code` of the error envelope). */
export const NHD_ERROR_CODES = [
  'ORDER_NOT_FOUND', // 404: no such order, or one the caller may not see (another account's id answers exactly this)
  'ORDER_MISMATCH', // 409: the order_id is in use: the caller's own with other contents, or another account's (one answer for both)
  'ORDER_TRANSITION_REFUSED', // 409: the order's status does not allow this step (the message says why)
  'REPORT_TYPE_NOT_FOUND', // 400: unknown or inactive report type
  'PROPERTY_NOT_FOUND', // 400
  'REPORT_NOT_READY', // 409: no report to download yet
  'RECEIPT_LINK_INVALID', // 404: the link is not one we sent
  'RECEIPT_LINK_USED', // 409: receipt was confirmed already with this link
  'RECEIPT_LINK_EXPIRED', // 410: older than the RECEIPT_LINK_DAYS setting, or the order was cancelled
  'RECEIPT_LINK_REVOKED', // 410: the orderer or a Super Admin withdrew it
  'RECEIPT_LINK_NOT_SENT', // 409: no link was sent to this recipient yet, so there is none to withdraw
  'RECIPIENT_NOT_FOUND', // 404: the order has no such recipient
] as const;
export type NhdErrorCode = (typeof NHD_ERROR_CODES)[number];

// ---- Read model `nhd_orders` (one row per order) ----

export const TIMELINE_STEPS = [
  'placed',
  'payment_failed',
  'paid',
  'processing',
  'report_failed',
  'report_retried',
  'report_ready',
  'delivered',
  'acknowledged',
  'closed',
  'cancelled',
  'refunded',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

export const NhdOrderView = z.object({
  order_id: z.string(),
  /** Short number shown and searched instead of the id (NHD-100001); null for orders placed before numbers. */
  number: z.string().nullable().default(null),
  account_id: z.string(),
  /** The brokerage of the Agent or Broker who placed the order, as it was then; null for other orderers. */
  brokerage_name: z.string().nullable().default(null),
  status: OrderStatus,
  failure: z.enum(ORDER_FAILURES).nullable(),
  /** What went wrong and what to do next (declined card, report failed ...); null when nothing to say. */
  message: z.string().nullable(),
  property: OrderProperty,
  report_type: ReportType.pick({ code: true, name: true }),
  amount_cents: z.number().int().nonnegative(),
  /** The checkout that paid it (or the last one tried). */
  checkout_id: z.string().nullable(),
  promo: PromoApplied.nullable(),
  /** `revoked_at`: when the recipient's link was withdrawn (null: it works until it expires). */
  recipients: z.array(OrderRecipient.extend({ sent_at: z.string().nullable(), acknowledged_at: z.string().nullable(), revoked_at: z.string().nullable().default(null) })),
  escrow_users: z.array(EscrowUserInput),
  /** The lifecycle so far, oldest first: each step with who (account id, `system`, `recipient:<id>`) and when. */
  timeline: z.array(z.object({ step: z.enum(TIMELINE_STEPS), at: z.string(), by: z.string() })),
  placed_at: z.string(),
  updated_at: z.string(),
  version: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
});
export type NhdOrderView = z.infer<typeof NhdOrderView>;

/** socket.io message after an order changed: to `nhd-order:<id>` (owner and Super Admins may join), `account:<owner>` and the Super Admin role. */
export const NHD_ORDER_UPDATED_MESSAGE = 'nhd-order.updated';
export const NHD_ORDER_ROOM = 'nhd-order';

const day = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` }).optional();
const ordersQuery = (filters: z.ZodRawShape = {}) =>
  listQuery({
    sortFields: NHD_ORDER_SORT_FIELDS,
    defaultSort: 'placed_at',
    filters: {
      /** Words of the address, the APN, a recipient's email, the order's number (NHD-100001) or its id. */
      q: z.string().trim().min(1).max(100, 'The search is at most 100 characters').optional(),
      status: OrderStatus.optional(),
      report_type: z.coerce.number({ error: 'report_type must be a whole number' }).int('report_type must be a whole number').min(0).max(99).optional(),
      county: z.string().trim().min(1).max(60).optional(),
      /** Placed on or after this UTC day. */
      from: day('from'),
      /** Placed on or before this UTC day (the whole day). */
      to: day('to'),
      ...filters,
    },
  }).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });

/** `GET /api/v1/nhd/orders/mine` (signed in): the caller's orders; answers `{ items: NhdOrderView[], total, page, page_size }`. */
export const MyOrdersQuery = ordersQuery();
export type MyOrdersQuery = z.infer<typeof MyOrdersQuery>;
/** `GET /api/v1/admin/nhd/orders` (Super Admin): every order; `account_id` narrows to one customer. */
export const AdminOrdersQuery = ordersQuery({ account_id: z.string().trim().min(1).max(100).optional() });
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

/** `GET /api/v1/nhd/orders/:id/history` (owner or Super Admin): the audit trail, read from the order's event stream. */
export const OrderHistoryEntry = z.object({
  event_type: z.enum(NHD_ORDER_EVENT_TYPES),
  /** One plain sentence: "Paid $49.00 by Visa ending 4242", "Report emailed to buyer@example.com". */
  summary: z.string(),
  by: z.string(),
  at: z.string(),
  version: z.number().int().nonnegative(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntry>;
export const OrderHistory = z.object({ items: z.array(OrderHistoryEntry) });
export type OrderHistory = z.infer<typeof OrderHistory>;

// ---- A recipient's one-time link (no account): `/nhd-receipt/<token>` in the web ----

/** Days a recipient's link stays valid after the report was emailed, by default (the server's `RECEIPT_LINK_DAYS` setting). */
export const RECEIPT_LINK_DAYS = 30;
export const ReceiptTokenParams = z.object({ token: z.string().trim().min(20, 'This link is not complete').max(300, 'This link is not one we sent') });

/** `GET /api/v1/nhd/receipts/:token` (public): what the link is for. Downloads: `GET /api/v1/nhd/receipts/:token/report` until confirmed. */
export const ReceiptView = z.object({
  order_id: z.string(),
  recipient: OrderRecipient.pick({ recipient_id: true, email: true, name: true, role: true }),
  property: OrderProperty,
  report_type: ReportType.pick({ code: true, name: true }),
  sent_at: z.string(),
  expires_at: z.string(),
  acknowledged_at: z.string().nullable(),
});
export type ReceiptView = z.infer<typeof ReceiptView>;
// `POST /api/v1/nhd/receipts/:token/acknowledge` (public, no body): confirms receipt once; answers the ReceiptView.

// ---- What another module keeps of an account's orders (identity's account administration: a summary per order) ----

/** The events an order's summary is kept from: every step of the order's life. */
export const NHD_ORDER_SUMMARY_EVENTS = NHD_ORDER_EVENT_TYPES;

/** An order as another module lists it beside its account: number, property, report, amount, status, when. */
export interface NhdOrderSummary {
  order_id: string;
  account_id: string;
  number: string | null;
  address_line: string;
  report_type: string;
  amount_cents: number;
  status: OrderStatus;
  placed_at: string;
  updated_at: string;
}

/** The status each step leaves the order in (a step not listed keeps the status it found). */
const SUMMARY_STATUS: Partial<Record<NhdOrderEventType, OrderStatus>> = {
  NhdOrderPaid: 'paid',
  NhdOrderPaymentFailed: 'failed',
  NhdReportGenerationStarted: 'processing',
  NhdReportReady: 'report_ready',
  NhdReportFailed: 'failed',
  NhdReportRetried: 'processing',
  NhdOrderDelivered: 'delivered',
  NhdOrderAcknowledged: 'acknowledged',
  NhdOrderClosed: 'closed',
  NhdOrderCancelled: 'cancelled',
  NhdOrderRefunded: 'refunded',
};

/** The published fold of an order's summary: made by `NhdOrderPlaced`, its status moved on by each later step. */
export const nextNhdOrderSummary = (summary: NhdOrderSummary | null, event: { type: string; data: unknown }): NhdOrderSummary | null => {
  if (event.type === 'NhdOrderPlaced') {
    const placed = NhdOrderPlaced.safeParse(event.data);
    if (!placed.success) return summary;
    const d = placed.data;
    return {
      order_id: d.order_id,
      account_id: d.account_id,
      number: d.number ?? null,
      address_line: `${d.property.address_line}, ${d.property.city}`,
      report_type: d.report_type.name,
      amount_cents: d.amount_cents,
      status: 'placed',
      placed_at: d.at,
      updated_at: d.at,
    };
  }
  if (!summary) return summary;
  const status = SUMMARY_STATUS[event.type as NhdOrderEventType];
  const at = z.object({ at: z.string() }).safeParse(event.data);
  return { ...summary, ...(status ? { status } : {}), ...(at.success ? { updated_at: at.data.at } : {}) };
};
