import { z } from 'zod';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { defineEmailTemplate, defineSmsTemplate, templateMessage, type TemplateMessage } from '../../../../platform/templates/template.ts';

const variables = z.object({
  code: z.string().regex(new RegExp(`^\\d{${OTP_RULES.digits}}$`), `${OTP_RULES.digits} digits`),
  minutes: z.number().int().positive(),
  what: z.enum(['email address', 'phone number']),
});
const sample = { code: '123456', minutes: OTP_RULES.validSeconds / 60, what: 'email address' as const };
const text = 'Your ACPG code to confirm your new {{ what }} is {{ code }}. It expires in {{ minutes }} minutes. If you did not ask for this, ignore this message.';

/** Sent to the NEW email of a profile change. */
export const contactChangeCodeEmail = defineEmailTemplate({
  key: 'identity.contact-change-code',
  description: 'The one-time code that confirms a new email address on the profile, sent to that address.',
  subject: 'Confirm your new email address',
  html: `<p>Your ACPG code to confirm your new {{ what }} is <strong>{{ code }}</strong>.</p>
<p>It expires in {{ minutes }} minutes.</p>
<p>If you did not ask for this, ignore this email.</p>`,
  text,
  variables,
  sample,
});

/** Sent to the NEW phone of a profile change. */
export const contactChangeCodeSms = defineSmsTemplate({
  key: 'identity.contact-change-code-sms',
  description: 'The one-time code that confirms a new phone number on the profile, sent to that number.',
  text,
  variables,
  sample: { ...sample, what: 'phone number' as const },
});

/** A secret: it lives in the job only, whose data is erased once sent. */
export const contactChangeCodeMessage = (channel: OtpChannel, to: string, code: string): TemplateMessage =>
  channel === 'email'
    ? templateMessage(contactChangeCodeEmail, to, { code, minutes: OTP_RULES.validSeconds / 60, what: 'email address' })
    : templateMessage(contactChangeCodeSms, to, { code, minutes: OTP_RULES.validSeconds / 60, what: 'phone number' });
