import { z } from 'zod';
import { OTP_RULES } from '@acpg/contracts/identity';
import { defineEmailTemplate, templateMessage, type TemplateMessage } from '../../../platform/templates/template.ts';

const variables = z.object({
  code: z.string().regex(new RegExp(`^\\d{${OTP_RULES.digits}}$`), `${OTP_RULES.digits} digits`),
  code_minutes: z.number().int().positive(),
  link: z.url(),
  link_minutes: z.number().int().positive(),
});

/** The code and the link of a password reset (both work; the first one used ends the other). */
export const passwordResetEmail = defineEmailTemplate({
  key: 'identity.password-reset',
  description: 'Sent when someone asks to reset the password of an account: a one-time code and a link, each usable once.',
  variables,
  sample: { code: '123456', code_minutes: 10, link: 'https://acpg.example.com/authentication/reset-password?token=sample', link_minutes: 60 },
  subject: 'Reset your ACPG password',
  html: `<p>We received a request to reset the password of your ACPG account.</p>
<p>Enter this code on the reset page: <strong>{{ code }}</strong> (it expires in {{ code_minutes }} minutes),
or open this link (it expires in {{ link_minutes }} minutes):</p>
<p><a href="{{ link }}">Reset my password</a></p>
<p>Either works once. Resetting signs you out everywhere.</p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  text: `We received a request to reset the password of your ACPG account.

Enter this code on the reset page: {{ code }} (it expires in {{ code_minutes }} minutes), or open this link (it expires in {{ link_minutes }} minutes):
{{ link }}

Either works once. Resetting signs you out everywhere.

If you did not ask for this, ignore this email: your password stays as it is.`,
});

export const passwordResetMessage = (to: string, values: z.infer<typeof variables>): TemplateMessage =>
  templateMessage(passwordResetEmail, to, values);

