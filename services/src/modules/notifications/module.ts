import type { FastifyPluginAsync } from 'fastify';
import { NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import { devOutboxOf, type DevOutbox } from '../../platform/mail/dev-outbox.ts';
import type { Module, Platform } from '../../platform/module.ts';
import { deliverNotification } from './deliver.ts';
import { devOutboxEnabled, outboxRoutes } from './outbox/routes.ts';

export interface NotificationsModuleOptions {
  /** The dev outbox to read; by default the one behind the platform's mailer or SMS sender, when they are dev-outbox adapters. */
  outbox?: DevOutbox;
  /** Messages sent at once by this process. Default 4. */
  concurrency?: number;
}

/**
 * Email and SMS delivery: other modules enqueue a NotificationJob on NOTIFICATIONS_QUEUE (job id derived from
 * their event id); this module's worker sends it. On the embedded profile with DEV_OUTBOX, it also serves the
 * dev outbox for reading.
 */
export const createNotificationsModule = (options: NotificationsModuleOptions = {}): Module => ({
  name: 'notifications',
  workers: [{ queue: NOTIFICATIONS_QUEUE, concurrency: options.concurrency ?? 4, processor: deliverNotification }],
  routes:
    (platform: Platform): FastifyPluginAsync =>
    async (fastify) => {
      if (!devOutboxEnabled(platform)) return;
      const outbox = options.outbox ?? devOutboxOf(platform.mailer) ?? devOutboxOf(platform.sms);
      if (!outbox) {
        platform.log.warn('DEV_OUTBOX is on but mail and SMS go to real providers: GET /dev/outbox is not served');
        return;
      }
      await fastify.register(outboxRoutes(outbox));
    },
});

export const notificationsModule: Module = createNotificationsModule();
