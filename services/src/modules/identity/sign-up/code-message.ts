import { z } from 'zod';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { defineEmailTemplate, defineSmsTemplate, templateMessage, type TemplateMessage } from '../../../platform/templates/template.ts';

const variables = z.object({
  code: z.string().regex(new RegExp(`^\\d{${OTP_RULES.digits}}$`), `${OTP_RULES.digits} digits`),
  minutes: z.number().int().positive(),
});
const sample = { code: '123456', minutes: OTP_RULES.validSeconds / 60 };
const text = 'Your ACPG sign-up code is {{ code }}. It expires in {{ minutes }} minutes. If you did not sign up for ACPG, ignore this message.';

export const signUpCodeEmail = defineEmailTemplate({
  key: 'identity.sign-up-code',
  description: 'The one-time code that verifies the email of a new sign-up.',
  subject: 'Your sign-up code',
  html: `<p>Your ACPG sign-up code is <strong>{{ code }}</strong>.</p>
<p>It expires in {{ minutes }} minutes.</p>
<p>If you did not sign up for ACPG, ignore this message.</p>`,
  text,
  variables,
  sample,
});

export const signUpCodeSms = defineSmsTemplate({
  key: 'identity.sign-up-code-sms',
  description: 'The one-time code that verifies the phone of a new sign-up, by text message.',
  text,
  variables,
  sample,
});

/** The code's message for the channel. A secret: it lives in the job only, whose data is erased once sent. */
export const signUpCodeMessage = (channel: OtpChannel, to: string, code: string): TemplateMessage =>
  templateMessage(channel === 'email' ? signUpCodeEmail : signUpCodeSms, to, { code, minutes: OTP_RULES.validSeconds / 60 });
