import { z } from 'zod';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { formatLongDateTime } from '../../../platform/formatting/index.ts';
import { loadAccount, timeZoneOfAccount } from '../accounts.ts';
import { describeDevice } from './device.ts';
import { signInNoticeEmail } from './template.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';

/** What the notice needs of a SessionStarted event (its token digest is none of its business). */
const SessionStarted = z.object({ account_id: z.string().min(1), user_agent: z.string().nullish(), by: z.literal('sign-up').optional() });

/** When something happened to an account, in the account holder's zone: "Monday, November 23, 2026 at 8:35 AM PST". */
export const formatSignInTime = (iso: string, timeZone: string): string => formatLongDateTime(iso, timeZone);

/**
 * A session started: email the account holder a "New sign-in to your account" notice. The example of a reaction to
 * copy: it reads what it needs and returns the job; the notifications worker renders and sends it, with retries.
 */
export const signInNoticeReaction: Reaction = {
  name: 'identity.sign-in-notice',
  handles: ['SessionStarted'],
  async jobs(event, platform) {
    const parsed = SessionStarted.safeParse(event.data);
    if (!parsed.success) {
      platform.log.error({ eventId: event.id, problem: z.prettifyError(parsed.error) }, 'SessionStarted without an account: no sign-in notice');
      return [];
    }
    // The session a new account starts with: the person just made the account, so there is no sign-in to tell them of.
    if (parsed.data.by === 'sign-up') return [];
    const account = await loadAccount(platform.eventStore, parsed.data.account_id);
    if (!account) return [];
    const device = describeDevice(parsed.data.user_agent);
    const variables = { full_name: account.fullName, signed_in_at: formatSignInTime(event.occurredAt, timeZoneOfAccount(account)), ...(device ? { device } : {}) };
    return [notificationJob.job(templateMessage(signInNoticeEmail, account.email, variables))];
  },
};
