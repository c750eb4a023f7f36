import { z } from 'zod';
import { NotificationJob } from '@acpg/contracts/notifications';
import type { JobProcessor } from '../../platform/jobs/port.ts';
import { PermanentJobError } from '../../platform/jobs/errors.ts';
import type { Platform } from '../../platform/module.ts';

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

/**
 * Delivers one notification job through the platform's mailer or SMS sender. Invalid job data is a bug in the
 * enqueuer, not a passing fault: it goes to the dead letters at once (PermanentJobError), logged loudly.
 * Message text is never logged: it may carry a one-time code.
 */
export const deliverNotification =
  (platform: Platform): JobProcessor =>
  async (job) => {
    const parsed = NotificationJob.safeParse(job.data);
    if (!parsed.success) {
      const problem = z.prettifyError(parsed.error);
      platform.log.error({ queue: job.queue, jobId: job.id, name: job.name, problem }, 'notification job is invalid: dead-lettered');
      throw new PermanentJobError(`invalid notification job: ${problem}`);
    }
    const message = parsed.data;
    try {
      if (message.channel === 'email') {
        await platform.mailer.send({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        });
      } else {
        await platform.sms.send({ to: message.to, text: message.text });
      }
    } catch (error) {
      if (isRefusedForGood(error)) {
        throw new PermanentJobError(`${message.channel} refused: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      throw error;
    }
    platform.log.info({ queue: job.queue, jobId: job.id, channel: message.channel }, 'notification sent');
  };
