import { z } from 'zod';
import { withoutHiddenCharacters } from './http.ts';

/**
 * The public contact form (`POST /cms/contact-messages`): a visitor writes to the team. The message is emailed to the
 * contact document's email (reply-to the sender) and the sender gets a confirmation. A solved ALTCHA human check
 * (`GET /cms/contact-messages/challenge`) is used up by one message.
 */
export const CONTACT_TOPICS = ['membership', 'equity-protect', 'nhd-report', 'reimbursement', 'account', 'other'] as const;
export const ContactTopic = z.enum(CONTACT_TOPICS, 'Choose a topic');
export type ContactTopic = z.infer<typeof ContactTopic>;
/** How each topic reads in the form and in the team's email. */
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  membership: 'Membership plans',
  'equity-protect': 'Equity Protect',
  'nhd-report': 'NHD report',
  reimbursement: 'Property reimbursement',
  account: 'My account',
  other: 'Something else',
};

export const CONTACT_MESSAGE_MAX = 5000;

export const ContactMessageBody = z
  .object({
    name: withoutHiddenCharacters(z.string().trim().min(1, 'Enter your name').max(120, 'Use at most 120 characters')),
    email: z.string().trim().pipe(z.email('Enter an email address such as name@example.com')),
    /** Optional; any common way of writing a phone number, 7 to 15 digits. */
    phone: z
      .string()
      .trim()
      .max(30, 'Use at most 30 characters')
      .refine((v) => v === '' || (/^[+\d\s().-]+$/.test(v) && /^(?:\D*\d){7,15}\D*$/.test(v)), 'Enter a phone number such as (415) 555-0123, or leave it empty')
      .optional(),
    topic: ContactTopic,
    /** Several lines; other control or direction characters are refused. */
    message: z
      .string()
      .trim()
      .min(10, 'Write at least 10 characters')
      .max(CONTACT_MESSAGE_MAX, `Keep the message under ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`)
      .refine((v) => !/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(v.replace(/[\n\r\t]/g, '')), 'Remove the control or direction characters'),
    /** The solved ALTCHA payload (base64 JSON), as in sign-up; one message per solved challenge. */
    captcha: z.string().min(1, 'Complete the human check').max(20_000),
  })
  .strict();
export type ContactMessageBody = z.infer<typeof ContactMessageBody>;

export const ContactMessageSent = z.object({ message_id: z.string() });
export type ContactMessageSent = z.infer<typeof ContactMessageSent>;

/** The event (stream `content-contactmessage-<human check id>`). */
export const ContactMessageReceivedData = z.object({
  message_id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  topic: ContactTopic,
  message: z.string(),
  /** Where it was sent: the contact document's email when it arrived. */
  to: z.string(),
  received_at: z.iso.datetime(),
});
export type ContactMessageReceivedData = z.infer<typeof ContactMessageReceivedData>;
