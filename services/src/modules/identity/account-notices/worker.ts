import type { AccountNoticeJob } from '@acpg/contracts/notifications';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { accountNoticeJob, notificationJob } from '../../../platform/jobs/notifications.ts';
import type { JobRecord } from '../../../platform/jobs/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { loadAccount, phoneContext } from '../accounts.ts';
import { identityContext } from '../context.ts';

const RETRIES = { attempts: 8, backoffMs: 2000 };

/**
 * A notice to an account (`ACCOUNT_NOTICES_QUEUE`, from any module): the account's email and phone are looked up here,
 * the phone decrypted, and each channel forwarded to the notifications queue once (ids derive from this job's id).
 */
const forwardNotice = async (platform: Platform, notice: AccountNoticeJob, job: JobRecord<AccountNoticeJob>): Promise<void> => {
  const { account_id, email, sms } = notice;
  const account = await loadAccount(platform.eventStore, account_id);
  if (!account) throw new PermanentJobError(`no account ${account_id} to notify`);
  if (email) await notificationJob.enqueue(platform, { channel: 'email', to: account.email, ...email }, { id: `${job.id}:email`, ...RETRIES });
  if (sms && account.phoneEncrypted) {
    const { cipher } = await identityContext(platform);
    const to = cipher.decrypt(account.phoneEncrypted, phoneContext(account_id));
    await notificationJob.enqueue(platform, { channel: 'sms', to, ...sms }, { id: `${job.id}:sms`, ...RETRIES });
  }
};

export const accountNoticesWorker = accountNoticeJob.worker(forwardNotice, { concurrency: 4 });
