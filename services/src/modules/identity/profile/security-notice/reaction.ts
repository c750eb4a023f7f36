import { z } from 'zod';
import { maskEmail } from '@acpg/contracts/masking';
import type { Reaction } from '../../../../platform/reactions/port.ts';
import { templateMessage } from '../../../../platform/templates/template.ts';
import { loadAccount } from '../../accounts.ts';
import { formatSignInTime } from '../../sign-in-notice/reaction.ts';
import { accountSecurityNoticeEmail } from './template.ts';
import { notificationJob } from '../../../../platform/jobs/notifications.ts';

const SessionsEnded = z.object({ account_id: z.string().min(1), reason: z.enum(['password-reset', 'password-change']) });
const EmailChanged = z.object({ account_id: z.string().min(1), email: z.string().min(1), previous_email: z.string().min(1) });

const PASSWORD_SENTENCES = {
  'password-reset': 'Your password was reset, and every device was signed out.',
  'password-change': 'Your password was changed, and your other devices were signed out.',
} as const;

/** A new password or a new email: the account holder hears of it (an email change at the old address too). */
export const accountSecurityNoticeReaction: Reaction = {
  name: 'identity.account-security-notice',
  handles: ['AccountSessionsEnded', 'AccountEmailChanged'],
  async jobs(event, platform) {
    const account = await loadAccount(platform.eventStore, String((event.data as { account_id?: unknown }).account_id ?? ''));
    if (!account) return [];
    const changed_at = formatSignInTime(event.occurredAt);
    if (event.type === 'AccountSessionsEnded') {
      const parsed = SessionsEnded.safeParse(event.data);
      if (!parsed.success) return [];
      const variables = { full_name: account.fullName, change: PASSWORD_SENTENCES[parsed.data.reason], changed_at };
      return [notificationJob.job(templateMessage(accountSecurityNoticeEmail, account.email, variables))];
    }
    const parsed = EmailChanged.safeParse(event.data);
    if (!parsed.success) return [];
    const change = `The email of your account was changed from this address to ${maskEmail(parsed.data.email)}.`;
    return [notificationJob.job(templateMessage(accountSecurityNoticeEmail, parsed.data.previous_email, { full_name: account.fullName, change, changed_at }))];
  },
};
