import { z } from 'zod';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';

/** To every account that had verified a property, when another account verifies it too. */
export const alsoVerifiedEmail = defineEmailTemplate({
  key: 'properties.also-verified',
  description: 'Tells an account that verified a property that another account has now verified the same property.',
  variables: z.object({
    /** "1234 Oak Street, San Jose, CA 95125". */
    address: z.string().min(1),
    /** US English, in UTC: "November 23, 2026". */
    verified_on: z.string().min(1),
    contact_url: z.string().min(1),
  }),
  sample: { address: '1234 Oak Street, San Jose, CA 95125', verified_on: 'November 23, 2026', contact_url: 'https://acpg.example/contact-us' },
  subject: 'Another account verified your property',
  html: `<p>Hello,</p>
<p>Another ACPG account has just verified <strong>{{ address }}</strong>, a property you verified on your account, on {{ verified_on }}.</p>
<p>If you share the property (a co-owner, a spouse), there is nothing to do.</p>
<p><strong>If you do not know who this is</strong>, tell us through the Contact Us page ({{ contact_url }}): claims on a property
verified by more than one account are reviewed before anything is paid.</p>`,
  text: `Hello,

Another ACPG account has just verified {{ address }}, a property you verified on your account, on {{ verified_on }}.

If you share the property (a co-owner, a spouse), there is nothing to do.

If you do not know who this is, tell us through the Contact Us page ({{ contact_url }}): claims on a property verified by more than one account are reviewed before anything is paid.`,
});
