import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { CheckoutResult, TEST_CARDS } from '@acpg/contracts/payments';
import type { MembershipView } from '@acpg/contracts/memberships';
import { distributedApp } from '../../../test/distributed.ts';
import { waitFor } from '../../../test/wait-for.ts';
import { toBullQueueName } from '../../platform/jobs/bullmq.ts';
import { membershipStream } from './membership/decider.ts';
import { MEMBERSHIPS_QUEUE } from './start-on-payment/reaction.ts';
import { acceptedIds } from '../../../test/bullmq-jobs.ts';

/** The payments module's test gateway delivers its webhook events on this queue (modules share no code, so named here). */
const GATEWAY_EVENTS_QUEUE = 'payments-gateway-events';

/** No job waiting, delayed or running in these BullMQ queues (the distributed profile's prefix 'acpg'). */
const queuesIdle = async (redisUrl: string, queues: readonly string[]) => {
  const opened = queues.map((name) => new Queue(toBullQueueName(name), { connection: { url: redisUrl }, prefix: 'acpg' }));
  try {
    // These are the queues the app used (each keeps the ids it accepted), so an idle answer is not about empty ones.
    for (const queue of queues) expect(await acceptedIds(redisUrl, queue), queue).not.toEqual([]);
    await waitFor(
      async () => {
        const counts = await Promise.all(opened.map((q) => q.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'waiting-children')));
        return counts.every((c) => Object.values(c).every((n) => n === 0));
      },
      { timeoutMs: 20_000, what: 'the BullMQ queues to be idle' },
    );
    const failed = await Promise.all(opened.map((q) => q.getJobCounts('failed')));
    expect(failed.map((c) => c.failed)).toEqual(queues.map(() => 0));
  } finally {
    await Promise.all(opened.map((q) => q.close()));
  }
};

/**
 * The distributed profile in one process (ROLE=all): the gateway's webhook deliveries and the membership job run on
 * BullMQ over the real redis-server, events travel over Kafka (the mock cluster), the log and read models are the
 * SQLite file (STORE=sqlite).
 */
describe('a payment starts a membership on BullMQ/Redis and Kafka (distributed profile)', () => {
  const { app, redisUrl } = distributedApp('mship', 6);

  it('pays with 4242 and lists the membership once, though the gateway delivers its event twice', async () => {
    const t = app();
    const account = `acct-${randomUUID()}`;
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', account)}` };
    const card = { number: TEST_CARDS.succeeds, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123', name: 'Pat Member' };
    const method = await t.app.inject({ method: 'POST', url: '/api/v1/payments/test-gateway/payment-methods', payload: card, headers });
    expect(method.statusCode, method.body).toBe(200);
    const checkoutId = randomUUID();
    const payload = { checkout_id: checkoutId, plan_id: 'monthly', accept_terms: true, payment_method_id: method.json().data.payment_method_id };
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers });
    expect(paid.statusCode, paid.body).toBe(200);
    // The webhook job runs on BullMQ: the answer may come before it (processing); the checkout then settles.
    expect(['processing', 'succeeded']).toContain(CheckoutResult.parse(paid.json().data).status);
    await waitFor(
      async () => (await t.app.inject({ method: 'GET', url: `/api/v1/payments/checkouts/${checkoutId}`, headers })).json().data.status === 'succeeded',
      { timeoutMs: 20_000, what: 'the checkout to succeed' },
    );
    const listed = await waitFor(
      async () => {
        const response = await t.app.inject({ method: 'GET', url: '/api/v1/memberships/mine', headers });
        const data = response.json().data as { items: MembershipView[]; total: number };
        return data.total === 1 ? data.items : undefined;
      },
      { timeoutMs: 30_000, what: 'the membership listed' },
    );
    expect(listed[0]).toMatchObject({ id: checkoutId, plan_name: 'Monthly', status: 'trialing', card_last4: '4242', paid_cents: 6400 });
    await queuesIdle(redisUrl(), [GATEWAY_EVENTS_QUEUE, MEMBERSHIPS_QUEUE]); // the gateway's redelivery (1 s later) has run
    const ids = await acceptedIds(redisUrl(), GATEWAY_EVENTS_QUEUE);
    expect(ids.filter((id) => id.endsWith('.again'))).toHaveLength(1); // delivered twice: at once and again
    expect(await t.platform.eventStore.readStream(membershipStream(checkoutId))).toHaveLength(1);
    expect((await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).map((e) => e.type)).toEqual(['CheckoutStarted', 'PaymentSucceeded']);
  }, 60_000);
});
