import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DashboardTiles } from '@acpg/contracts/dashboard';
import { ROLES } from '@acpg/contracts/role-names';
import { may } from '@acpg/contracts/role-permissions';
import { useTestApp, type TestApp } from '../../../../test/harness.ts';
import { placeAndPayOrder, placeOrder, orderReaches } from '../../../../test/nhd.ts';
import { claimant, fileClaim, startMembershipFor } from '../../../../test/reimbursement.ts';
import { endMembership } from '../../../../test/payments.ts';
import { providerAdminToken, recordProviderMember } from '../../../../test/providers.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { alertsOf, CSV_HEADER, enrolProperty, importCsv, markVerified, payEnrolment } from '../../../../test/equity.ts';
import { propertyData } from '../../../platform/property-data/select.ts';
import { codeNotificationJob, notificationJob } from '../../../platform/jobs/notifications.ts';

const today = () => new Date().toISOString().slice(0, 10);

const read = async (t: TestApp, token: string, query = `from=${today()}&to=${today()}`) =>
  t.app.inject({ method: 'GET', url: `/api/v1/insights/dashboard?${query}`, headers: { authorization: `Bearer ${token}` } });

const tiles = async (t: TestApp, token: string): Promise<DashboardTiles> => {
  const r = await read(t, token);
  expect(r.statusCode, r.body).toBe(200);
  return DashboardTiles.parse(r.json().data);
};

const statusCount = (list: { status: string; count: number }[], status: string) => list.find((s) => s.status === status)?.count ?? 0;

describe('GET /insights/dashboard', () => {
  const t = useTestApp();

  it('counts what real commands did: orders by status, revenue, memberships, claims waiting; a Provider Admin sees only its provider’s users’', async () => {
    const admin = await t.signInAs('Super Admin', 'dashboard-admin');
    const before = await tiles(t, admin);
    const [providerA, providerB] = [randomUUID(), randomUUID()];

    // A's user: a membership of 120 days (active, not new), a claim waiting, an order placed and paid.
    const a = await claimant(t);
    await recordProviderMember(t, providerA, a.accountId);
    await fileClaim(t, a.accountId);
    const paid = await placeAndPayOrder(t, a.accountId);
    await orderReaches(t, a.accountId, paid.order.order_id, 'processing').catch(() => orderReaches(t, a.accountId, paid.order.order_id, 'report_ready'));
    // B's user: a membership started today and cancelled today, an order placed and left unpaid.
    const memberB = `acct-${randomUUID()}`;
    await recordProviderMember(t, providerB, memberB);
    const membershipB = await startMembershipFor(t, memberB, 0);
    await endMembership(t, membershipB.membership_id, memberB);
    await placeOrder(t, memberB);

    const after = await waitFor(
      async () => {
        const now = await tiles(t, admin);
        return now.memberships.cancelled === before.memberships.cancelled + 1 && now.revenue.captured_cents > before.revenue.captured_cents ? now : undefined;
      },
      { what: 'the admin dashboard counts the commands' },
    );
    expect(after.scope).toBe('all');
    expect(after.memberships.active).toBe(before.memberships.active + 1);
    expect(after.memberships.new).toBe(before.memberships.new + 1);
    expect(after.memberships.new_by_day.at(-1)?.count).toBe(before.memberships.new + 1);
    expect(after.revenue.captured_cents).toBe(before.revenue.captured_cents + paid.order.amount_cents);
    expect(after.revenue.net_cents).toBe(after.revenue.captured_cents - after.revenue.refunded_cents);
    expect(after.nhd_orders.total).toBe(before.nhd_orders.total + 2);
    expect(statusCount(after.nhd_orders.by_status, 'placed')).toBe(statusCount(before.nhd_orders.by_status, 'placed') + 1);
    expect(after.claims.waiting).toBe(before.claims.waiting + 1);
    expect(after.deliveries).not.toBeNull();

    const mineA = await tiles(t, await providerAdminToken(t, providerA));
    expect(mineA.scope).toBe('provider');
    expect(mineA.memberships).toMatchObject({ active: 1, new: 0, cancelled: 0 });
    expect(mineA.nhd_orders.total).toBe(1);
    expect(statusCount(mineA.nhd_orders.by_status, 'placed')).toBe(0);
    expect(mineA.claims.waiting).toBe(1);
    expect(mineA.revenue.captured_cents).toBe(paid.order.amount_cents);
    expect(mineA.deliveries).toBeNull();

    const mineB = await tiles(t, await providerAdminToken(t, providerB));
    expect(mineB.memberships).toMatchObject({ active: 0, new: 1, cancelled: 1 });
    expect(mineB.nhd_orders.total).toBe(1);
    expect(statusCount(mineB.nhd_orders.by_status, 'placed')).toBe(1);
    expect(mineB.claims.waiting).toBe(0);
    expect(mineB.revenue.captured_cents).toBe(0);

    // A refund counts on its day: captured stays, refunded rises, net drops, for the admins and A's Provider Admin.
    const refund = await t.app.inject({ method: 'POST', url: `/api/v1/admin/payments/${paid.checkoutId}/refund`, payload: { reason: 'Ordered twice', service: 'keep' }, headers: { authorization: `Bearer ${admin}` } });
    expect(refund.statusCode, refund.body).toBe(200);
    const refunded = await waitFor(async () => {
      const now = await tiles(t, admin);
      return now.revenue.refunded_cents === after.revenue.refunded_cents + paid.order.amount_cents ? now : undefined;
    }, { what: 'the refund on the dashboard' });
    expect(refunded.revenue.captured_cents).toBe(after.revenue.captured_cents);
    expect(refunded.revenue.net_cents).toBe(after.revenue.net_cents - paid.order.amount_cents);
    expect((await tiles(t, await providerAdminToken(t, providerA))).revenue).toMatchObject({ captured_cents: paid.order.amount_cents, refunded_cents: paid.order.amount_cents, net_cents: 0 });

    // A provider with no users sees nothing of anyone's.
    const none = await tiles(t, await providerAdminToken(t, randomUUID()));
    expect(none.nhd_orders.total + none.memberships.active + none.claims.waiting + none.revenue.captured_cents).toBe(0);
  }, 60_000);

  it('counts Equity Protect alerts waiting for an answer, then the fraud case the member opens', async () => {
    const admin = await t.signInAs('Super Admin', 'dashboard-equity');
    const before = await tiles(t, admin);
    const member = `acct-${randomUUID()}`;
    await markVerified(t, member, 'ca-scl-00007');
    const enrolment = await enrolProperty(t, member, 'ca-scl-00007');
    expect((await payEnrolment(t, member, enrolment.enrollment_id)).status).toBe(200);
    await waitFor(async () => ((await t.platform.documents.get('equity_enrolments', enrolment.enrollment_id))?.status === 'active' ? true : undefined), { what: 'the enrolment active' });
    const parcel = await propertyData().findById('ca-scl-00007');
    await importCsv(t, `${CSV_HEADER}\n2026-0000777,${parcel?.county},${parcel?.apn},grant_deed,${today()},Dash Member,Someone Else,90000000\n`);
    const [alert] = await alertsOf(t, member, 1);
    await waitFor(async () => ((await tiles(t, admin)).equity.alerts_new === before.equity.alerts_new + 1 ? true : undefined), { what: 'the new alert counted' });
    const reported = await t.app.inject({ method: 'POST', url: `/api/v1/equity/alerts/${alert?.alert_id}/report`, payload: { note: 'Not us' }, headers: { authorization: `Bearer ${await t.signInAs('Customer', member)}` } });
    expect(reported.statusCode, reported.body).toBe(200);
    const after = await waitFor(async () => {
      const now = await tiles(t, admin);
      return now.equity.fraud_cases_open === before.equity.fraud_cases_open + 1 ? now : undefined;
    }, { what: 'the open fraud case counted' });
    expect(after.equity.alerts_new).toBe(before.equity.alerts_new);
  }, 60_000);

  it('counts the code deliveries that failed today, and other messages apart; a Provider Admin has no such tile', async () => {
    const admin = await t.signInAs('Admin', 'dashboard-deliveries');
    const before = await tiles(t, admin);
    // Templates nobody registered: the worker cannot render them, records the failure and dead-letters the job.
    await codeNotificationJob.enqueue(t.platform, { channel: 'email', to: 'code@example.test', template: 'test.no-such-code', variables: {} }, { id: `dash-code-${randomUUID()}` });
    await notificationJob.enqueue(t.platform, { channel: 'email', to: 'notice@example.test', template: 'test.no-such-notice', variables: {} }, { id: `dash-notice-${randomUUID()}` });
    const after = await waitFor(async () => {
      const now = await tiles(t, admin);
      return now.deliveries && before.deliveries && now.deliveries.failing === before.deliveries.failing + 2 ? now : undefined;
    }, { what: 'the failed deliveries on the dashboard' });
    expect(after.deliveries?.code_failing).toBe((before.deliveries?.code_failing ?? 0) + 1);
    expect((await tiles(t, await providerAdminToken(t, randomUUID()))).deliveries).toBeNull();
  });

  it('answers 403 to every role without dashboard.read, 401 without a token', async () => {
    const refused = ROLES.filter((role) => !may([role], 'dashboard.read'));
    expect(refused.length).toBeGreaterThan(0);
    for (const role of refused) expect((await read(t, await t.signInAs(role))).statusCode, role).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/insights/dashboard?from=${today()}&to=${today()}` })).statusCode).toBe(401);
  });

  it('refuses a bad range with 400', async () => {
    const admin = await t.signInAs('Admin');
    for (const query of ['from=2026-11-08&to=2026-11-01', 'from=2020-01-01&to=2026-11-01', 'from=today&to=2026-11-01', 'to=2026-11-01']) {
      const r = await read(t, admin, query);
      expect(r.statusCode, query).toBe(400);
    }
  });
});
