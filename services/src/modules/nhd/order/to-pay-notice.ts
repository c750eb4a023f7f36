import { NhdOrderPlaced } from '@acpg/contracts/nhd';
import { z } from 'zod';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { accountNoticeJob } from '../../../platform/jobs/notifications.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { defineEmailTemplate } from '../../../platform/templates/template.ts';
import { formatCents } from '../../../platform/formatting/index.ts';

/** A Provider Admin ordered an NHD report for the member and left its payment to the member. */
export const orderToPayEmail = defineEmailTemplate({
  key: 'nhd.order-to-pay',
  description: 'NHD: the member’s provider ordered an NHD report of one of their properties for them; the member pays to start the report.',
  variables: z.object({ full_name: z.string().min(1), property_address: z.string().min(1), report_type: z.string().min(1), amount: z.string().min(1), order_url: z.string().min(1) }),
  sample: { full_name: 'Jane Doe', property_address: '1234 Oak Street, San Jose, CA 95112', report_type: 'Standard NHD report', amount: '$49.00', order_url: 'https://acpg.example/nhd-order-list/0f3a9b2c-41de-4c55-9a0b-2f1e3d4c5b6a' },
  subject: 'Your provider ordered an NHD report of {{ property_address }}: pay to start it',
  html: `<p>Hello {{ full_name }},</p>
<p>Your provider ordered a {{ report_type }} of your property <strong>{{ property_address }}</strong> for you. The report is made once you pay {{ amount }}.</p>
<p>Pay on <a href="{{ order_url }}">the order’s page</a>. Didn’t expect this? Contact us right away.</p>`,
  text: `Hello {{ full_name }},

Your provider ordered a {{ report_type }} of your property {{ property_address }} for you. The report is made once you pay {{ amount }}.

Pay on the order's page: {{ order_url }}
Didn't expect this? Contact us right away.`,
});

const usd = formatCents;

/** The member hears of an order their provider placed for them and left for them to pay (once per event). */
export const orderToPayReaction: Reaction = {
  name: 'nhd.order-to-pay',
  handles: ['NhdOrderPlaced'],
  async jobs(event, platform) {
    const d = NhdOrderPlaced.parse(event.data);
    if (d.placed_by?.payer !== 'user') return [];
    const contact = await accountContactOf(platform, 'nhd', d.account_id);
    const variables = {
      full_name: contact && contact.full_name !== '' ? contact.full_name : 'there',
      property_address: `${d.property.address_line}, ${d.property.city}, CA ${d.property.zip}`,
      report_type: d.report_type.name,
      amount: usd(d.amount_cents),
      order_url: `${publicUrl(platform.config)}/nhd-order-list/${d.order_id}`,
    };
    return [accountNoticeJob.job({ account_id: d.account_id, email: { template: orderToPayEmail.key, variables } }, { attempts: 8, backoffMs: 2000 })];
  },
};
