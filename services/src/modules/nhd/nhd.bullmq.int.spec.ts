import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { distributedApp } from '../../../test/distributed.ts';
import { orderReaches, placeAndPayOrder } from '../../../test/nhd.ts';
import { NOTIFICATIONS_QUEUE } from '@acpg/contracts/notifications';
import { RECIPIENTS_QUEUE } from './recipients/send.ts';
import { REPORTS_QUEUE } from './report/job.ts';
import { ORDER_PAYMENTS_QUEUE } from './payment/reaction.ts';
import { acceptedIds } from '../../../test/bullmq-jobs.ts';

/**
 * The distributed profile in one process: the payment's outcome, the report job and the recipients' jobs run on
 * BullMQ over the real redis-server, events travel over Kafka (the mock cluster).
 */
describe('an NHD order is paid, reported and delivered on BullMQ/Redis and Kafka (distributed profile)', () => {
  const { app, redisUrl } = distributedApp('nhd', 9);

  it('reaches delivered with one report job and one email job per recipient', async () => {
    const t = app();
    const account = `acct-${randomUUID()}`;
    const { order } = await placeAndPayOrder(t, account);
    const delivered = await orderReaches(t, account, order.order_id, 'delivered', 45_000);
    expect(delivered.recipients.every((r) => r.sent_at)).toBe(true);
    const report = await t.platform.files.get(`nhd/reports/${order.order_id}.pdf`);
    expect(report?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await acceptedIds(redisUrl(), REPORTS_QUEUE), 'report jobs').toHaveLength(1);
    expect(await acceptedIds(redisUrl(), ORDER_PAYMENTS_QUEUE)).toHaveLength(1);
    expect(await acceptedIds(redisUrl(), RECIPIENTS_QUEUE)).toHaveLength(2);
    // The adapter keeps each id with its `j-` prefix.
    const emails = (await acceptedIds(redisUrl(), NOTIFICATIONS_QUEUE)).filter((id) => id.includes(`nhd-report-email-${order.order_id}`));
    expect(emails.sort()).toEqual([`j-nhd-report-email-${order.order_id}-r1`, `j-nhd-report-email-${order.order_id}-r2`]);
    const history = await t.platform.eventStore.readStream(`nhd-order-${order.order_id}`);
    expect(history.filter((e) => e.type === 'NhdReportSent')).toHaveLength(2);
    expect(history.filter((e) => e.type === 'NhdOrderPaid')).toHaveLength(1);
  }, 90_000);
});
