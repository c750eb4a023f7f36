import { AccountNoticeJob, NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import { z } from 'zod';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import type { JobProcessor } from '../../../platform/jobs/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { loadAccount, phoneContext } from '../accounts.ts';
import { identityContext } from '../context.ts';

/**
 * A notice to an account (`ACCOUNT_NOTICES_QUEUE`, from any module): the account's email and phone are looked up here,
 * the phone decrypted, and each channel forwarded to the notifications queue once (ids derive from this job's id).
 */
export const accountNoticesWorker =
  (platform: Platform): JobProcessor =>
  async (job) => {
    const notice = AccountNoticeJob.safeParse(job.data);
    if (!notice.success) throw new PermanentJobError(`invalid account notice: ${z.prettifyError(notice.error)}`);
    const { account_id, email, sms } = notice.data;
    const account = await loadAccount(platform.eventStore, account_id);
    if (!account) throw new PermanentJobError(`no account ${account_id} to notify`);
    const retries = { attempts: 8, backoffMs: 2000 };
    if (email) await platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'send', { channel: 'email', to: account.email, ...email }, { id: `${job.id}:email`, ...retries });
    if (sms && account.phoneEncrypted) {
      const { cipher } = await identityContext(platform);
      const to = cipher.decrypt(account.phoneEncrypted, phoneContext(account_id));
      await platform.jobs.enqueue(NOTIFICATIONS_QUEUE, 'send', { channel: 'sms', to, ...sms }, { id: `${job.id}:sms`, ...retries });
    }
  };
