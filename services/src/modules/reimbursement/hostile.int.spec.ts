import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import { useTestApp } from '../../../test/harness.ts';
import { claimant, claimBody, fileClaim } from '../../../test/reimbursement.ts';
import { randomUUID } from 'node:crypto';
import { answerOf, expectRefusal, expectSameAnswer, hostileClient, label } from '../../../test/hostile.ts';

/**
 * The reimbursement API under hostile use: another member's claim, out-of-range filters and
 * fields, hidden characters in a document's name. Every route without a token and as every role, malformed JSON and
 * odd ids: the generated `authorization-matrix.int.spec.ts` and `hostile-input.int.spec.ts`.
 */

const t = useTestApp();

interface Route {
  method: 'GET' | 'POST';
  url: string;
  auth: 'signed-in' | 'admin';
  body?: Record<string, unknown>;
}

const ROLES: Role[] = ['Customer', 'Agent', 'Broker', 'Owner', 'Professional', 'Provider Admin', 'Super Admin'];

const { call, as, unchanged, sameAsUnknown } = hostileClient(() => t);

let claimId: string;
let ownerHeaders: Record<string, string>;
let docId: string;
let routes: Route[];

beforeAll(async () => {
  const owner = await claimant(t);
  ownerHeaders = owner.headers;
  const claim = await fileClaim(t, owner.accountId);
  claimId = claim.claim_id;
  docId = claim.documents[0]?.doc_id ?? '';
  routes = [
    { method: 'GET', url: '/reimbursements/claims', auth: 'signed-in' },
    { method: 'POST', url: '/reimbursements/claims', auth: 'signed-in', body: claimBody() },
    { method: 'GET', url: `/reimbursements/claims/${claimId}`, auth: 'signed-in' },
    { method: 'GET', url: `/reimbursements/claims/${claimId}/history`, auth: 'signed-in' },
    { method: 'GET', url: `/reimbursements/claims/${claimId}/documents/${docId}`, auth: 'signed-in' },
    { method: 'POST', url: `/reimbursements/claims/${claimId}/answer`, auth: 'signed-in', body: { message: 'Hostile answer' } },
    { method: 'GET', url: '/admin/reimbursements/claims', auth: 'admin' },
    { method: 'GET', url: '/reimbursements/coverage', auth: 'signed-in' },
    { method: 'GET', url: `/admin/reimbursements/claims/${claimId}/coverage`, auth: 'admin' },
    { method: 'GET', url: '/reimbursements/payout-destination', auth: 'signed-in' },
    { method: 'GET', url: `/admin/reimbursements/claims/${claimId}/payout-destination`, auth: 'admin' },
    { method: 'POST', url: `/admin/reimbursements/claims/${claimId}/request-info`, auth: 'admin', body: { message: 'Hostile request' } },
    { method: 'POST', url: `/admin/reimbursements/claims/${claimId}/approve`, auth: 'admin', body: { reason: 'Hostile', approved_amount_cents: 1 } },
    { method: 'POST', url: `/admin/reimbursements/claims/${claimId}/reject`, auth: 'admin', body: { reason: 'Hostile' } },
    { method: 'POST', url: `/admin/reimbursements/claims/${claimId}/payout`, auth: 'admin', body: { method: 'ach', reference: 'H-1' } },
  ];
}, 60_000);

describe('every reimbursement route, by a stranger and by every role', () => {
  it('answers another member’s claim on every claim route exactly as a claim that does not exist (404, same code and message)', async () => {
    await unchanged(async () => {
      for (const role of ROLES.filter((r) => r !== 'Super Admin')) {
        const headers = await as(role);
        for (const route of routes.filter((r) => r.auth === 'signed-in' && r.url.includes(claimId))) {
          // The answer route is the claimants' (capability claims.file): a Provider Admin is refused by role first, whatever the id.
          const guarded = route.url.endsWith('/answer') && role === 'Provider Admin';
          const theirs = await sameAsUnknown(route, headers, (url) => url.replace(claimId, randomUUID()), label(route, role), guarded ? 403 : 404);
          if (!guarded) expect.soft(answerOf(theirs), label(route, role)).toEqual({ status: 404, code: 'CLAIM_NOT_FOUND', message: 'This claim was not found.' });
        }
      }
    });
  });

  it('refuses filing under another member’s claim_id exactly as its claimant’s own repeat with other contents, whatever the body', async () => {
    const own = await call({ method: 'POST', url: '/reimbursements/claims', headers: ownerHeaders, payload: claimBody({ claim_id: claimId, amount_cents: 1_234 }) });
    expect(own.statusCode, own.body).toBe(409);
    const sameBody = claimBody({ claim_id: claimId });
    expect((await call({ method: 'POST', url: '/reimbursements/claims', headers: ownerHeaders, payload: sameBody })).statusCode, 'the claimant’s repeat').toBe(200);
    const stranger = await claimant(t);
    await unchanged(async () => {
      for (const payload of [sameBody, claimBody({ claim_id: claimId, amount_cents: 1_234 })]) {
        expectSameAnswer(await call({ method: 'POST', url: '/reimbursements/claims', headers: stranger.headers, payload }), own, 'POST /reimbursements/claims with another member’s claim_id', 409);
      }
    });
  });

  it('refuses out-of-range filters and wrong field values with 400, appending nothing (generic malformed input: hostile-input.int.spec.ts)', async () => {
    const admin = await as('Super Admin');
    const customer = await as('Customer');
    await unchanged(async () => {
            for (const query of ['page=-1', 'page_size=0', 'sort=__proto__', 'order=sideways', 'status=paid&status=submitted', 'min_amount_cents=1e99', 'from=2026-02-30', 'county=' + 'y'.repeat(80)]) {
        expectRefusal(await call({ url: `/admin/reimbursements/claims?${query}`, headers: admin }), `admin?${query.slice(0, 30)}`, [400]);
      }
      for (const query of ['page=-1', 'sort=__proto__', 'status=x']) expectRefusal(await call({ url: `/reimbursements/claims?${query}`, headers: customer }), `mine?${query}`, [400]);
      for (const value of [42, -1, 'x'.repeat(20_000), { $gt: '' }, ['a'], true, null, '\u0000\u202e']) {
        const payload = Object.fromEntries(Object.keys(claimBody()).map((k) => [k, value]));
        expectRefusal(await call({ method: 'POST', url: '/reimbursements/claims', payload, headers: customer }), `file every field ${JSON.stringify(value).slice(0, 20)}`, [400]);
        expectRefusal(await call({ method: 'POST', url: `/admin/reimbursements/claims/${claimId}/approve`, payload: { reason: value, approved_amount_cents: value }, headers: admin }), `approve ${JSON.stringify(value).slice(0, 20)}`, [400]);
        expectRefusal(await call({ method: 'POST', url: `/admin/reimbursements/claims/${claimId}/payout`, payload: { method: value, reference: value }, headers: admin }), `payout ${JSON.stringify(value).slice(0, 20)}`, [400]);
        expectRefusal(await call({ method: 'POST', url: `/reimbursements/claims/${claimId}/answer`, payload: { message: value, documents: value }, headers: customer }), `answer ${JSON.stringify(value).slice(0, 20)}`, [400, 404]);
      }
      expectRefusal(await call({ method: 'POST', url: '/reimbursements/claims', headers: customer, payload: claimBody({ documents: [{ name: 'a\u202Eevil.pdf', data: 'JVBERi0=' }] }) }), 'hidden characters in a name', [400]);
    });
  });
});
