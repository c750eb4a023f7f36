import { z } from 'zod';
import { defineEmailTemplate, templateMessage, type TemplateMessage } from '../../../platform/templates/template.ts';
import { formatSignInTime } from '../sign-in-notice/reaction.ts';

const variables = z.object({
  full_name: z.string().min(1),
  /** A sentence: "Someone tried to sign up with this email address." */
  attempt: z.string().min(1),
  /** US English, in the account holder's time zone, with the zone's name said (PST, EDT ...). */
  at: z.string().min(1),
});

/** Tells the account holder that someone used their details: a sign-up with them, or many wrong passwords. */
export const accountAttemptNoticeEmail = defineEmailTemplate({
  key: 'identity.account-attempt-notice',
  description:
    'Sent to the account holder when someone tries to sign up with its email or phone, or when password sign-in is paused after many wrong passwords (once per pause).',
  variables,
  sample: { full_name: 'Jane Doe', attempt: 'Someone tried to sign up for a new ACPG account with this email address.', at: 'Monday, November 23, 2026 at 8:35 AM PST' },
  subject: 'Someone tried to use your ACPG account details',
  html: `<p>Hello {{ full_name }},</p>
<p>{{ attempt }}</p>
<p>When: {{ at }}</p>
<p>You already have an account: sign in with your email and password, or use "Forgot password?" on the sign-in page.</p>
<p>If this was not you, your account is safe and nothing changed. If it keeps happening, tell us through the Contact Us page.</p>`,
  text: `Hello {{ full_name }},

{{ attempt }}

When: {{ at }}

You already have an account: sign in with your email and password, or use "Forgot password?" on the sign-in page.

If this was not you, your account is safe and nothing changed. If it keeps happening, tell us through the Contact Us page.`,
});

/** `timeZone`: the account holder's (`timeZoneOfAccount`), so "When" is on their clock. */
export const accountAttemptNotice = (to: string, fullName: string, attempt: string, now: Date, timeZone: string): TemplateMessage =>
  templateMessage(accountAttemptNoticeEmail, to, { full_name: fullName, attempt, at: formatSignInTime(now.toISOString(), timeZone) });
