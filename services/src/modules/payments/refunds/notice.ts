import { PaymentRefunded } from '@acpg/contracts/payments';
import { refundEnds } from '@acpg/contracts/refundables';
import { z } from 'zod';
import { accountNoticeJob } from '../../../platform/jobs/notifications.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { defineEmailTemplate, templateMessage } from '../../../platform/templates/template.ts';
import { receiptFor } from '../receipts/issue.ts';
import { cardText, formatReceiptDate, formatUsd } from '../receipts/receipt.ts';
import { payerOf } from '../receipts/sources.ts';

/** "Your refund of $199.00 is on its way": the amount, the card, the day, why, and what the refund ended or kept. */
export const refundIssuedEmail = defineEmailTemplate({
  key: 'payments.refund-issued',
  description: 'A payment was refunded in full: the amount, the card, the date, the reason, and whether the refund ended what the payment bought or kept it running.',
  variables: z.object({
    full_name: z.string().min(1),
    /** "$199.00". */
    amount: z.string().min(1),
    /** "Visa ending in 4242". */
    card: z.string().min(1),
    /** What the payment was for: "Yearly membership", "Equity Protect, one year of title monitoring ...". */
    paid_for: z.string().min(1),
    /** "November 23, 2026". */
    paid_on: z.string().min(1),
    refunded_on: z.string().min(1),
    reason: z.string().min(1),
    /** What still ran on the payment ("the Equity Protect protection for 12 Oak St, Fresno, CA 93701"); absent: nothing. */
    service: z.string().min(1).optional(),
    /** Whether the refund ended `service` (else it keeps running). */
    ended: z.boolean(),
  }),
  sample: {
    full_name: 'Jane Doe',
    amount: '$199.00',
    card: 'Visa ending in 4242',
    paid_for: 'Equity Protect, one year of title monitoring',
    paid_on: 'November 23, 2026',
    refunded_on: 'November 28, 2026',
    reason: 'Charged twice by mistake',
    service: 'the Equity Protect protection for 12 Oak St, Fresno, CA 93701',
    ended: true,
  },
  subject: 'Your refund of {{ amount }} has been issued',
  html: `<p>Hello {{ full_name }},</p>
<p>On {{ refunded_on }} we refunded {{ amount }} to your {{ card }}. It was your payment of {{ paid_on }} for {{ paid_for }}. Banks usually show a refund within 5 to 10 business days.</p>
<p>Reason: {{ reason }}</p>
{% if service %}{% if ended %}<p><strong>This refund ends {{ service }}</strong> as of {{ refunded_on }}. Nothing more will be charged for it.</p>
{% else %}<p>This refund does not end {{ service }}: it keeps running as before.</p>
{% endif %}{% endif %}<p>Your payments are listed under Payment history on your Membership page. Questions? Reply to this email or use Contact in your account.</p>`,
  text: `Hello {{ full_name }},

On {{ refunded_on }} we refunded {{ amount }} to your {{ card }}. It was your payment of {{ paid_on }} for {{ paid_for }}. Banks usually show a refund within 5 to 10 business days.

Reason: {{ reason }}
{% if service %}{% if ended %}
This refund ends {{ service }} as of {{ refunded_on }}. Nothing more will be charged for it.
{% else %}
This refund does not end {{ service }}: it keeps running as before.
{% endif %}{% endif %}
Your payments are listed under Payment history on your Membership page. Questions? Reply to this email or use Contact in your account.`,
});

/** The refund's email, from the refunded checkout (its receipt's facts) and the event (what it ended or kept). */
const refundEmail = async (platform: Platform, refunded: PaymentRefunded) => {
  const receipt = await receiptFor(platform, refunded.checkout_id);
  const payer = await payerOf(platform, refunded.account_id);
  if (!receipt || !payer) return null;
  const service = refunded.service_of?.description;
  return templateMessage(refundIssuedEmail, payer.email, {
    full_name: payer.full_name,
    amount: formatUsd(refunded.amount_cents),
    card: cardText(receipt.card_brand, receipt.card_last4),
    paid_for: receipt.plan_label,
    paid_on: formatReceiptDate(receipt.paid_at, receipt.time_zone),
    refunded_on: formatReceiptDate(refunded.refunded_at, receipt.time_zone),
    reason: refunded.reason,
    ...(service ? { service } : {}),
    ended: refundEnds(refunded),
  });
};

/**
 * Every refund emails the member once (job id `<reaction>:<event id>`): a Super Admin's, and an NHD order's after its
 * cancellation. Identity forwards it to the account's email.
 */
export const refundNoticeReaction: Reaction = {
  name: 'payments.refund-notice',
  handles: ['PaymentRefunded'],
  async jobs(event, platform) {
    const refunded = PaymentRefunded.safeParse(event.data);
    if (!refunded.success) return [];
    const email = await refundEmail(platform, refunded.data);
    if (!email) {
      platform.log.error({ eventId: event.id, checkoutId: refunded.data.checkout_id }, 'payments: no receipt or payer for this refund; no email sent');
      return [];
    }
    return [accountNoticeJob.job({ account_id: refunded.data.account_id, email: { template: email.template, variables: email.variables } }, { attempts: 8, backoffMs: 2000 })];
  },
};
