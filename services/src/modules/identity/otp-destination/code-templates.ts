import { z } from 'zod';
import { OTP_RULES, type OtpChannel } from '@acpg/contracts/identity';
import { defineEmailTemplate, defineSmsTemplate, templateMessage, type TemplateMessage } from '../../../platform/templates/template.ts';

const variables = z.object({
  code: z.string().regex(new RegExp(`^\\d{${OTP_RULES.digits}}$`), `${OTP_RULES.digits} digits`),
  minutes: z.number().int().positive(),
});
const sample = { code: '123456', minutes: OTP_RULES.validSeconds / 60 };

export interface CodeTemplateWords {
  /** `identity.<name>`; the SMS template is `<key>-sms`. */
  key: string;
  /** "sign-in", "sign-up": the kind of code the message names. */
  kind: string;
  subject: string;
  /** The last sentence: what to do when the code was not asked for. */
  ifNotYou: string;
  emailDescription: string;
  smsDescription: string;
}

/**
 * The email and SMS templates of a one-time code (variables `code` and `minutes`), and the job message for a channel.
 * A code is a secret: the message lives in the job only, whose data is erased once sent.
 */
export const defineCodeTemplates = (words: CodeTemplateWords) => {
  const text = `Your ACPG ${words.kind} code is {{ code }}. It expires in {{ minutes }} minutes. ${words.ifNotYou}`;
  const email = defineEmailTemplate({
    key: words.key,
    description: words.emailDescription,
    subject: words.subject,
    html: `<p>Your ACPG ${words.kind} code is <strong>{{ code }}</strong>.</p>
<p>It expires in {{ minutes }} minutes.</p>
<p>${words.ifNotYou}</p>`,
    text,
    variables,
    sample,
  });
  const sms = defineSmsTemplate({ key: `${words.key}-sms`, description: words.smsDescription, text, variables, sample });
  const message = (channel: OtpChannel, to: string, code: string): TemplateMessage =>
    templateMessage(channel === 'email' ? email : sms, to, { code, minutes: OTP_RULES.validSeconds / 60 });
  return { email, sms, message };
};
