import { z } from 'zod';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { defineEmailTemplate, defineSmsTemplate, templateMessage, type TemplateMessage } from '../../../platform/templates/template.ts';

const variables = z.object({
  code: z.string().regex(new RegExp(`^\\d{${OTP_RULES.digits}}$`), `${OTP_RULES.digits} digits`),
  minutes: z.number().int().positive(),
});
const sample = { code: '123456', minutes: OTP_RULES.validSeconds / 60 };
const text = 'Your ACPG sign-in code is {{ code }}. It expires in {{ minutes }} minutes. If you did not try to sign in, change your password.';

export const signInCodeEmail = defineEmailTemplate({
  key: 'identity.sign-in-code',
  description: 'The one-time code that finishes a sign-in, sent by email.',
  subject: 'Your sign-in code',
  html: `<p>Your ACPG sign-in code is <strong>{{ code }}</strong>.</p>
<p>It expires in {{ minutes }} minutes.</p>
<p>If you did not try to sign in, change your password.</p>`,
  text,
  variables,
  sample,
});

export const signInCodeSms = defineSmsTemplate({
  key: 'identity.sign-in-code-sms',
  description: 'The one-time code that finishes a sign-in, sent by text message.',
  text,
  variables,
  sample,
});

/** The code's message for the chosen channel. A secret: it lives in the job only, whose data is erased once sent. */
export const signInCodeMessage = (channel: OtpChannel, to: string, code: string): TemplateMessage =>
  templateMessage(channel === 'email' ? signInCodeEmail : signInCodeSms, to, { code, minutes: OTP_RULES.validSeconds / 60 });
