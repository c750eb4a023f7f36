import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_CARDS, type PaymentView } from '@acpg/contracts/payments';
import type { MembershipView } from '@acpg/contracts/memberships';
import { useTestApp } from '../../../../test/harness.ts';
import { payWithTestCard } from '../../../../test/payments.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** Super Admins: every payment and membership, and refunds (once, with who and why). */
describe('admin payments, memberships and refunds', () => {
  const t = useTestApp();

  const as = async (role: 'Super Admin' | 'Customer' | 'Provider Admin' | 'Agent', id = `${role}-${randomUUID()}`) => ({ authorization: `Bearer ${await t.signInAs(role, id)}` });
  const refund = async (checkoutId: string, headers: Record<string, string>, reason: unknown = 'Charged twice by mistake') =>
    t.app.inject({ method: 'POST', url: `/api/v1/admin/payments/${checkoutId}/refund`, payload: { reason, service: 'end' }, headers });
  const settled = async (accountId: string) =>
    waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments?account_id=${accountId}`, headers: await as('Super Admin') });
      const page = r.json().data as { items: PaymentView[]; total: number };
      return page.total > 0 && page.items.every((p) => p.settled_at) ? page : undefined;
    }, { what: 'the payments listed and settled' });

  it('refunds a succeeded payment once under a double click, recording who and why, and lists it as refunded', async () => {
    const account = `acct-${randomUUID()}`;
    const { checkoutId } = await payWithTestCard(t, account, TEST_CARDS.succeeds, 'monthly');
    await settled(account);
    const adminId = `admin-${randomUUID()}`;
    const headers = await as('Super Admin', adminId);
    const [first, second] = await Promise.all([refund(checkoutId, headers), refund(checkoutId, headers)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0], first.body + second.body).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const refunded = (await t.platform.eventStore.readStream(`payments-checkout-${checkoutId}`)).filter((e) => e.type === 'PaymentRefunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]?.data).toMatchObject({ checkout_id: checkoutId, account_id: account, amount_cents: 6400, reason: 'Charged twice by mistake', refunded_by: adminId });
    const refunds = await t.platform.documents.find('payments_test_gateway_refunds', {});
    expect(refunds.filter((r) => (r.metadata as { checkout_id?: string }).checkout_id === checkoutId)).toHaveLength(1);

    const again = await refund(checkoutId, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REFUNDED' });
    const listed = await waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments?status=refunded&account_id=${account}`, headers });
      const page = r.json().data as { items: PaymentView[] };
      return page.items[0];
    }, { what: 'the refunded payment listed' });
    expect(listed.refund).toMatchObject({ amount_cents: 6400, reason: 'Charged twice by mistake', refunded_by: adminId });
  });

  it('refuses to refund a failed payment, a missing one, bad input, and anyone but a Super Admin, changing nothing', async () => {
    const account = `acct-${randomUUID()}`;
    const failed = await payWithTestCard(t, account, TEST_CARDS.declined, 'monthly');
    const paid = await payWithTestCard(t, account, TEST_CARDS.succeeds, 'yearly');
    await settled(account);
    const admin = await as('Super Admin');
    expect((await refund(failed.checkoutId, admin)).json()).toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
    expect((await refund(randomUUID(), admin)).statusCode).toBe(404);
    expect((await refund('not-a-uuid', admin)).statusCode).toBe(400);
    expect((await refund(paid.checkoutId, admin, '')).statusCode).toBe(400);
    expect((await refund(paid.checkoutId, admin, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await refund(paid.checkoutId, admin, 42)).statusCode).toBe(400);
    expect((await refund(paid.checkoutId, await as('Customer', account))).statusCode).toBe(403);
    expect((await refund(paid.checkoutId, await as('Provider Admin'))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/payments/${paid.checkoutId}/refund`, payload: { reason: 'No session' } })).statusCode).toBe(401);
    const events = await t.platform.eventStore.readStream(`payments-checkout-${paid.checkoutId}`);
    expect(events.some((e) => e.type === 'PaymentRefunded')).toBe(false);
  });

  it('lists every payment and membership to Super Admins only, with filters, and refuses bad queries', async () => {
    const account = `acct-${randomUUID()}`;
    // Declined first: one membership per member, so a plan bought is the last one.
    await payWithTestCard(t, account, TEST_CARDS.declined, 'yearly');
    await payWithTestCard(t, account, TEST_CARDS.succeeds, 'monthly');
    await settled(account);
    const admin = await as('Super Admin');
    const get = async (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

    const failedOnly = (await get(`/admin/payments?account_id=${account}&status=failed`)).json().data as { items: PaymentView[]; total: number };
    expect(failedOnly.total).toBe(1);
    expect(failedOnly.items[0]).toMatchObject({ status: 'failed', plan_id: 'yearly' });
    expect((await get(`/admin/payments?account_id=${account}&kind=renewal`)).json().data.total).toBe(0);
    expect((await get(`/admin/payments?account_id=${account}&kind=checkout&sort=amount_cents&order=asc`)).json().data.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`/admin/payments?account_id=${account}&from=${today}&to=${today}`)).json().data.total).toBe(2);
    expect((await get(`/admin/payments?account_id=${account}&to=2000-01-01`)).json().data.total).toBe(0);

    const memberships = await waitFor(async () => {
      const page = (await get(`/admin/memberships?account_id=${account}`)).json().data as { items: MembershipView[]; total: number };
      return page.total === 1 ? page : undefined;
    }, { what: 'the membership listed' });
    expect(memberships.items[0]).toMatchObject({ account_id: account, plan_name: 'Monthly', status: 'trialing' });
    expect((await get(`/admin/memberships?account_id=${account}&status=trialing&plan_name=Monthly`)).json().data.total).toBe(1);
    expect((await get(`/admin/memberships?account_id=${account}&status=active`)).json().data.total).toBe(0);

    for (const url of ['/admin/payments?status=paid', '/admin/payments?from=2026-02-01&to=2026-01-01', '/admin/payments?kind=x', '/admin/memberships?plan_name=Weekly', '/admin/memberships?from=yesterday']) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    for (const url of ['/admin/payments', '/admin/memberships']) {
      expect((await get(url, await as('Customer'))).statusCode).toBe(403);
      expect((await get(url, await as('Agent'))).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1${url}` })).statusCode).toBe(401);
    }
  });
});
