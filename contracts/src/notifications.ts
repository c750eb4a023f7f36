import { z } from 'zod';

/** Queue the notifications module works; other modules enqueue messages here through the jobs port. */
export const NOTIFICATIONS_QUEUE = 'notifications';

/**
 * Queue of one-time codes (sign-up, sign-in, password reset, contact change), worked apart from NOTIFICATIONS_QUEUE by
 * workers of their own: a backlog of receipts, reminders or bulk emails never delays a code. Same jobs (NotificationJob).
 */
export const NOTIFICATION_CODES_QUEUE = 'notification-codes';

/** A registered message template (`<module>.<name>`) and its variables: the worker renders it, then sends it. */
const fromTemplate = {
  template: z.string().min(1),
  variables: z.record(z.string(), z.unknown()),
  /** A test an admin sends to themself from the email-templates screen: the subject (an SMS: the text) starts with "[Test] ". */
  test: z.boolean().optional(),
};

export const NotificationJob = z.discriminatedUnion('channel', [
  /** `reply_to`: where a reply goes (the contact form's message to the team answers the visitor); the sender otherwise. */
  z.object({ channel: z.literal('email'), to: z.email(), ...fromTemplate, reply_to: z.email().optional() }),
  z.object({ channel: z.literal('sms'), to: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164 phone number'), ...fromTemplate }),
]);
export type NotificationJob = z.infer<typeof NotificationJob>;

export const OutboxMessage = z.object({
  id: z.string(),
  /** `letter`: a postal letter (the postal-mail port's embedded adapter), `to` being the mailing address on one line. */
  channel: z.enum(['email', 'sms', 'letter']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  sent_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/**
 * Queue the identity module works: a notice to an account by its id, by email and/or SMS. Identity knows where to reach
 * the account (its email, its phone, kept encrypted), so other modules never hold a member's phone number: it forwards
 * each channel as a `NotificationJob` (job ids `<this job's id>:email` and `:sms`). An account without a phone gets
 * the email only.
 */
export const ACCOUNT_NOTICES_QUEUE = 'account-notices';
export const AccountNoticeJob = z
  .object({
    account_id: z.string().min(1),
    email: z.object(fromTemplate).optional(),
    sms: z.object(fromTemplate).optional(),
  })
  .refine((job) => job.email !== undefined || job.sms !== undefined, 'A notice has an email, an SMS or both');
export type AccountNoticeJob = z.infer<typeof AccountNoticeJob>;

// ---- Delivery failures (insights' dashboard: code deliveries failing) ----

/** Event the notifications module records when sending a message fails (one per failed attempt). */
export const NOTIFICATION_DELIVERY_FAILED = 'NotificationDeliveryFailed';

/**
 * Data of `NotificationDeliveryFailed` (stream `notifications-delivery-<delivery_id>`, the id derived from the job's):
 * which queue, channel and template, which attempt, and whether it was refused for good (`final`: no retry can change it). Never the
 * recipient nor the text (a one-time code).
 */
export const NotificationDeliveryFailed = z.object({
  delivery_id: z.string(),
  queue: z.string(),
  channel: z.enum(['email', 'sms']),
  template: z.string(),
  attempt: z.number().int().positive(),
  final: z.boolean(),
  at: z.string(),
});
export type NotificationDeliveryFailed = z.infer<typeof NotificationDeliveryFailed>;

/** A delivery as another module counts its failures: a code (`NOTIFICATION_CODES_QUEUE`) or not, failed attempts, the last one's time. */
export interface DeliveryFailures {
  delivery_id: string;
  code: boolean;
  channel: 'email' | 'sms';
  template: string;
  failures: number;
  given_up: boolean;
  last_failed_at: string;
}

export const DELIVERY_FAILURE_EVENTS = [NOTIFICATION_DELIVERY_FAILED] as const;

/** The published fold of a delivery's failures. */
export const nextDeliveryFailures = (copy: DeliveryFailures | null, event: { type: string; data: unknown }): DeliveryFailures | null => {
  if (event.type !== NOTIFICATION_DELIVERY_FAILED) return copy;
  const failed = NotificationDeliveryFailed.safeParse(event.data);
  if (!failed.success) return copy;
  const d = failed.data;
  return {
    delivery_id: d.delivery_id,
    code: d.queue === NOTIFICATION_CODES_QUEUE,
    channel: d.channel,
    template: d.template,
    failures: (copy?.failures ?? 0) + 1,
    given_up: (copy?.given_up ?? false) || d.final,
    last_failed_at: d.at,
  };
};
