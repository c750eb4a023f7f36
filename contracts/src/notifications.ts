import { z } from 'zod';

/** Queue the notifications module works; other modules enqueue messages here through the jobs port. */
export const NOTIFICATIONS_QUEUE = 'notifications';

/** A registered message template (`<module>.<name>`) and its variables: the worker renders it, then sends it. */
const fromTemplate = {
  template: z.string().min(1),
  variables: z.record(z.string(), z.unknown()),
};

export const NotificationJob = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), to: z.email(), ...fromTemplate }),
  z.object({ channel: z.literal('sms'), to: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164 phone number'), ...fromTemplate }),
]);
export type NotificationJob = z.infer<typeof NotificationJob>;

export const OutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  sent_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
