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
