import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

const sign = `<p>Manage your membership any time on the Subscriptions page.</p>`;
const signText = `Manage your membership any time on the Subscriptions page.`;

/** One failed renewal try (not the last): when the next try is, and how to pay now. */
export const renewalFailedEmail = defineEmailTemplate({
  key: 'memberships.renewal-failed',
  description: 'A renewal charge failed; tells the member when it is tried again and that updating the card pays at once.',
  variables: z.object({
    full_name: z.string().min(1),
    plan_name: z.string().min(1),
    amount: z.string().min(1),
    card: z.string().min(1),
    reason: z.string().min(1),
    /** "November 26, 2026"; absent when no further try is scheduled. */
    next_retry_on: z.string().min(1).optional(),
  }),
  sample: { full_name: 'Jane Doe', plan_name: 'Monthly', amount: '$24.95', card: 'Visa ending in 0002', reason: 'Your card was declined.', next_retry_on: 'November 26, 2026' },
  subject: 'Your {{ plan_name }} membership payment did not go through',
  html: `<p>Hello {{ full_name }},</p>
<p>We could not charge {{ amount }} for your {{ plan_name }} membership to your {{ card }}. {{ reason }}</p>
{% if next_retry_on %}<p>We will try again on {{ next_retry_on }}. To pay now, update your card on the Subscriptions page: we charge the new card at once.</p>
{% else %}<p>Update your card on the Subscriptions page: we charge the new card at once.</p>
{% endif %}${sign}`,
  text: `Hello {{ full_name }},

We could not charge {{ amount }} for your {{ plan_name }} membership to your {{ card }}. {{ reason }}

{% if next_retry_on %}We will try again on {{ next_retry_on }}. To pay now, update your card on the Subscriptions page: we charge the new card at once.{% else %}Update your card on the Subscriptions page: we charge the new card at once.{% endif %}

${signText}`,
});

/** The third try failed: past due, and when it is cancelled unless paid. */
export const pastDueEmail = defineEmailTemplate({
  key: 'memberships.past-due',
  description: 'The last renewal try failed: the membership is past due and is cancelled on a given day unless paid.',
  variables: z.object({
    full_name: z.string().min(1),
    plan_name: z.string().min(1),
    amount: z.string().min(1),
    cancels_on: z.string().min(1),
  }),
  sample: { full_name: 'Jane Doe', plan_name: 'Monthly', amount: '$24.95', cancels_on: 'December 7, 2026' },
  subject: 'Your {{ plan_name }} membership is past due',
  html: `<p>Hello {{ full_name }},</p>
<p>We tried three times to charge {{ amount }} for your {{ plan_name }} membership, and each try failed. Your membership is now past due.</p>
<p><strong>It will be cancelled on {{ cancels_on }}</strong> unless it is paid. Update your card on the Subscriptions page: we charge the new card at once.</p>
${sign}`,
  text: `Hello {{ full_name }},

We tried three times to charge {{ amount }} for your {{ plan_name }} membership, and each try failed. Your membership is now past due.

It will be cancelled on {{ cancels_on }} unless it is paid. Update your card on the Subscriptions page: we charge the new card at once.

${signText}`,
});

/** The membership ended: unpaid, or at the end of the period the member cancelled. */
export const membershipEndedEmail = defineEmailTemplate({
  key: 'memberships.cancelled',
  description: 'The membership ended: unpaid after past due, at the end of the period the member cancelled, or at once when its payment was refunded.',
  variables: z.object({
    full_name: z.string().min(1),
    plan_name: z.string().min(1),
    ended_on: z.string().min(1),
    unpaid: z.boolean(),
    /** Ended because a Super Admin refunded its payment and chose to end it. */
    refunded: z.boolean().optional(),
  }),
  sample: { full_name: 'Jane Doe', plan_name: 'Monthly', ended_on: 'December 7, 2026', unpaid: true, refunded: false },
  subject: 'Your {{ plan_name }} membership has ended',
  html: `<p>Hello {{ full_name }},</p>
{% if refunded %}<p>Your {{ plan_name }} membership ended on {{ ended_on }} because its payment was refunded. Nothing more will be charged.</p>
{% elsif unpaid %}<p>Your {{ plan_name }} membership was cancelled on {{ ended_on }} because its renewal stayed unpaid.</p>
{% else %}<p>As you asked, your {{ plan_name }} membership ended on {{ ended_on }}. Nothing more will be charged.</p>
{% endif %}<p>You can buy a new membership any time on the Subscriptions page.</p>`,
  text: `Hello {{ full_name }},

{% if refunded %}Your {{ plan_name }} membership ended on {{ ended_on }} because its payment was refunded. Nothing more will be charged.{% elsif unpaid %}Your {{ plan_name }} membership was cancelled on {{ ended_on }} because its renewal stayed unpaid.{% else %}As you asked, your {{ plan_name }} membership ended on {{ ended_on }}. Nothing more will be charged.{% endif %}

You can buy a new membership any time on the Subscriptions page.`,
});

export const DUNNING_TEMPLATES = [renewalFailedEmail, pastDueEmail, membershipEndedEmail];
