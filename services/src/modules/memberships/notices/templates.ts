import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

const manage = `<p>Manage your membership any time on the Subscriptions page. Didn’t make this change? Contact us right away.</p>`;
const manageText = `Manage your membership any time on the Subscriptions page. Didn’t make this change? Contact us right away.`;

/** The member cancelled: when it ends, that nothing more is charged, and how to change their mind. */
export const cancellationEmail = defineEmailTemplate({
  key: 'memberships.cancellation-requested',
  description: 'The member cancelled their membership: it runs until the end of the paid period, then ends; nothing more is charged.',
  variables: z.object({ full_name: z.string().min(1), plan_name: z.string().min(1), ends_on: z.string().min(1), cancelled_on: z.string().min(1) }),
  sample: { full_name: 'Jane Doe', plan_name: 'Yearly', ends_on: 'November 28, 2027', cancelled_on: 'November 28, 2026' },
  subject: 'Your {{ plan_name }} membership is cancelled: it ends on {{ ends_on }}',
  html: `<p>Hello {{ full_name }},</p>
<p>On {{ cancelled_on }} you cancelled your {{ plan_name }} membership. It stays in force until <strong>{{ ends_on }}</strong>, then ends. Nothing more will be charged.</p>
<p>Changed your mind? Resume it on the Subscriptions page before {{ ends_on }} and it renews as before.</p>
${manage}`,
  text: `Hello {{ full_name }},

On {{ cancelled_on }} you cancelled your {{ plan_name }} membership. It stays in force until {{ ends_on }}, then ends. Nothing more will be charged.

Changed your mind? Resume it on the Subscriptions page before {{ ends_on }} and it renews as before.

${manageText}`,
});

/** The member withdrew their cancellation: it renews again, on which day, for how much, to which card. */
export const resumedEmail = defineEmailTemplate({
  key: 'memberships.resumed',
  description: 'The member resumed a cancelled membership: it renews again on its renewal date, at the stated price, to the saved card.',
  variables: z.object({
    full_name: z.string().min(1),
    plan_name: z.string().min(1),
    renews_on: z.string().min(1),
    /** "$199.00"; absent when no price is known now. */
    amount: z.string().min(1).optional(),
    card: z.string().min(1),
  }),
  sample: { full_name: 'Jane Doe', plan_name: 'Yearly', renews_on: 'November 28, 2027', amount: '$199.00', card: 'Visa ending in 4242' },
  subject: 'Your {{ plan_name }} membership is resumed',
  html: `<p>Hello {{ full_name }},</p>
<p>Your {{ plan_name }} membership is resumed: it no longer ends. It renews on <strong>{{ renews_on }}</strong>{% if amount %} for {{ amount }}{% endif %}, charged to your {{ card }}.</p>
${manage}`,
  text: `Hello {{ full_name }},

Your {{ plan_name }} membership is resumed: it no longer ends. It renews on {{ renews_on }}{% if amount %} for {{ amount }}{% endif %}, charged to your {{ card }}.

${manageText}`,
});

/** The member switched plans (from the next renewal), or withdrew a switch. */
export const planSwitchEmail = defineEmailTemplate({
  key: 'memberships.plan-switched',
  description: 'The member switched plans from the next renewal (or withdrew a switch): the plan it renews as, on which day and for how much.',
  variables: z.object({
    full_name: z.string().min(1),
    /** The plan it renews as from `renews_on`. */
    plan_name: z.string().min(1),
    /** The plan it is on until then. */
    current_plan_name: z.string().min(1),
    renews_on: z.string().min(1),
    amount: z.string().min(1).optional(),
    /** True when the member withdrew a switch (it renews as its own plan again). */
    withdrawn: z.boolean(),
  }),
  sample: { full_name: 'Jane Doe', plan_name: 'Monthly', current_plan_name: 'Yearly', renews_on: 'November 28, 2027', amount: '$24.95', withdrawn: false },
  subject: '{% if withdrawn %}Your plan switch is withdrawn{% else %}Your membership switches to {{ plan_name }} on {{ renews_on }}{% endif %}',
  html: `<p>Hello {{ full_name }},</p>
{% if withdrawn %}<p>Your plan switch is withdrawn: your membership stays on {{ plan_name }}.</p>
{% else %}<p>Your membership switches from {{ current_plan_name }} to <strong>{{ plan_name }}</strong> at its next renewal. You keep {{ current_plan_name }} until then.</p>
{% endif %}<p>It renews as {{ plan_name }} on <strong>{{ renews_on }}</strong>{% if amount %} for {{ amount }}{% endif %}.</p>
${manage}`,
  text: `Hello {{ full_name }},

{% if withdrawn %}Your plan switch is withdrawn: your membership stays on {{ plan_name }}.{% else %}Your membership switches from {{ current_plan_name }} to {{ plan_name }} at its next renewal. You keep {{ current_plan_name }} until then.{% endif %}

It renews as {{ plan_name }} on {{ renews_on }}{% if amount %} for {{ amount }}{% endif %}.

${manageText}`,
});

/** The card renewals are charged to changed. */
export const cardUpdatedEmail = defineEmailTemplate({
  key: 'memberships.card-updated',
  description: 'The card the membership renews with changed: which card, and the next charge (day and amount).',
  variables: z.object({
    full_name: z.string().min(1),
    plan_name: z.string().min(1),
    card: z.string().min(1),
    /** The card it replaced. */
    previous_card: z.string().min(1),
    updated_on: z.string().min(1),
    renews_on: z.string().min(1),
    amount: z.string().min(1).optional(),
  }),
  sample: { full_name: 'Jane Doe', plan_name: 'Yearly', card: 'Mastercard ending in 4444', previous_card: 'Visa ending in 4242', updated_on: 'November 28, 2026', renews_on: 'November 28, 2027', amount: '$199.00' },
  subject: 'Your membership card was changed to {{ card }}',
  html: `<p>Hello {{ full_name }},</p>
<p>On {{ updated_on }} the card for your {{ plan_name }} membership was changed from your {{ previous_card }} to your <strong>{{ card }}</strong>.</p>
<p>The next renewal, on {{ renews_on }}{% if amount %} for {{ amount }}{% endif %}, is charged to the new card.</p>
${manage}`,
  text: `Hello {{ full_name }},

On {{ updated_on }} the card for your {{ plan_name }} membership was changed from your {{ previous_card }} to your {{ card }}.

The next renewal, on {{ renews_on }}{% if amount %} for {{ amount }}{% endif %}, is charged to the new card.

${manageText}`,
});

export const CHANGE_NOTICE_TEMPLATES = [cancellationEmail, resumedEmail, planSwitchEmail, cardUpdatedEmail];
