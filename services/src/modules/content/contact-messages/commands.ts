import type { ContactMessageBody, ContactMessageSent } from '@acpg/contracts/contact-messages';
import type { Captcha } from '../../../platform/captcha/port.ts';
import { handleCommand, isAlreadyExists, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { CAPTCHA_USED, contactMessageDecider, contactMessageStream } from './decider.ts';
import { contactRecipient } from './recipient.ts';

const captchaFailed = (message: string) => new DomainError('invalid', 'CAPTCHA_FAILED', message, [{ path: 'captcha', message }]);

/**
 * A visitor's message: the human check first (a solved check sends one message), then `ContactMessageReceived` on the
 * check's own stream; the reaction emails the team and the visitor. 502 CONTACT_NOT_SET when no contact email is published.
 */
export const sendContactMessage = async (platform: Platform, captcha: Captcha, body: ContactMessageBody, meta: CommandMeta): Promise<ContactMessageSent> => {
  const check = await captcha.verify(body.captcha);
  if (!check.verified) throw captchaFailed(`${check.reason} Complete a new one.`);
  const to = await contactRecipient(platform);
  if (!to) throw new DomainError('unavailable', 'CONTACT_NOT_SET', 'The contact form is not available yet. Call or email us instead.');
  const phone = body.phone ? body.phone : null;
  const { events } = await handleCommand(
    platform.eventStore,
    contactMessageStream(check.id),
    contactMessageDecider,
    { type: 'ReceiveContactMessage', data: { name: body.name, email: body.email, phone, topic: body.topic, message: body.message, to }, metadata: meta },
    { newStream: true },
  ).catch((error: unknown) => {
    if (isAlreadyExists(error)) throw captchaFailed(CAPTCHA_USED);
    throw error;
  });
  const received = events[0];
  if (!received) throw new Error('ReceiveContactMessage recorded no event');
  return { message_id: received.data.message_id };
};
