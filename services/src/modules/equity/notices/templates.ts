import { z } from 'zod';
import { defineEmailTemplate, defineSmsTemplate } from '../../../platform/templates/template.ts';

const alertVariables = z.object({
  full_name: z.string().min(1),
  /** "Deed of trust" */
  document_type: z.string().min(1),
  document_number: z.string().min(1),
  /** "November 20, 2026" */
  recorded_on: z.string().min(1),
  county: z.string().min(1),
  apn: z.string().min(1),
  address: z.string().min(1),
  grantor: z.string().min(1),
  grantee: z.string().min(1),
  /** "$450,000.00", when the document states an amount. */
  amount: z.string().optional(),
  list_url: z.string().min(1),
});
const alertSample = {
  full_name: 'Jane Doe',
  document_type: 'Deed of trust',
  document_number: '2026-0412345',
  recorded_on: 'November 20, 2026',
  /** "Santa Clara County" */
  county: 'Santa Clara County',
  apn: '264-12-087',
  address: '1234 Oak Street, San Jose, CA 95112',
  grantor: 'Jane Doe',
  grantee: 'Pacific Coast Bank, N.A.',
  amount: '$450,000.00',
  list_url: 'https://acpg.example/equity-protect-list',
};

/** A document was recorded on a protected property: what, and how to answer. */
export const alertEmail = defineEmailTemplate({
  key: 'equity.alert',
  description: 'Equity Protect: a document was recorded on a protected property; asks the member whether it was them.',
  variables: alertVariables,
  sample: alertSample,
  subject: 'Equity Protect alert: a {{ document_type | downcase }} was recorded on {{ address }}',
  html: `<p>Hello {{ full_name }},</p>
<p>A document was recorded with the {{ county }} recorder on your protected property <strong>{{ address }}</strong> (APN {{ apn }}):</p>
<ul>
  <li>Document: {{ document_type }} {{ document_number }}, recorded {{ recorded_on }}</li>
  <li>From {{ grantor }} to {{ grantee }}</li>
{% if amount %}  <li>Amount: {{ amount }}</li>
{% endif %}</ul>
<p>Was this you? Answer “This was me” or “I don’t recognize this” on <a href="{{ list_url }}">your Equity Protect page</a>.
If you don’t recognize it, we open a fraud case and guide you through the next steps.</p>`,
  text: `Hello {{ full_name }},

A document was recorded with the {{ county }} recorder on your protected property {{ address }} (APN {{ apn }}):

Document: {{ document_type }} {{ document_number }}, recorded {{ recorded_on }}
From {{ grantor }} to {{ grantee }}
{% if amount %}Amount: {{ amount }}
{% endif %}
Was this you? Answer "This was me" or "I don't recognize this" on your Equity Protect page: {{ list_url }}
If you don't recognize it, we open a fraud case and guide you through the next steps.`,
});

export const alertSms = defineSmsTemplate({
  key: 'equity.alert-sms',
  description: 'Equity Protect: the text message of an alert (short).',
  variables: alertVariables,
  sample: alertSample,
  text: 'ACPG Equity Protect: a {{ document_type | downcase }} was recorded on {{ address }} on {{ recorded_on }}. Was it you? Answer at {{ list_url }}',
});

/** The member reported a recording: the case is open, and the checklist. */
export const caseOpenedEmail = defineEmailTemplate({
  key: 'equity.case-opened',
  description: 'Equity Protect: a fraud case was opened after the member did not recognize a recorded document; the next steps.',
  variables: z.object({ full_name: z.string().min(1), document: z.string().min(1), address: z.string().min(1), steps: z.array(z.string().min(1)).min(1), list_url: z.string().min(1) }),
  sample: {
    full_name: 'Jane Doe',
    document: 'Deed of trust 2026-0412345',
    address: '1234 Oak Street, San Jose, CA 95112',
    steps: ['Call the county recorder’s office and ask for a copy of the recorded document', 'Tell your mortgage lender about the document'],
    list_url: 'https://acpg.example/equity-protect-list',
  },
  subject: 'Your fraud case is open: {{ document }}',
  html: `<p>Hello {{ full_name }},</p>
<p>You told us you don’t recognize {{ document }}, recorded on {{ address }}. Our team has opened a fraud case and is looking into it.</p>
<p>What to do now:</p>
<ol>{% for step in steps %}<li>{{ step }}</li>{% endfor %}</ol>
<p>Check off each step as you go on <a href="{{ list_url }}">your Equity Protect page</a>, where the case’s history is kept.</p>`,
  text: `Hello {{ full_name }},

You told us you don't recognize {{ document }}, recorded on {{ address }}. Our team has opened a fraud case and is looking into it.

What to do now:
{% for step in steps %}- {{ step }}
{% endfor %}
Check off each step as you go on your Equity Protect page, where the case's history is kept: {{ list_url }}`,
});

export const caseClosedEmail = defineEmailTemplate({
  key: 'equity.case-closed',
  description: 'Equity Protect: a Super Admin closed the member’s fraud case; how it ended.',
  variables: z.object({
    full_name: z.string().min(1),
    document: z.string().min(1),
    resolution: z.string().min(1),
    /** How it ended, in words ("Fraud confirmed and stopped"); absent for cases closed before outcomes. */
    outcome: z.string().min(1).optional(),
    list_url: z.string().min(1),
  }),
  sample: {
    full_name: 'Jane Doe',
    document: 'Deed of trust 2026-0412345',
    resolution: 'The recorder voided the document after the lender confirmed it was forged.',
    outcome: 'Fraud confirmed and stopped',
    list_url: 'https://acpg.example/equity-protect-list',
  },
  subject: 'Your fraud case is closed: {{ document }}',
  html: `<p>Hello {{ full_name }},</p>
<p>Your fraud case about {{ document }} is closed.{% if outcome %} Outcome: {{ outcome }}.{% endif %}</p>
<p>{{ resolution }}</p>
<p>The case’s full history stays on <a href="{{ list_url }}">your Equity Protect page</a>.</p>`,
  text: `Hello {{ full_name }},

Your fraud case about {{ document }} is closed.{% if outcome %} Outcome: {{ outcome }}.{% endif %}

{{ resolution }}

The case's full history stays on your Equity Protect page: {{ list_url }}`,
});

/** A year of protection ends within 30 days: when, and how to protect the property again. */
export const protectionEndingEmail = defineEmailTemplate({
  key: 'equity.protection-ending',
  description: 'Equity Protect: the member’s year of protection for a property ends within 30 days; how to protect it again.',
  variables: z.object({ full_name: z.string().min(1), address: z.string().min(1), ends_on: z.string().min(1), list_url: z.string().min(1) }),
  sample: { full_name: 'Jane Doe', address: '1234 Oak Street, San Jose, CA 95112', ends_on: 'December 27, 2026', list_url: 'https://acpg.example/equity-protect-list' },
  subject: 'Your Equity Protect for {{ address }} ends on {{ ends_on }}',
  html: `<p>Hello {{ full_name }},</p>
<p>Your year of Equity Protect for <strong>{{ address }}</strong> ends on {{ ends_on }}. After that day, documents recorded on the property no longer raise alerts.</p>
<p>To keep it protected, choose “Protect again” for the property on <a href="{{ list_url }}">your Equity Protect page</a> once the year has ended. Your alerts and cases stay there either way.</p>`,
  text: `Hello {{ full_name }},

Your year of Equity Protect for {{ address }} ends on {{ ends_on }}. After that day, documents recorded on the property no longer raise alerts.

To keep it protected, choose "Protect again" for the property on your Equity Protect page once the year has ended: {{ list_url }}
Your alerts and cases stay there either way.`,
});

/** A protection ended now: the member stopped it, or its payment was refunded (with the amount refunded). */
export const protectionEndedEmail = defineEmailTemplate({
  key: 'equity.protection-ended',
  description: 'Equity Protect: the protection of a property ended now, because the member stopped it or because its payment was refunded.',
  variables: z.object({
    full_name: z.string().min(1),
    address: z.string().min(1),
    ended_on: z.string().min(1),
    /** Ended because its payment was refunded (else the member stopped it). */
    refunded: z.boolean(),
    /** Until when the member may protect it again free (stopped within a paid year); absent otherwise. */
    resumable_until: z.string().min(1).optional(),
    list_url: z.string().min(1),
  }),
  sample: { full_name: 'Jane Doe', address: '1234 Oak Street, San Jose, CA 95112', ended_on: 'November 28, 2026', refunded: true, list_url: 'https://acpg.example/equity-protect-list' },
  subject: 'Equity Protect for {{ address }} has ended',
  html: `<p>Hello {{ full_name }},</p>
<p>Your Equity Protect for <strong>{{ address }}</strong> ended on {{ ended_on }}{% if refunded %} because its payment was refunded{% endif %}. From now on, documents recorded on the property no longer raise alerts.</p>
{% if resumable_until %}<p>You can protect it again free until {{ resumable_until }}: choose “Protect again” on <a href="{{ list_url }}">your Equity Protect page</a>.</p>
{% else %}<p>To protect it again, choose “Protect again” on <a href="{{ list_url }}">your Equity Protect page</a>.</p>
{% endif %}<p>Your alerts and cases stay there. Didn’t expect this? Contact us right away.</p>`,
  text: `Hello {{ full_name }},

Your Equity Protect for {{ address }} ended on {{ ended_on }}{% if refunded %} because its payment was refunded{% endif %}. From now on, documents recorded on the property no longer raise alerts.

{% if resumable_until %}You can protect it again free until {{ resumable_until }}: choose "Protect again" on your Equity Protect page: {{ list_url }}{% else %}To protect it again, choose "Protect again" on your Equity Protect page: {{ list_url }}{% endif %}

Your alerts and cases stay there. Didn't expect this? Contact us right away.`,
});

/** A Provider Admin enrolled the member's property and left its payment to the member: what, for how much, where to pay. */
export const protectionToPayEmail = defineEmailTemplate({
  key: 'equity.protection-to-pay',
  description: 'Equity Protect: the member’s provider enrolled one of their properties for them; the member pays to start the protection.',
  variables: z.object({ full_name: z.string().min(1), address: z.string().min(1), amount: z.string().min(1), list_url: z.string().min(1) }),
  sample: { full_name: 'Jane Doe', address: '1234 Oak Street, San Jose, CA 95112', amount: '$99.00', list_url: 'https://acpg.example/equity-protect-list' },
  subject: 'Your provider enrolled {{ address }} in Equity Protect: pay to start it',
  html: `<p>Hello {{ full_name }},</p>
<p>Your provider enrolled your property <strong>{{ address }}</strong> in Equity Protect for you. Its protection starts once you pay {{ amount }} for the year.</p>
<p>Pay on <a href="{{ list_url }}">your Equity Protect page</a>: the property is listed there as awaiting payment. Didn’t expect this? Contact us right away.</p>`,
  text: `Hello {{ full_name }},

Your provider enrolled your property {{ address }} in Equity Protect for you. Its protection starts once you pay {{ amount }} for the year.

Pay on your Equity Protect page, where the property is listed as awaiting payment: {{ list_url }}
Didn't expect this? Contact us right away.`,
});
