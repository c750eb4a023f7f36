import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

/** "A Natural Hazard Disclosure report for <address>": one per recipient, with the one-time link to read and confirm it. */
export const reportReadyEmail = defineEmailTemplate({
  key: 'nhd.report-ready',
  description: 'Sent to each recipient of an NHD order once its report is ready: a link to download the report and confirm receipt (no account needed).',
  variables: z.object({
    recipient_name: z.string().min(1),
    /** "1234 Oak Street, San Jose, CA 95112". */
    property_address: z.string().min(1),
    /** "Standard NHD report". */
    report_type: z.string().min(1),
    /** The order's short number ("NHD-100001"); absent for orders placed before numbers. */
    order_number: z.string().min(1).optional(),
    /** Who ordered it (their name). */
    ordered_by: z.string().min(1),
    receipt_url: z.url(),
    /** "December 23, 2026". */
    expires_on: z.string().min(1),
  }),
  sample: {
    recipient_name: 'Bea Buyer',
    property_address: '1234 Oak Street, San Jose, CA 95112',
    report_type: 'Standard NHD report',
    order_number: 'NHD-104233',
    ordered_by: 'Casey Agent',
    receipt_url: 'https://acpg.example/nhd-receipt/0f3a9b2c-41de-4c55-9a0b-2f1e3d4c5b6a.r1.c2FtcGxlLW1hYw',
    expires_on: 'December 23, 2026',
  },
  subject: 'Natural Hazard Disclosure report for {{ property_address }}',
  html: `<p>Hello {{ recipient_name }},</p>
<p>{{ ordered_by }} ordered a Natural Hazard Disclosure report ({{ report_type }}) for {{ property_address }} and named you as a recipient.{% if order_number %} Order number: {{ order_number }}.{% endif %}</p>
<p><a href="{{ receipt_url }}">Open the report and confirm you received it</a>. No account is needed. The link works until {{ expires_on }}.</p>
<p>If you did not expect this email, you can ignore it.</p>`,
  text: `Hello {{ recipient_name }},

{{ ordered_by }} ordered a Natural Hazard Disclosure report ({{ report_type }}) for {{ property_address }} and named you as a recipient.{% if order_number %} Order number: {{ order_number }}.{% endif %}

Open the report and confirm you received it (no account needed; the link works until {{ expires_on }}):
{{ receipt_url }}

If you did not expect this email, you can ignore it.`,
});
