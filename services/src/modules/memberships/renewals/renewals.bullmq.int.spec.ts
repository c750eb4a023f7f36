import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { distributedApp } from '../../../../test/distributed.ts';
import { gatewayDeliveriesDone, payWithTestCard } from '../../../../test/payments.ts';
import { countOf, membershipEvents, myMembership, savedCard, setClock, tick } from '../../../../test/renewals.ts';
import { membershipStream } from '../membership/decider.ts';
import { RENEWALS_QUEUE } from './outcome.ts';
import { renewalsSchedule } from './run.ts';
import { acceptedIds } from '../../../../test/bullmq-jobs.ts';

/** The payments module's renewal charge queue (modules share no code, so named here). */
const RENEWAL_CHARGES_QUEUE = 'payments-renewal-charges';

/**
 * The renewal path on the distributed profile in one process: the schedule's slot job, the payments reaction's charge
 * job, the gateway's webhook jobs and the outcome job on BullMQ over the real redis-server; events over Kafka.
 */
describe('renewals on BullMQ/Redis and Kafka (distributed profile)', () => {
  const { app, redisUrl } = distributedApp('renew', 7);

  it('a declined renewal fails its first try once; a new card charges at once and renews it once', async () => {
    const t = app();
    const account = `acct-${randomUUID()}`;
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', account)}` };
    const { checkoutId: id } = await payWithTestCard(t, account, TEST_CARDS.succeeds, 'yearly');
    const row = await myMembership(t, headers, id, () => true, 'the membership listed');
    const put = async (card: string) => {
      const response = await t.app.inject({ method: 'PUT', url: `/api/v1/memberships/${id}/card`, payload: { payment_method_id: await savedCard(t, account, card) }, headers });
      expect(response.statusCode, response.body).toBe(200);
    };
    await put(TEST_CARDS.declinedWhenCharged);
    setClock(t, Date.parse(row.next_renewal_at) + 1000);
    await tick(t, [renewalsSchedule]);
    await membershipEvents(t, membershipStream(id), (e) => countOf(e, 'MembershipRenewalFailed') === 1, 'the first try failed');
    await put(TEST_CARDS.succeeds);
    const events = await membershipEvents(t, membershipStream(id), (e) => countOf(e, 'MembershipRenewed') === 1, 'renewed by the new card');
    expect(events.find((e) => e.type === 'MembershipRenewed')?.data).toMatchObject({ plan_name: 'Yearly', amount_cents: 19_900, attempt: 2 });
    await tick(t, [renewalsSchedule]);
    await gatewayDeliveriesDone(t); // the gateway's redelivery of each event (1 s later) has come and changed nothing
    const after = await t.platform.eventStore.readStream(membershipStream(id));
    expect(after.map((e) => e.type)).toEqual([
      'MembershipStarted',
      'MembershipCardUpdated',
      'MembershipRenewalDue',
      'MembershipRenewalFailed',
      'MembershipCardUpdated',
      'MembershipRenewalDue',
      'MembershipRenewed',
    ]);
    // One charge job per due try, one outcome job per settled try: redelivered payment events made no second one.
    expect((await acceptedIds(redisUrl(), RENEWAL_CHARGES_QUEUE)).length).toBe(2);
    expect((await acceptedIds(redisUrl(), RENEWALS_QUEUE)).length).toBe(2);
  }, 90_000);
});
