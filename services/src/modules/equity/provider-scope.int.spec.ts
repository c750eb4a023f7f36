import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EQUITY_ALERT_UPDATED_MESSAGE, type AlertView, type EnrolmentView } from '@acpg/contracts/equity';
import { propertyData } from '../../platform/property-data/select.ts';
import { alertsOf, CSV_HEADER, importCsv, protectProperty } from '../../../test/equity.ts';
import { useTestApp } from '../../../test/harness.ts';
import { expectSameAnswer } from '../../../test/hostile.ts';
import { removeProviderUserThroughApi, twoProvidersWithAMemberEach } from '../../../test/providers.ts';
import { socketClients } from '../../../test/sockets.ts';
import { waitFor } from '../../../test/wait-for.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Issue 21 item 5: a Provider Admin's /admin-equity-protect shows its provider's users' enrollments and alerts only. */
describe('Equity Protect scoped to a Provider Admin’s provider', () => {
  const t = useTestApp({ CAPTCHA_COST: '1' });
  const { open, follow, roundTrip } = socketClients(() => t);
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
  const post = (url: string, token: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
  const ids = async (url: string, token: string, key: 'enrollment_id' | 'alert_id') => {
    const r = await get(url, token);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data.items as Record<string, string>[]).map((row) => row[key]);
  };
  const recording = async (propertyId: string) => {
    const p = await propertyData().findById(propertyId);
    return `2026-${Math.floor(Math.random() * 1e8)},${p?.county},${p?.apn},lien,${today()},Coastline Roofing Inc.,Owner,1250000`;
  };

  it('lists, opens and traces its members’ enrollments and alerts, never another provider’s; cannot act on them; a removed member’s drop out at once', async () => {
    const { a, b, memberA, memberB, joinedA } = await twoProvidersWithAMemberEach(t);
    const enrolA: EnrolmentView = await protectProperty(t, memberA, 'ca-lax-00001');
    const enrolB: EnrolmentView = await protectProperty(t, memberB, 'ca-lax-00002');
    await importCsv(t, [CSV_HEADER, await recording('ca-lax-00001'), await recording('ca-lax-00002')].join('\n'));
    const [alertA] = await alertsOf(t, memberA, 1);
    const [alertB] = await alertsOf(t, memberB, 1);
    if (!alertA || !alertB) throw new Error('no alerts');

    expect(await ids('/admin/equity/enrollments?page_size=100', a.adminToken, 'enrollment_id')).toEqual([enrolA.enrollment_id]);
    expect(await ids('/admin/equity/enrollments?page_size=100&q=Alma', a.adminToken, 'enrollment_id')).toEqual([enrolA.enrollment_id]);
    expect(await ids('/admin/equity/enrollments?page_size=100&q=Banks', a.adminToken, 'enrollment_id')).toEqual([]);
    expect(await ids('/admin/equity/alerts?page_size=100', a.adminToken, 'alert_id')).toEqual([alertA.alert_id]);
    expect(await ids('/admin/equity/alerts?page_size=100', b.adminToken, 'alert_id')).toEqual([alertB.alert_id]);

    expect((await get(`/equity/enrollments/${enrolA.enrollment_id}`, a.adminToken)).statusCode).toBe(200);
    const alert = await get(`/equity/alerts/${alertA.alert_id}`, a.adminToken);
    expect(alert.statusCode, alert.body).toBe(200);
    expect((await get(`/equity/alerts/${alertA.alert_id}/history`, a.adminToken)).statusCode).toBe(200);
    expectSameAnswer(await get(`/equity/enrollments/${enrolB.enrollment_id}`, a.adminToken), await get(`/equity/enrollments/${randomUUID()}`, a.adminToken), 'enrollment by id', 404);
    expectSameAnswer(await get(`/equity/alerts/${alertB.alert_id}`, a.adminToken), await get(`/equity/alerts/${randomUUID()}`, a.adminToken), 'alert by id', 404);
    expectSameAnswer(await get(`/equity/alerts/${alertB.alert_id}/history`, a.adminToken), await get(`/equity/alerts/${randomUUID()}/history`, a.adminToken), 'alert history', 404);
    // Seeing is not acting: the alert is the member's to answer, the protection theirs to stop.
    const confirm = await post(`/equity/alerts/${alertA.alert_id}/confirm`, a.adminToken);
    expect(confirm.statusCode, confirm.body).toBe(403);
    expect(confirm.json().code).toBe('ALERT_FORBIDDEN');
    const cancel = await post(`/equity/enrollments/${enrolA.enrollment_id}/cancel`, a.adminToken);
    expect(cancel.statusCode, cancel.body).toBe(403);
    expect(cancel.json().code).toBe('ENROLLMENT_FORBIDDEN');
    expectSameAnswer(await post(`/equity/enrollments/${enrolB.enrollment_id}/cancel`, a.adminToken), await post(`/equity/enrollments/${randomUUID()}/cancel`, a.adminToken), 'cancel', 404);

    const removed = await removeProviderUserThroughApi(t, a.adminToken, joinedA.providerUserId);
    expect(removed.status).toBe('removed');
    expect(await ids('/admin/equity/enrollments?page_size=100', a.adminToken, 'enrollment_id')).toEqual([]);
    expect(await ids('/admin/equity/alerts?page_size=100', a.adminToken, 'alert_id')).toEqual([]);
    expect((await get(`/equity/alerts/${alertA.alert_id}`, a.adminToken)).statusCode).toBe(404);
    expect((await get(`/equity/enrollments/${enrolA.enrollment_id}`, a.adminToken)).statusCode).toBe(404);
    expect((await get(`/equity/alerts/${alertA.alert_id}/history`, await t.signInAs('Customer', memberA))).statusCode).toBe(200);
  }, 120_000);

  it('pushes a member’s alert to its provider’s room only', async () => {
    const { a, b, memberA, memberB } = await twoProvidersWithAMemberEach(t);
    await protectProperty(t, memberA, 'ca-lax-00003');
    await protectProperty(t, memberB, 'ca-lax-00004');
    const socketA = await open(a.adminToken);
    expect(await follow(socketA, `provider:${a.providerId}`)).toEqual({ ok: true });
    expect((await follow(socketA, `provider:${b.providerId}`)).ok).toBe(true);
    const seen: AlertView[] = [];
    socketA.on(EQUITY_ALERT_UPDATED_MESSAGE, (view: AlertView) => seen.push(view));
    await importCsv(t, [CSV_HEADER, await recording('ca-lax-00004'), await recording('ca-lax-00003')].join('\n'));
    const [alertA] = await alertsOf(t, memberA, 1);
    const [alertB] = await alertsOf(t, memberB, 1);
    await waitFor(async () => (seen.some((v) => v.alert_id === alertA?.alert_id) ? true : undefined), { what: "A's member's alert pushed to A's admin" });
    await roundTrip(socketA);
    expect(seen.map((v) => v.alert_id)).not.toContain(alertB?.alert_id);
    expect(seen.every((v) => v.account_id === memberA)).toBe(true);
  }, 120_000);
});
