import { ACCOUNT_NOTICES_QUEUE, AccountNoticeJob, NOTIFICATIONS_QUEUE, NotificationJob } from '@acpg/contracts/notifications';
import { defineJob } from './define.ts';

/** An email or SMS from a template (`templateMessage`), sent by the notifications module's worker. */
export const notificationJob = defineJob({ queue: NOTIFICATIONS_QUEUE, name: 'send', data: NotificationJob, what: 'notification job' });

/** A notice to an account by its id: identity's worker looks up where to reach it and forwards each channel. */
export const accountNoticeJob = defineJob({ queue: ACCOUNT_NOTICES_QUEUE, name: 'notify', data: AccountNoticeJob, what: 'account notice' });
