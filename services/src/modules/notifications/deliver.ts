import { createHash } from 'node:crypto';
import { NOTIFICATION_DELIVERY_FAILED, type NotificationDeliveryFailed, type NotificationJob } from '@acpg/contracts/notifications';
import { eventEnvelope } from '../../platform/commands/envelope.ts';
import { systemMeta } from '../../platform/commands/metadata.ts';
import type { JobRecord } from '../../platform/jobs/port.ts';
import { PermanentJobError } from '../../platform/jobs/errors.ts';
import type { Platform } from '../../platform/module.ts';
import { TemplateError } from '../../platform/templates/registry.ts';
import type { RenderedMessage } from '../../platform/templates/template.ts';

/**
 * A refusal no retry can change: an SMS provider's HTTP 4xx (a bad number; 408 and 429 are worth a retry),
 * or an SMTP server's 5xx reply (a rejected address; 4xx SMTP replies are transient).
 */
const isRefusedForGood = (error: unknown): boolean => {
  if (typeof error !== 'object' || error === null) return false;
  const { status, responseCode } = error as { status?: unknown; responseCode?: unknown };
  if (typeof status === 'number') return status >= 400 && status < 500 && status !== 408 && status !== 429;
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  return false;
};

/** The message from its template; a template that cannot render these variables is a bug no retry fixes. */
const render = async (platform: Platform, job: NotificationJob): Promise<RenderedMessage> => {
  try {
    const rendered = await platform.templates.render(job.template, job.variables);
    if (rendered.channel !== job.channel) throw new TemplateError(`Template ${job.template} is an ${rendered.channel} template, not an ${job.channel} one.`);
    if (!job.test) return rendered;
    // A test an admin sent themself from the email-templates screen says so before anything else.
    return rendered.channel === 'email' ? { ...rendered, subject: `[Test] ${rendered.subject}` } : { ...rendered, text: `[Test] ${rendered.text}` };
  } catch (error) {
    if (error instanceof TemplateError) throw new PermanentJobError(error.message, { cause: error });
    throw error; // the overrides store is away: worth a retry
  }
};

/**
 * Delivers one notification job: renders its template (platform.templates, with an admin's edit if any), then sends
 * it through the platform's mailer or SMS sender. Invalid job data (dead-lettered by `notificationJob`'s worker) or a
 * template that cannot render is a bug in the enqueuer, not a passing fault: it goes to the dead letters at once.
 * Message text and variables are never logged: they may carry a one-time code.
 */
export const deliverNotification = async (platform: Platform, message: NotificationJob, job: JobRecord<NotificationJob>): Promise<void> => {
  try {
    await send(platform, message, job);
  } catch (error) {
    await recordFailure(platform, message, job, error instanceof PermanentJobError);
    throw error;
  }
};

/** The delivery's stream id: derived from the job's id (any text), so each job's failures share one stream. */
export const deliveryIdOf = (job: Pick<JobRecord, 'queue' | 'id'>): string => createHash('sha256').update(`${job.queue}\n${job.id}`).digest('hex').slice(0, 32);

/**
 * `NotificationDeliveryFailed` on `notifications-delivery-<id>` (the dashboard counts failing code deliveries). Never
 * the recipient nor the text. A store that cannot take it is logged: the job's own error is what matters to its retry.
 */
const recordFailure = async (platform: Platform, message: NotificationJob, job: JobRecord<NotificationJob>, final: boolean): Promise<void> => {
  try {
    const meta = systemMeta(platform, { actor: 'notifications' });
    const deliveryId = deliveryIdOf(job);
    const data: NotificationDeliveryFailed = { delivery_id: deliveryId, queue: job.queue, channel: message.channel, template: message.template, attempt: job.attemptsMade + 1, final, at: meta.now.toISOString() };
    await platform.eventStore.append(`notifications-delivery-${deliveryId}`, 'any', [eventEnvelope(meta.newId(), NOTIFICATION_DELIVERY_FAILED, data, meta)]);
  } catch (error) {
    platform.log.warn({ queue: job.queue, jobId: job.id, err: error }, 'could not record a failed delivery');
  }
};

const send = async (platform: Platform, message: NotificationJob, job: JobRecord<NotificationJob>): Promise<void> => {
  const rendered = await render(platform, message);
  try {
    if (rendered.channel === 'email') {
      await platform.mailer.send({
        to: message.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        // One id per job: an attempt repeated after a crash sends the same message, not a second one.
        messageId: `<${deliveryIdOf(job)}@notifications.acpg>`,
        ...(message.channel === 'email' && message.reply_to ? { replyTo: message.reply_to } : {}),
      });
    } else {
      await platform.sms.send({ to: message.to, text: rendered.text });
    }
  } catch (error) {
    if (isRefusedForGood(error)) {
      throw new PermanentJobError(`${message.channel} refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    throw error;
  }
  platform.log.info({ queue: job.queue, jobId: job.id, channel: message.channel, template: message.template }, 'notification sent');
};
