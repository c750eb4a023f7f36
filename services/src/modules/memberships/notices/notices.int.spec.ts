import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { useTestApp } from '../../../../test/harness.ts';
import { registerAccount } from '../../../../test/accounts.ts';
import { outboxOf, waitForMessage } from '../../../../test/outbox.ts';
import { payWithTestCard } from '../../../../test/payments.ts';
import { myMembership, savedCard } from '../../../../test/renewals.ts';
import { DEFAULT_TIME_ZONE, formatLongDate } from '../../../platform/formatting/index.ts';

const t = useTestApp();
// The member's day: an account without a time zone is dated in the default one, Los Angeles.
const onDay = (iso: string) => formatLongDate(iso, DEFAULT_TIME_ZONE);

/** Issue 19: every change a member makes to their membership (cancel, resume, switch, card) is emailed, with dates and amounts. */
describe('membership change emails', () => {
  it('emails a cancellation, a resume, a plan switch and a card change, each once, with the day and the amount', async () => {
    const accountId = `acct-${randomUUID()}`;
    const email = `${accountId}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Mia Member' });
    const { checkoutId: id } = await payWithTestCard(t, accountId, TEST_CARDS.succeeds, 'yearly');
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', accountId)}` };
    const started = await myMembership(t, headers, id, () => true, 'the membership listed');
    const renewsOn = onDay(started.next_renewal_at ?? '');
    const post = async (path: string, payload?: object) => {
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/memberships/${id}/${path}`, headers, ...(payload ? { payload } : {}) });
      expect(r.statusCode, r.body).toBe(200);
    };

    await post('cancel');
    const cancelled = await waitForMessage(t.app, email, /^Your Yearly membership is cancelled: it ends on /);
    expect(cancelled.subject).toBe(`Your Yearly membership is cancelled: it ends on ${renewsOn}`);
    expect(cancelled.text).toContain('Nothing more will be charged.');

    await post('resume');
    const resumed = await waitForMessage(t.app, email, /^Your Yearly membership is resumed$/);
    expect(resumed.text).toMatch(new RegExp(`renews on ${renewsOn} for \\$\\d+\\.\\d\\d, charged to your Visa ending in 4242`));

    await post('switch', { plan_name: 'Monthly' });
    const switched = await waitForMessage(t.app, email, /^Your membership switches to Monthly on /);
    expect(switched.subject).toBe(`Your membership switches to Monthly on ${renewsOn}`);
    expect(switched.text).toContain('from Yearly to Monthly at its next renewal');
    expect(switched.text).toMatch(/renews as Monthly on .+ for \$\d+\.\d\d\./);

    // A new card (a payment method of its own; the test gateway's only good card is 4242).
    const card = await savedCard(t, accountId, TEST_CARDS.succeeds);
    const updated = await t.app.inject({ method: 'PUT', url: `/api/v1/memberships/${id}/card`, headers, payload: { payment_method_id: card } });
    expect(updated.statusCode, updated.body).toBe(200);
    const changed = await waitForMessage(t.app, email, /^Your membership card was changed to Visa ending in 4242$/);
    expect(changed.text).toContain('was changed from your Visa ending in 4242 to your Visa ending in 4242');
    expect(changed.text).toContain(`The next renewal, on ${renewsOn}`);

    // One email per change: a second look finds each subject once.
    const subjects = (await outboxOf(t.app, email)).map((m) => m.subject ?? '');
    for (const subject of [cancelled.subject, resumed.subject, switched.subject, changed.subject]) expect(subjects.filter((s) => s === subject), subject ?? '').toHaveLength(1);
  });

  it('a refused move changes nothing and emails nothing', async () => {
    const accountId = `acct-${randomUUID()}`;
    const email = `${accountId}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Nora Nochange' });
    const { checkoutId: id } = await payWithTestCard(t, accountId, TEST_CARDS.succeeds, 'monthly');
    const headers = { authorization: `Bearer ${await t.signInAs('Customer', accountId)}` };
    await myMembership(t, headers, id, () => true, 'the membership listed');
    const resumed = await t.app.inject({ method: 'POST', url: `/api/v1/memberships/${id}/resume`, headers });
    expect(resumed.json()).toMatchObject({ code: 'NOT_CANCELLING' });
    const same = await t.app.inject({ method: 'POST', url: `/api/v1/memberships/${id}/switch`, headers, payload: { plan_name: 'Monthly' } });
    expect(same.json()).toMatchObject({ code: 'SAME_PLAN' });
    // The receipt arrives (the payment's own email); no change email came with it.
    await waitForMessage(t.app, email, /receipt/i);
    expect((await outboxOf(t.app, email)).filter((m) => /resumed|switches|card was changed|is cancelled/.test(m.subject ?? ''))).toEqual([]);
  });
});
