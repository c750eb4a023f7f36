import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS, type PaymentView, type RefundScope } from '@acpg/contracts/payments';
import type { EnrolmentView } from '@acpg/contracts/equity';
import type { MembershipView } from '@acpg/contracts/memberships';
import { useTestApp } from '../../../../test/harness.ts';
import { registerAccount } from '../../../../test/accounts.ts';
import { bearer, enrolProperty, markVerified } from '../../../../test/equity.ts';
import { outboxOf, waitForMessage } from '../../../../test/outbox.ts';
import { payWithTestCard, testPaymentMethod } from '../../../../test/payments.ts';
import { myMembership } from '../../../../test/renewals.ts';
import { orderReaches, placeAndPayOrder } from '../../../../test/nhd.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** Issue 19: a refund says what it ends, the Super Admin chooses end or keep, the server does what was chosen and emails the member. */
describe('a refund ends what its payment bought only when the Super Admin chooses so, and tells the member', () => {
  const t = useTestApp();
  const admin = async () => ({ authorization: `Bearer ${await t.signInAs('Super Admin', `admin-${randomUUID()}`)}` });
  const scopeOf = async (checkoutId: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/v1/admin/payments/${checkoutId}/refund`, headers });
  const refund = async (checkoutId: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/payments/${checkoutId}/refund`, payload, headers });

  const member = async () => {
    const accountId = `acct-${randomUUID()}`;
    const email = `${accountId}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Rosa Refund' });
    return { accountId, email };
  };

  /** A member whose property is protected by a paid enrollment; answers the checkout that paid it. */
  const protectedMember = async (propertyId: string) => {
    const m = await member();
    await markVerified(t, m.accountId, propertyId);
    const enrolment = await enrolProperty(t, m.accountId, propertyId);
    expect(enrolment.status).toBe('awaiting_payment');
    const checkoutId = randomUUID();
    const payload = { checkout_id: checkoutId, equity_enrollment_id: enrolment.enrollment_id, accept_terms: true, payment_method_id: await testPaymentMethod(t, m.accountId, TEST_CARDS.succeeds) };
    const paid = await t.app.inject({ method: 'POST', url: '/api/v1/payments/checkouts', payload, headers: await bearer(t, m.accountId) });
    expect(paid.statusCode, paid.body).toBe(200);
    const enrolmentOf = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/equity/enrollments/${enrolment.enrollment_id}`, headers: await bearer(t, m.accountId) })).json().data as EnrolmentView;
    await waitFor(async () => ((await enrolmentOf()).status === 'active' ? true : undefined), { what: 'the protection active' });
    await waitFor(async () => ((await t.platform.documents.get('payments_charges', checkoutId))?.status === 'succeeded' ? true : undefined), { what: 'the payment listed' });
    return { ...m, checkoutId, enrolmentId: enrolment.enrollment_id, enrolmentOf };
  };

  it('says which protection a refund would end, refuses a refund without the choice, and keeps the protection when told to keep it', async () => {
    const m = await protectedMember('ca-lax-00011');
    const headers = await admin();
    const scope = await scopeOf(m.checkoutId, headers);
    expect(scope.statusCode, scope.body).toBe(200);
    const service = (scope.json().data as RefundScope).service;
    expect(service).toMatchObject({ kind: 'equity_protection', id: m.enrolmentId });
    expect(service?.description).toMatch(/^the Equity Protect protection for .+, CA \d{5}$/);

    for (const payload of [{ reason: 'Goodwill refund' }, { reason: 'Goodwill refund', service: 'maybe' }, { reason: 'Goodwill refund', service: true }]) {
      const refused = await refund(m.checkoutId, headers, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('Choose whether the refund ends');
    }
    expect((await t.platform.eventStore.readStream(`payments-checkout-${m.checkoutId}`)).some((e) => e.type === 'PaymentRefunded')).toBe(false);
    expect((await scopeOf(m.checkoutId, { authorization: `Bearer ${await t.signInAs('Customer', m.accountId)}` })).statusCode).toBe(403);
    expect((await scopeOf(m.checkoutId, { authorization: `Bearer ${await t.signInAs('Agent', `agent-${randomUUID()}`)}` })).statusCode).toBe(403);
    expect((await scopeOf(m.checkoutId, {})).statusCode).toBe(401);
    expect((await scopeOf(randomUUID(), headers)).json()).toMatchObject({ code: 'CHECKOUT_NOT_FOUND' });
    expect((await scopeOf('not-a-uuid', headers)).statusCode).toBe(400);

    const kept = await refund(m.checkoutId, headers, { reason: 'Goodwill refund', service: 'keep' });
    expect(kept.statusCode, kept.body).toBe(200);
    const [event] = (await t.platform.eventStore.readStream(`payments-checkout-${m.checkoutId}`)).filter((e) => e.type === 'PaymentRefunded');
    expect(event?.data).toMatchObject({ service: 'keep', service_of: { kind: 'equity_protection', id: m.enrolmentId } });

    const mail = await waitForMessage(t.app, m.email, /^Your refund of \$\d+\.\d\d has been issued$/);
    expect(mail.text).toContain('Reason: Goodwill refund');
    expect(mail.text).toContain(`This refund does not end ${service?.description ?? '?'}: it keeps running`);
    // Kept: the enrollment's refund was recorded and nothing ended.
    const drained = async () => {
      const c = await t.platform.jobs.counts('equity-enrolment-payments');
      return c.waiting + c.active + c.delayed === 0 && c.dead === 0;
    };
    await waitFor(async () => ((await t.platform.documents.get('payments_charges', m.checkoutId))?.status === 'refunded' && (await drained()) ? true : undefined), { what: 'the refund listed and recorded' });
    expect((await m.enrolmentOf()).status).toBe('active');
    expect((await t.platform.eventStore.readStream(`equity-enrolment-${m.enrolmentId}`)).some((e) => e.type === 'EquityProtectionCancelled')).toBe(false);
    expect((await outboxOf(t.app, m.email)).some((x) => /has ended/.test(x.subject ?? ''))).toBe(false);
  });

  it('documents the question and the required choice in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[]; properties?: Record<string, unknown> } }> } }>> };
    const route = doc.paths['/api/v1/admin/payments/{checkout_id}/refund'];
    expect(route?.get).toBeDefined();
    const body = route?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(expect.arrayContaining(['reason', 'service']));
    expect(body?.properties?.service).toMatchObject({ enum: ['end', 'keep'] });
  });

  it('ends the protection when told to end it, and emails the refund and the end', async () => {
    const m = await protectedMember('ca-lax-00012');
    const headers = await admin();
    const description = ((await scopeOf(m.checkoutId, headers)).json().data as RefundScope).service?.description ?? '';
    const ended = await refund(m.checkoutId, headers, { reason: 'Customer asked to stop', service: 'end' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((ended.json().data as PaymentView).status).toBe('refunded');
    await waitFor(async () => ((await m.enrolmentOf()).status === 'cancelled' ? true : undefined), { what: 'the protection ended' });
    const refundMail = await waitForMessage(t.app, m.email, /has been issued/);
    expect(refundMail.text).toContain(`This refund ends ${description}`);
    const endedMail = await waitForMessage(t.app, m.email, /^Equity Protect for .+ has ended$/);
    expect(endedMail.text).toContain('because its payment was refunded');
    // Nothing runs any more: a second look says the refunded payment cannot be refunded again.
    expect((await scopeOf(m.checkoutId, headers)).json()).toMatchObject({ code: 'ALREADY_REFUNDED' });
  });

  it('marks an NHD order refunded only when the refund ends it, and emails each refund', async () => {
    const headers = await admin();
    const ending = await member();
    const keeping = await member();
    const [end, keep] = await Promise.all([ending, keeping].map(async (m) => ({ ...m, ...(await placeAndPayOrder(t, m.accountId)) })));
    if (!end || !keep) throw new Error('two orders');
    for (const o of [end, keep]) await waitFor(async () => ((await t.platform.documents.get('payments_charges', o.checkoutId))?.status === 'succeeded' ? true : undefined), { what: 'the order paid' });
    const scope = ((await scopeOf(end.checkoutId, headers)).json().data as RefundScope).service;
    expect(scope).toMatchObject({ kind: 'nhd_order', id: end.order.order_id });
    expect(scope?.description).toMatch(/ order for .+, CA \d{5}$/);

    expect((await refund(end.checkoutId, headers, { reason: 'Ordered twice', service: 'end' })).statusCode).toBe(200);
    expect((await refund(keep.checkoutId, headers, { reason: 'Late delivery credit', service: 'keep' })).statusCode).toBe(200);
    await orderReaches(t, end.accountId, end.order.order_id, 'refunded');
    expect((await waitForMessage(t.app, end.email, /has been issued/)).text).toContain(`This refund ends ${scope?.description ?? '?'}`);
    expect((await waitForMessage(t.app, keep.email, /has been issued/)).text).toContain('Reason: Late delivery credit');
    const drained = async () => {
      const c = await t.platform.jobs.counts('nhd-order-payments');
      return c.waiting + c.active + c.delayed === 0;
    };
    await waitFor(async () => ((await t.platform.documents.get('payments_charges', keep.checkoutId))?.status === 'refunded' && (await drained()) ? true : undefined), { what: 'the kept refund recorded' });
    expect((await t.platform.eventStore.readStream(`nhd-order-${keep.order.order_id}`)).map((e) => e.type)).not.toContain('NhdOrderRefunded');
  });

  it('ends a membership refunded to end it, and keeps one refunded to keep it, emailing each member', async () => {
    const headers = await admin();
    const ending = await member();
    const keeping = await member();
    const bought = await Promise.all([ending, keeping].map(async (m) => ({ ...m, ...(await payWithTestCard(t, m.accountId, TEST_CARDS.succeeds, 'yearly')) })));
    for (const b of bought) await myMembership(t, await bearer(t, b.accountId), b.checkoutId, () => true, 'the membership listed');
    const [end, keep] = bought as [(typeof bought)[number], (typeof bought)[number]];
    await waitFor(async () => ((await t.platform.documents.get('payments_charges', keep.checkoutId))?.status === 'succeeded' ? true : undefined), { what: 'the payment listed' });
    expect(((await scopeOf(end.checkoutId, headers)).json().data as RefundScope).service).toEqual({ kind: 'membership', id: end.checkoutId, description: 'the Yearly membership' });

    expect((await refund(end.checkoutId, headers, { reason: 'Cancelled by phone', service: 'end' })).statusCode).toBe(200);
    expect((await refund(keep.checkoutId, headers, { reason: 'Price matched', service: 'keep' })).statusCode).toBe(200);
    const endedView = await myMembership(t, await bearer(t, end.accountId), end.checkoutId, (v: MembershipView) => v.status === 'cancelled', 'the refunded membership ended');
    expect(endedView.ended_at).not.toBeNull();
    const endedMail = await waitForMessage(t.app, end.email, /^Your Yearly membership has ended$/);
    expect(endedMail.text).toContain('because its payment was refunded');
    expect((await waitForMessage(t.app, end.email, /has been issued/)).text).toContain('This refund ends the Yearly membership');

    expect((await waitForMessage(t.app, keep.email, /has been issued/)).text).toContain('This refund does not end the Yearly membership');
    const membership = (await t.platform.eventStore.readStream(`memberships-membership-${keep.checkoutId}`)).map((e) => e.type);
    expect(membership).not.toContain('MembershipCancelled');
    const kept = await myMembership(t, await bearer(t, keep.accountId), keep.checkoutId, () => true, 'the kept membership');
    expect(kept.status).not.toBe('cancelled');
  });
});
