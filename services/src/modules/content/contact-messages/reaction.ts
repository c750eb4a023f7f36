import { z } from 'zod';
import { CONTACT_TOPIC_LABELS, ContactMessageReceivedData } from '@acpg/contracts/contact-messages';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { contactMessageConfirmationEmail, contactMessageEmail } from './templates.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

/**
 * A visitor's message arrived: email it to the address the contact document named when it arrived (reply-to the
 * visitor), and confirm to the visitor. Two jobs, keyed apart, so a redelivered event sends neither twice.
 */
export const contactMessageReaction: Reaction = {
  name: 'content.contact-message',
  handles: ['ContactMessageReceived'],
  async jobs(event, platform) {
    const parsed = ContactMessageReceivedData.safeParse(event.data);
    if (!parsed.success) {
      platform.log.error({ eventId: event.id, problem: z.prettifyError(parsed.error) }, 'ContactMessageReceived unreadable: no email');
      return [];
    }
    const m = parsed.data;
    const topic = CONTACT_TOPIC_LABELS[m.topic];
    const team = templateMessage(contactMessageEmail, m.to, {
      name: m.name,
      email: m.email,
      ...(m.phone ? { phone: m.phone } : {}),
      topic,
      message: m.message,
      received_at: `${when.format(new Date(m.received_at))} UTC`,
    });
    const sender = templateMessage(contactMessageConfirmationEmail, m.email, { name: m.name, topic, message: m.message });
    return [notificationJob.job({ ...team, reply_to: m.email }, { key: 'team' }), notificationJob.job(sender, { key: 'sender' })];
  },
};
