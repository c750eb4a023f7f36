import { EventEnvelope } from '@acpg/contracts/envelope';
import { NhdReportReady } from '@acpg/contracts/nhd';
import { z } from 'zod';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { PermanentJobError } from '../../../platform/jobs/errors.ts';
import { defineJob } from '../../../platform/jobs/define.ts';
import type { Platform } from '../../../platform/module.ts';
import type { Reaction } from '../../../platform/reactions/port.ts';
import { templateMessage } from '../../../platform/templates/template.ts';
import { loadOrder, runOrderCommand } from '../order/commands.ts';
import { reportReadyEmail } from './template.ts';
import { receiptToken } from './token.ts';
import { accountContactOf } from '../../../platform/local-copies/account-contacts.ts';
import { publicUrl } from '../../../platform/config/public-url.ts';
import { notificationJob } from '../../../platform/jobs/notifications.ts';
import { formatLongDate } from '../../../platform/formatting/index.ts';
import { timeZoneOf } from '../../../platform/local-copies/account-time-zones.ts';

export const RECIPIENTS_QUEUE = 'nhd-recipients';
const recipientJob = defineJob({ queue: RECIPIENTS_QUEUE, name: 'send', data: z.object({ ready: EventEnvelope, recipient_id: z.string() }), attempts: 8, backoffMs: 1000, what: 'recipient job' });
/** The identity module's read model `accounts` (its documented row: `AccountView` in `@acpg/contracts/identity`). */
const Orderer = z.object({ full_name: z.string().min(1) });


/** The report is ready: one job per recipient (id `<reaction>:<event id>:<recipient>`), so a redelivery emails nobody twice. */
export const recipientsReaction: Reaction = {
  name: 'nhd.recipients',
  handles: ['NhdReportReady'],
  async jobs(event, platform) {
    const ready = NhdReportReady.safeParse(event.data);
    if (!ready.success) return [];
    const order = await loadOrder(platform, ready.data.order_id);
    if (order.status === 'none') return [];
    return order.placed.recipients.map((r) => recipientJob.job({ ready: event, recipient_id: r.recipient_id }, { key: r.recipient_id }));
  },
};

/**
 * Emails one recipient their link, then records `NhdReportSent` (after the last one the order is delivered). The
 * email job's id is the order's and recipient's, so a run killed between the two steps and run again queues no
 * second email; a recipient recorded as sent is skipped.
 */
export const sendToRecipient = async (platform: Platform, ready: EventEnvelope, recipientId: string): Promise<void> => {
  const orderId = NhdReportReady.parse(ready.data).order_id;
  const order = await loadOrder(platform, orderId);
  if (order.status === 'none') throw new PermanentJobError(`order ${orderId} does not exist`);
  const recipient = order.placed.recipients.find((r) => r.recipient_id === recipientId);
  if (!recipient) throw new PermanentJobError(`order ${orderId} has no recipient ${recipientId}`);
  if (order.sent[recipientId] || order.status === 'cancelled' || order.status === 'refunded') return;
  const orderer = Orderer.safeParse(await accountContactOf(platform, 'nhd', order.placed.account_id));
  const { property } = order.placed;
  const variables = {
    recipient_name: recipient.name,
    property_address: `${property.address_line}, ${property.city}, ${property.state} ${property.zip}`,
    report_type: order.placed.report_type.name,
    ...(order.placed.number ? { order_number: order.placed.number } : {}),
    ordered_by: orderer.success ? orderer.data.full_name : 'An ACPG customer',
    receipt_url: `${publicUrl(platform.config)}/nhd-receipt/${encodeURIComponent(await receiptToken(platform, orderId, recipientId))}`,
    // The recipient has no account: the orderer's zone (nhd's copy), the day the link's refusals also name.
    expires_on: formatLongDate(new Date(platform.clock().getTime() + platform.config.RECEIPT_LINK_DAYS * 86_400_000), await timeZoneOf(platform, 'nhd', order.placed.account_id)),
  };
  await notificationJob.enqueue(platform, templateMessage(reportReadyEmail, recipient.email, variables), {
    id: `nhd-report-email-${orderId}-${recipientId}`,
    attempts: 8,
    backoffMs: 2000,
  });
  await runOrderCommand(platform, orderId, { type: 'RecordReportSent', data: { recipient_id: recipientId }, metadata: systemMeta(platform, { actor: 'system', cause: ready }) });
};

export const recipientsWorker = recipientJob.worker((platform, { ready, recipient_id }) => sendToRecipient(platform, ready, recipient_id), { concurrency: 4 });
