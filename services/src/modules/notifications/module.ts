import type { FastifyPluginAsync } from 'fastify';
import { NOTIFICATION_DELIVERY_FAILED } from '@acpg/contracts/notifications';
import { codeNotificationJob, notificationJob } from '../../platform/jobs/notifications.ts';
import type { Module, Platform } from '../../platform/module.ts';
import { deliverNotification } from './deliver.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { MESSAGE_TEMPLATE_EVENTS } from './templates/decider.ts';
import { templateOverridesProjection, templateVersionsProjection } from './templates/projection.ts';

/** The registry's port over this module's read model of admins' edits: the composition root wires it (runtime.ts). */
export { storedTemplateOverrides } from './templates/projection.ts';
import { emailTemplateRoutes } from './templates/routes.ts';

export interface NotificationsModuleOptions {
  /** Messages sent at once by this process. Default 4. */
  concurrency?: number;
  /** Messages with a one-time code sent at once by this process, besides the others. Default 2. */
  codeConcurrency?: number;
}

/**
 * Email and SMS delivery: other modules enqueue a NotificationJob on NOTIFICATIONS_QUEUE (job id derived from
 * their event id); this module's worker sends it. On the embedded profile with DEV_OUTBOX, it also serves the
 * dev outbox for reading, and keeps Super Admins' edits of the message templates (`templates/`). One-time codes come on NOTIFICATION_CODES_QUEUE, worked by workers of their own (the
 * second worker), so a backlog of receipts, reminders or bulk emails never delays a code.
 */
export const createNotificationsModule = (options: NotificationsModuleOptions = {}): Module => ({
  name: 'notifications',
  // Admins' edits of the message templates (`templates/`): the registry reads the overrides read model at each render.
  // A failed attempt is recorded (deliver.ts), for the admin dashboard's failing deliveries.
  eventTypes: [...MESSAGE_TEMPLATE_EVENTS, NOTIFICATION_DELIVERY_FAILED],
  projections: [templateOverridesProjection, templateVersionsProjection],
  workers: [
    notificationJob.worker(deliverNotification, { concurrency: options.concurrency ?? 4 }),
    codeNotificationJob.worker(deliverNotification, { concurrency: options.codeConcurrency ?? 2 }),
  ],
  routes:
    (platform: Platform): FastifyPluginAsync =>
    async (fastify) => {
      await fastify.register(emailTemplateRoutes(platform));
      // Served only where the configuration allows it (embedded profile, DEV_OUTBOX=true).
      if (platform.devOutbox) await fastify.register(outboxRoutes(platform.devOutbox));
    },
});

export const notificationsModule: Module = createNotificationsModule();
