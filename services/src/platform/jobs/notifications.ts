import { ACCOUNT_NOTICES_QUEUE, AccountNoticeJob, NOTIFICATION_CODES_QUEUE, NOTIFICATIONS_QUEUE, NotificationJob } from '@acpg/contracts/notifications';
import { defineJob } from './define.ts';

/** An email or SMS from a template (`templateMessage`), sent by the notifications module's worker. */
export const notificationJob = defineJob({ queue: NOTIFICATIONS_QUEUE, name: 'send', data: NotificationJob, what: 'notification job' });

/**
 * A message carrying a one-time code (sign-up, sign-in, password reset, contact change): the same job on a queue of its
 * own with workers of its own, so no backlog of other mail delays it. Codes live 10 minutes: a few quick retries.
 */
export const codeNotificationJob = defineJob({ queue: NOTIFICATION_CODES_QUEUE, name: 'send', data: NotificationJob, what: 'code notification job', attempts: 5, backoffMs: 1000 });

/** A notice to an account by its id: identity's worker looks up where to reach it and forwards each channel. */
export const accountNoticeJob = defineJob({ queue: ACCOUNT_NOTICES_QUEUE, name: 'notify', data: AccountNoticeJob, what: 'account notice' });
