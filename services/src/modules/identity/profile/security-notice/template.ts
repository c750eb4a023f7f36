import { z } from 'zod';
import { defineEmailTemplate } from '../../../../platform/templates/template.ts';

/** Tells the account holder about a change that an intruder would make: a new password, a new email. */
export const accountSecurityNoticeEmail = defineEmailTemplate({
  key: 'identity.account-security-notice',
  description: 'Sent when the password of an account is reset or changed, and to the old address when its email changes.',
  variables: z.object({
    full_name: z.string().min(1),
    /** A sentence: "Your password was reset, and every device was signed out." */
    change: z.string().min(1),
    /** US English, in the account holder's time zone, with its name said (PST, EDT ...). */
    changed_at: z.string().min(1),
  }),
  sample: { full_name: 'Jane Doe', change: 'Your password was reset, and every device was signed out.', changed_at: 'Monday, November 23, 2026 at 8:35 AM PST' },
  subject: 'A security change to your ACPG account',
  html: `<p>Hello {{ full_name }},</p>
<p>{{ change }}</p>
<p>When: {{ changed_at }}</p>
<p>If this was you, there is nothing to do.</p>
<p><strong>If this was not you</strong>, reset your password right away (Forgot password? on the sign-in page) and tell us
through the Contact Us page so we can help secure your account.</p>`,
  text: `Hello {{ full_name }},

{{ change }}

When: {{ changed_at }}

If this was you, there is nothing to do.

If this was not you, reset your password right away (Forgot password? on the sign-in page) and tell us through the Contact Us page so we can help secure your account.`,
});

/** To the old address (an email change) or the account's email (a phone change): what changed, and a link to undo it. */
export const contactChangeNoticeEmail = defineEmailTemplate({
  key: 'identity.contact-change-notice',
  description: 'Sent when the email or phone of an account changes: to the old email (or the account email for a phone), with a single-use link that undoes it.',
  variables: z.object({
    full_name: z.string().min(1),
    /** A sentence: "The email of your account was changed from this address to j***@example.com." */
    change: z.string().min(1),
    changed_at: z.string().min(1),
    undo_link: z.url(),
    undo_days: z.number().int().positive(),
  }),
  sample: {
    full_name: 'Jane Doe',
    change: 'The email of your account was changed from this address to j***@example.com.',
    changed_at: 'Monday, November 23, 2026 at 8:35 AM PST',
    undo_link: 'https://acpg.example.com/account/undo-change?change=sample&token=sample',
    undo_days: 7,
  },
  subject: 'A security change to your ACPG account',
  html: `<p>Hello {{ full_name }},</p>
<p>{{ change }} Your other devices were signed out.</p>
<p>When: {{ changed_at }}</p>
<p>If this was you, there is nothing to do.</p>
<p><strong>If this was not you</strong>, undo it with this link (it works once, for {{ undo_days }} days): it puts the old
contact back, signs out every device, and asks you to reset your password.</p>
<p><a href="{{ undo_link }}">Undo this change</a></p>`,
  text: `Hello {{ full_name }},

{{ change }} Your other devices were signed out.

When: {{ changed_at }}

If this was you, there is nothing to do.

If this was not you, undo it with this link (it works once, for {{ undo_days }} days): it puts the old contact back, signs out every device, and asks you to reset your password.
{{ undo_link }}`,
});
