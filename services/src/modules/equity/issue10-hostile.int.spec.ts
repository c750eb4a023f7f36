import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import { alertsOf, CSV_HEADER, importCsv, markVerified, protectProperty } from '../../../test/equity.ts';
import { useTestApp } from '../../../test/harness.ts';
import { answerOf, expectRefusal, hostileClient, label } from '../../../test/hostile.ts';

/**
 * Issue 10's Equity Protect API under hostile use: another member's enrollment and alert,
 * out-of-range filters and fields, files that are not recordings, double clicks. Every route without a token and as
 * every role, malformed JSON and odd ids: the generated `authorization-matrix.int.spec.ts` and `hostile-input.int.spec.ts`.
 */

const t = useTestApp({ DEV_OUTBOX: 'true' });

type Method = 'GET' | 'POST' | 'PUT';
interface Route {
  method: Method;
  url: string;
  auth: 'public' | 'signed-in' | 'admin' | 'super-admin';
  body?: Record<string, unknown>;
  /** The member's own: another member is answered as for an id that does not exist. */
  owned?: boolean;
  /** Answered by the member only: a Super Admin sees the alert but gets 403 here. */
  memberOnly?: boolean;
}

const ROLES: Role[] = ['Customer', 'Agent', 'Broker', 'Owner', 'Provider Admin', 'Super Admin'];

const { call, as, unchanged, sameAsUnknown } = hostileClient(() => t);

let routes: Route[];
/** The owner's enrollment and alert ids, which the owned routes' urls hold. */
let ownedIds: string[];

beforeAll(async () => {
  const owner = `acct-${randomUUID()}`;
  const enrolment = await protectProperty(t, owner, 'ca-lax-00001');
  const today = new Date().toISOString().slice(0, 10);
  const imported = await importCsv(t, `${CSV_HEADER}\n2026-${Math.floor(Math.random() * 1e7)},Los Angeles,0165-307-174,lien,${today},A,B,100\n`);
  const [alert] = await alertsOf(t, owner, 1);
  const alertId = alert?.alert_id ?? '';
  ownedIds = [enrolment.enrollment_id, alertId];
  routes = [
    { method: 'GET', url: '/equity/pricing', auth: 'public' },
    { method: 'POST', url: '/equity/enrollments', auth: 'signed-in', body: { property_id: 'ca-lax-00001' } },
    { method: 'GET', url: '/equity/enrollments/mine', auth: 'signed-in' },
    { method: 'GET', url: `/equity/enrollments/${enrolment.enrollment_id}`, auth: 'signed-in', owned: true },
    { method: 'POST', url: `/equity/enrollments/${enrolment.enrollment_id}/cancel`, auth: 'signed-in', owned: true },
    { method: 'GET', url: '/equity/alerts/mine', auth: 'signed-in' },
    { method: 'GET', url: `/equity/alerts/${alertId}`, auth: 'signed-in', owned: true },
    { method: 'GET', url: `/equity/alerts/${alertId}/history`, auth: 'signed-in', owned: true },
    { method: 'POST', url: `/equity/alerts/${alertId}/confirm`, auth: 'signed-in', owned: true, memberOnly: true },
    { method: 'POST', url: `/equity/alerts/${alertId}/report`, auth: 'signed-in', owned: true, memberOnly: true, body: { note: 'hostile' } },
    { method: 'POST', url: `/equity/alerts/${alertId}/steps`, auth: 'signed-in', owned: true, memberOnly: true, body: { step: 'police_report', done: true } },
    { method: 'GET', url: '/admin/equity/enrollments', auth: 'admin' },
    { method: 'GET', url: '/admin/equity/alerts', auth: 'admin' },
    { method: 'POST', url: `/admin/equity/alerts/${alertId}/close`, auth: 'super-admin', body: { outcome: 'not_fraud', resolution: 'Hostile close' } },
    { method: 'POST', url: `/admin/equity/alerts/${alertId}/notes`, auth: 'super-admin', body: { note: 'Hostile note' } },
    { method: 'POST', url: `/admin/equity/alerts/${alertId}/owner`, auth: 'super-admin', body: { owner_id: 'test-super-admin' } },
    { method: 'GET', url: `/admin/equity/alerts/${alertId}/contact`, auth: 'super-admin' },
    { method: 'GET', url: '/admin/equity/case-owners', auth: 'super-admin' },
    { method: 'PUT', url: '/admin/equity/pricing', auth: 'super-admin', body: { annual_price_cents: 9_900, included_plan_names: ['Yearly'], features: ['Hostile feature'] } },
    { method: 'GET', url: '/admin/equity/imports', auth: 'super-admin' },
    { method: 'GET', url: `/admin/equity/imports/${imported.import_id}`, auth: 'super-admin' },
    { method: 'POST', url: '/admin/equity/imports', auth: 'super-admin', body: { file_name: 'x.csv', format: 'csv', data: Buffer.from(`${CSV_HEADER}\n`).toString('base64') } },
    { method: 'POST', url: '/admin/equity/imports/sample', auth: 'super-admin', body: { count: 0 } },
  ];
}, 60_000);

describe('every issue-10 Equity Protect route, by a stranger and by every role', () => {
  it('answers another member’s enrollment or alert on every route exactly as one that does not exist (404, same code and message)', async () => {
    const unknownUrl = (url: string) => ownedIds.reduce((u, id) => u.replace(id, randomUUID()), url);
    await unchanged(async () => {
      for (const role of ROLES.filter((r) => r !== 'Super Admin')) {
        const headers = await as(role);
        for (const route of routes.filter((r) => r.owned)) {
          const theirs = await sameAsUnknown(route, headers, unknownUrl, label(route, role), 404);
          expect.soft(answerOf(theirs).code, label(route, role)).toMatch(/^(ENROLLMENT|ALERT)_NOT_FOUND$/);
        }
      }
    });
  });

  it('answers a Super Admin, who sees the member’s alert, 403 ALERT_FORBIDDEN on the member’s own answers only', async () => {
    const admin = await as('Super Admin');
    await unchanged(async () => {
      for (const route of routes.filter((r) => r.owned && (r.memberOnly || r.method === 'GET'))) {
        const response = await call({ method: route.method, url: route.url, headers: admin, ...(route.body ? { payload: route.body } : {}) });
        if (route.memberOnly) expect.soft(answerOf(response), label(route, 'Super Admin')).toMatchObject({ status: 403, code: 'ALERT_FORBIDDEN' });
        else expect.soft(response.statusCode, label(route, 'Super Admin')).toBe(200);
      }
    });
  });

});

describe('malformed Equity Protect input', () => {
  it('refuses out-of-range filters, wrong field values and files that are not recordings with 400, appending nothing (generic malformed input: hostile-input.int.spec.ts)', async () => {
    const admin = await as('Super Admin');
    const member = await as('Customer');
    await unchanged(async () => {
      for (const query of ['page=-1', 'page_size=0', 'sort=__proto__', 'order=sideways', 'q=' + 'x'.repeat(200), 'from=2026-02-30', 'status=hacked', 'cases_only=maybe', 'document_type=mortgage', 'from=2026-02-02&to=2026-02-01']) {
        expectRefusal(await call({ url: `/equity/alerts/mine?${query}`, headers: member }), `alerts mine?${query.slice(0, 30)}`, [400]);
        expectRefusal(await call({ url: `/admin/equity/alerts?${query}`, headers: admin }), `admin alerts?${query.slice(0, 30)}`, [400]);
      }
      for (const query of ['page=0', 'status=paid', 'sort=apn', 'to=tomorrow']) expectRefusal(await call({ url: `/admin/equity/enrollments?${query}`, headers: admin }), `enrolments?${query}`, [400]);
      const huge = 'x'.repeat(20_000);
      for (const value of [42, -1, huge, { $gt: '' }, ['a'], true, null, '\u0000\u202e']) {
        expectRefusal(await call({ method: 'POST', url: '/equity/enrollments', payload: { property_id: value }, headers: member }), `enrol ${JSON.stringify(value).slice(0, 20)}`, [400]);
        expectRefusal(await call({ method: 'PUT', url: '/admin/equity/pricing', payload: { annual_price_cents: value, included_plan_names: value, features: value }, headers: admin }), `pricing ${JSON.stringify(value).slice(0, 20)}`, [400]);
        expectRefusal(await call({ method: 'POST', url: '/admin/equity/imports', payload: { file_name: value, format: value, data: value }, headers: admin }), `import ${JSON.stringify(value).slice(0, 20)}`, [400]);
        expectRefusal(await call({ method: 'POST', url: '/admin/equity/imports/sample', payload: { count: value, on_protected: -1 }, headers: admin }), `sample ${JSON.stringify(value).slice(0, 20)}`, [400]);
      }
      // An unknown property, and a real one the member never verified.
      expectRefusal(await call({ method: 'POST', url: '/equity/enrollments', payload: { property_id: 'ca-zzz-99999' }, headers: member }), 'unknown property', [400]);
      expectRefusal(await call({ method: 'POST', url: '/equity/enrollments', payload: { property_id: 'ca-lax-00002' }, headers: member }), 'unverified property', [400]);
      // Files that are not recordings: binary, no header, header only, broken quotes, a JSON array.
      for (const [format, bytes] of [
        ['csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])],
        ['csv', Buffer.from('hello,world\n1,2\n')],
        ['csv', Buffer.from(`${CSV_HEADER}\n`)],
        ['csv', Buffer.from(`${CSV_HEADER}\n"unterminated,Kern,1,lien,2026-01-01,A,B,\n`)],
        ['jsonl', Buffer.from('')],
      ] as const) {
        expectRefusal(await call({ method: 'POST', url: '/admin/equity/imports', payload: { file_name: `bad.${format}`, format, data: bytes.toString('base64') }, headers: admin }), `file ${bytes.subarray(0, 12).toString('hex')}`, [400]);
      }
    });
  });

  it('enrolls once under a burst of double clicks on the same property', async () => {
    const account = `acct-${randomUUID()}`;
    await markVerified(t, account, 'ca-lax-00004');
    const headers = await as('Customer', account);
    const answers = await Promise.all(Array.from({ length: 8 }, () => call({ method: 'POST', url: '/equity/enrollments', payload: { property_id: 'ca-lax-00004' }, headers })));
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const id = (answers[0]?.json() as { data: { enrollment_id: string } }).data.enrollment_id;
    expect(await t.platform.eventStore.readStream(`equity-enrolment-${id}`)).toHaveLength(1);
  });
});
