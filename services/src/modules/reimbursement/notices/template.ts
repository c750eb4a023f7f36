import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

/** "Your reimbursement claim: <status>": sent to the claimant at every change of their claim's status. */
export const claimUpdatedEmail = defineEmailTemplate({
  key: 'reimbursement.claim-updated',
  description: 'Tells the claimant their reimbursement claim changed status: submitted, under review, more information needed, approved, rejected or paid.',
  variables: z.object({
    full_name: z.string().min(1),
    /** The claim's status in words: "Under review", "More information requested" ... */
    status: z.string().min(1),
    /** What happened and what to do next, one or two sentences. */
    summary: z.string().min(1),
    /** "1234 Oak Street, San Jose". */
    property: z.string().min(1),
    category: z.string().min(1),
    /** The amount claimed, "$450.00". */
    amount: z.string().min(1),
    /** The reviewer's message or reason, when there is one. */
    note: z.string().min(1).optional(),
    /** The claim's number (CLM-100017), as the claim's page shows it; a claim filed before numbers: its id's first 8 characters. */
    reference: z.string().min(1),
  }),
  sample: {
    full_name: 'Jane Doe',
    status: 'More information requested',
    summary: 'We need more information to review your claim. Answer on the Property Reimbursement page.',
    property: '6718 Mission Way, Los Angeles',
    category: 'Inspection',
    amount: '$450.00',
    note: 'Please attach the inspector’s invoice.',
    reference: 'CLM-100017',
  },
  subject: 'Your reimbursement claim {{ reference }}: {{ status }}',
  html: `<p>Hello {{ full_name }},</p>
<p>{{ summary }}</p>
<ul>
  <li>Claim: {{ reference }}</li>
  <li>Property: {{ property }}</li>
  <li>Category: {{ category }}</li>
  <li>Amount claimed: {{ amount }}</li>
  <li>Status: {{ status }}</li>
</ul>
{% if note %}<p>Note from our team: {{ note }}</p>
{% endif %}<p>Follow your claim any time on the Property Reimbursement page.</p>`,
  text: `Hello {{ full_name }},

{{ summary }}

Claim: {{ reference }}
Property: {{ property }}
Category: {{ category }}
Amount claimed: {{ amount }}
Status: {{ status }}
{% if note %}
Note from our team: {{ note }}
{% endif %}
Follow your claim any time on the Property Reimbursement page.`,
});
