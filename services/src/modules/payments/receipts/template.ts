import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

/**
 * "Your ACPG receipt": sent once per succeeded charge. The mailer port sends no attachments, so the email links to
 * the payment's page, where the signed-in payer downloads the PDF.
 */
export const receiptEmail = defineEmailTemplate({
  key: 'payments.receipt',
  description: 'The receipt of a payment (a membership or its renewal), with a link to download it as a PDF.',
  variables: z.object({
    full_name: z.string().min(1),
    receipt_number: z.string().min(1),
    /** "Monthly membership". */
    plan: z.string().min(1),
    /** "$29.00". */
    total: z.string().min(1),
    /** "November 23, 2026". */
    paid_on: z.string().min(1),
    /** "Visa ending in 4242". */
    card: z.string().min(1),
    /** The payment's page, where the receipt is downloaded (sign-in required). */
    receipt_url: z.url(),
    renewal: z.boolean(),
  }),
  sample: {
    full_name: 'Jane Doe',
    receipt_number: 'R-20261123-0F3A9B2C41DE',
    plan: 'Monthly membership',
    total: '$29.00',
    paid_on: 'November 23, 2026',
    card: 'Visa ending in 4242',
    receipt_url: 'https://acpg.example/payment-status?checkout_id=0f3a9b2c-41de-4c55-9a0b-2f1e3d4c5b6a',
    renewal: false,
  },
  subject: 'Your ACPG receipt {{ receipt_number }}',
  html: `<p>Hello {{ full_name }},</p>
<p>Thank you: we received your payment{% if renewal %} renewing your {{ plan }}{% else %} for your {{ plan }}{% endif %}.</p>
<ul>
  <li>Receipt number: {{ receipt_number }}</li>
  <li>Date paid: {{ paid_on }}</li>
  <li>Amount: {{ total }}</li>
  <li>Paid with: {{ card }}</li>
</ul>
<p><a href="{{ receipt_url }}">Download your receipt (PDF)</a>. You will be asked to sign in first.</p>
<p>Your receipts are also listed under Payment history on your Membership page.</p>`,
  text: `Hello {{ full_name }},

Thank you: we received your payment{% if renewal %} renewing your {{ plan }}{% else %} for your {{ plan }}{% endif %}.

Receipt number: {{ receipt_number }}
Date paid: {{ paid_on }}
Amount: {{ total }}
Paid with: {{ card }}

Download your receipt (PDF), after signing in: {{ receipt_url }}

Your receipts are also listed under Payment history on your Membership page.`,
});
