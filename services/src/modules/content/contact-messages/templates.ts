import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

const sample = {
  name: 'Jane Doe',
  email: 'jane.doe@example.com',
  phone: '(415) 555-0123',
  topic: 'Membership plans',
  message: 'Hello,\nDoes the membership cover a roof leak found after a storm?\nThank you.',
  received_at: 'Monday, November 23, 2026 at 4:35 PM UTC',
};

/** A visitor's message from the Contact Us form, to the contact email a Super Admin set (reply-to the visitor). */
export const contactMessageEmail = defineEmailTemplate({
  key: 'content.contact-message',
  description: 'A message a visitor sent with the Contact Us form, to the contact email of the site. Replying answers the visitor.',
  variables: z.object({
    name: z.string().min(1),
    email: z.string().min(1),
    phone: z.string().min(1).optional(),
    topic: z.string().min(1),
    message: z.string().min(1),
    received_at: z.string().min(1),
  }),
  sample,
  subject: 'Contact form: {{ topic }} from {{ name }}',
  html: `<p><strong>{{ name }}</strong> wrote through the Contact Us form on {{ received_at }}.</p>
<ul>
  <li>Topic: {{ topic }}</li>
  <li>Email: {{ email }}</li>
{% if phone %}  <li>Phone: {{ phone }}</li>
{% endif %}</ul>
<p style="white-space: pre-line">{{ message }}</p>
<p>Reply to this email to answer {{ name }}.</p>`,
  text: `{{ name }} wrote through the Contact Us form on {{ received_at }}.

Topic: {{ topic }}
Email: {{ email }}
{% if phone %}Phone: {{ phone }}
{% endif %}
{{ message }}

Reply to this email to answer {{ name }}.`,
});

/** The visitor's confirmation: what they sent and when to expect an answer. */
export const contactMessageConfirmationEmail = defineEmailTemplate({
  key: 'content.contact-message-confirmation',
  description: 'Confirms to a visitor that their Contact Us message arrived, with a copy of it.',
  variables: z.object({ name: z.string().min(1), topic: z.string().min(1), message: z.string().min(1) }),
  sample: { name: sample.name, topic: sample.topic, message: sample.message },
  subject: 'We received your message',
  html: `<p>Hello {{ name }},</p>
<p>Thank you for writing to us. We received your message about <strong>{{ topic }}</strong> and will answer by email,
usually within one business day.</p>
<p>Your message:</p>
<blockquote style="white-space: pre-line">{{ message }}</blockquote>
<p>If you did not send this message, you can ignore this email.</p>`,
  text: `Hello {{ name }},

Thank you for writing to us. We received your message about {{ topic }} and will answer by email, usually within one business day.

Your message:
{{ message }}

If you did not send this message, you can ignore this email.`,
});
