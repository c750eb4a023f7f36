import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

/** "New sign-in to your account": sent to the account holder each time a session starts. */
export const signInNoticeEmail = defineEmailTemplate({
  key: 'identity.sign-in-notice',
  description: 'Tells the account holder their account was just signed in to, and what to do if it was not them.',
  variables: z.object({
    full_name: z.string().min(1),
    /** US English, in the account holder's time zone, with its name said: "Monday, November 23, 2026 at 8:35 AM PST". */
    signed_in_at: z.string().min(1),
    /** Browser and system, e.g. "Firefox on Windows", when known. */
    device: z.string().min(1).optional(),
  }),
  sample: { full_name: 'Jane Doe', signed_in_at: 'Monday, November 23, 2026 at 8:35 AM PST', device: 'Firefox on Windows' },
  subject: 'New sign-in to your account',
  html: `<p>Hello {{ full_name }},</p>
<p>Your ACPG account was just signed in to.</p>
<ul>
  <li>When: {{ signed_in_at }}</li>
{% if device %}  <li>Device: {{ device }}</li>
{% endif %}</ul>
<p>If this was you, there is nothing to do.</p>
<p><strong>If this was not you</strong>, someone knows your password and the code sent to you: change your password right away,
and tell us through the Contact Us page so we can help secure your account.</p>`,
  text: `Hello {{ full_name }},

Your ACPG account was just signed in to.

When: {{ signed_in_at }}
{% if device %}Device: {{ device }}
{% endif %}
If this was you, there is nothing to do.

If this was not you, someone knows your password and the code sent to you: change your password right away, and tell us through the Contact Us page so we can help secure your account.`,
});
