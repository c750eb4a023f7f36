import type { NotificationJob } from '@acpg/contracts/notifications';
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
    return rendered;
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
  const rendered = await render(platform, message);
  try {
    if (rendered.channel === 'email') {
      await platform.mailer.send({ to: message.to, subject: rendered.subject, text: rendered.text, html: rendered.html, ...(message.channel === 'email' && message.reply_to ? { replyTo: message.reply_to } : {}) });
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
