import type { FastifyPluginAsync } from 'fastify';
import { NOTIFICATION_DELIVERY_FAILED } from '@acpg/contracts/notifications';
import { codeNotificationJob, notificationJob } from '../../platform/jobs/notifications.ts';
import type { Module, Platform } from '../../platform/module.ts';
import { deliverNotification } from './deliver.ts';
import { outboxRoutes } from './outbox/routes.ts';

export interface NotificationsModuleOptions {
  /** Messages sent at once by this process. Default 4. */
  concurrency?: number;
  /** Messages with a one-time code sent at once by this process, besides the others. Default 2. */
  codeConcurrency?: number;
}

/**
 * Email and SMS delivery: other modules enqueue a NotificationJob on NOTIFICATIONS_QUEUE (job id derived from
 * their event id); this module's worker sends it. On the embedded profile with DEV_OUTBOX, it also serves the
 * dev outbox for reading. One-time codes come on NOTIFICATION_CODES_QUEUE, worked by workers of their own (the
 * second worker), so a backlog of receipts, reminders or bulk emails never delays a code.
 */
export const createNotificationsModule = (options: NotificationsModuleOptions = {}): Module => ({
  name: 'notifications',
  // A failed attempt is recorded (deliver.ts), for the admin dashboard's failing deliveries.
  eventTypes: [NOTIFICATION_DELIVERY_FAILED],
  workers: [
    notificationJob.worker(deliverNotification, { concurrency: options.concurrency ?? 4 }),
    codeNotificationJob.worker(deliverNotification, { concurrency: options.codeConcurrency ?? 2 }),
  ],
  routes:
    (platform: Platform): FastifyPluginAsync =>
    async (fastify) => {
      // Served only where the configuration allows it (embedded profile, DEV_OUTBOX=true).
      if (platform.devOutbox) await fastify.register(outboxRoutes(platform.devOutbox));
    },
});

export const notificationsModule: Module = createNotificationsModule();
