import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

/** "<Provider> invited you to ACPG": the link (to sign up or, signed in, to accept) and the short code. */
export const providerInvitationEmail = defineEmailTemplate({
  key: 'providers.invitation',
  description: 'Invites a person, by email, to use ACPG through a provider with a role; sent again on a resend (the older link and code stop working).',
  variables: z.object({
    provider_name: z.string().min(1),
    role: z.string().min(1),
    invite_url: z.string().min(1),
    /** Where the code is typed (`/sign-up`). */
    code_url: z.string().min(1),
    code: z.string().min(1),
    expires_on: z.string().min(1),
  }),
  sample: { provider_name: 'Lennar', role: 'Agent', invite_url: 'https://acpg.example.com/sign-up?invitation=abc', code_url: 'https://acpg.example.com/sign-up', code: 'ABCDE-FGHJK', expires_on: 'March 15, 2026' },
  subject: '{{ provider_name }} invited you to ACPG',
  html: `<p>Hello,</p>
<p>{{ provider_name }} invited you to use ACPG as {{ role }}.</p>
<p><a href="{{ invite_url }}">Accept the invitation</a></p>
<p>Or open <a href="{{ code_url }}">{{ code_url }}</a> and enter this code: <strong>{{ code }}</strong></p>
<p>The invitation works once, until {{ expires_on }}. If you did not expect it, you can ignore this email.</p>`,
  text: `Hello,

{{ provider_name }} invited you to use ACPG as {{ role }}.

Accept the invitation: {{ invite_url }}

Or open {{ code_url }} and enter this code: {{ code }}

The invitation works once, until {{ expires_on }}. If you did not expect it, you can ignore this email.`,
});
