import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageOf } from '@acpg/contracts/http';
import { CLAIM_UPDATED_MESSAGE, ClaimView } from '@acpg/contracts/reimbursement';
import { useTestApp } from '../../../../test/harness.ts';
import { expectSameAnswer } from '../../../../test/hostile.ts';
import { joinProviderThroughInvitation, providerWithAdmin, removeProviderUserThroughApi } from '../../../../test/providers.ts';
import { claimant, fileClaim } from '../../../../test/reimbursement.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { waitFor } from '../../../../test/wait-for.ts';

/** Issue 21 item 5: a Provider Admin's /property-reimbursement shows its provider's users' claims, and only while they are. */
describe('reimbursement claims scoped to a Provider Admin’s provider', () => {
  const t = useTestApp({ CAPTCHA_COST: '1' });
  const { open, follow, roundTrip } = socketClients(() => t);
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
  const post = (url: string, token: string, payload: object = {}) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
  const listed = async (token: string, query = '') => {
    const r = await get(`/reimbursements/claims?page_size=100${query}`, token);
    expect(r.statusCode, r.body).toBe(200);
    return pageOf(ClaimView).parse(r.json().data).items.map((c) => c.claim_id);
  };
  /** A claimant (verified property, membership) who is a user of the provider whose admin token is given. */
  const member = async (adminToken: string) => {
    const { accountId, email } = await claimant(t);
    return { accountId, ...(await joinProviderThroughInvitation(t, adminToken, accountId, 'Casey Claimant', { email })) };
  };

  it('lists, opens and traces its members’ claims, never another provider’s; cannot review them; a removed member’s drop out at once', async () => {
    const [a, b] = [await providerWithAdmin(t), await providerWithAdmin(t)];
    const [memberA, memberB] = [await member(a.adminToken), await member(b.adminToken)];
    const [claimA, claimB] = [await fileClaim(t, memberA.accountId), await fileClaim(t, memberB.accountId)];

    expect(await listed(a.adminToken)).toEqual([claimA.claim_id]);
    expect(await listed(b.adminToken)).toEqual([claimB.claim_id]);
    expect(await listed(a.adminToken, '&status=submitted')).toEqual([claimA.claim_id]);
    expect(await listed(await t.signInAs('Customer', memberA.accountId))).toEqual([claimA.claim_id]);

    const byId = await get(`/reimbursements/claims/${claimA.claim_id}`, a.adminToken);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().data).toMatchObject({ claim_id: claimA.claim_id, account_id: memberA.accountId });
    expect((await get(`/reimbursements/claims/${claimA.claim_id}/history`, a.adminToken)).statusCode).toBe(200);
    expectSameAnswer(await get(`/reimbursements/claims/${claimB.claim_id}`, a.adminToken), await get(`/reimbursements/claims/${randomUUID()}`, a.adminToken), 'GET by id', 404);
    expectSameAnswer(await get(`/reimbursements/claims/${claimB.claim_id}/history`, a.adminToken), await get(`/reimbursements/claims/${randomUUID()}/history`, a.adminToken), 'history', 404);
    // Reviewing stays with the claims reviewers (the route's capability).
    expect((await post(`/admin/reimbursements/claims/${claimA.claim_id}/review`, a.adminToken)).statusCode).toBe(403);

    const removed = await removeProviderUserThroughApi(t, a.adminToken, memberA.providerUserId);
    expect(removed.status).toBe('removed');
    expect(await listed(a.adminToken)).toEqual([]);
    expectSameAnswer(await get(`/reimbursements/claims/${claimA.claim_id}`, a.adminToken), await get(`/reimbursements/claims/${randomUUID()}`, a.adminToken), 'GET by id after removal', 404);
    expect(await listed(await t.signInAs('Customer', memberA.accountId))).toEqual([claimA.claim_id]);
  }, 90_000);

  it('pushes a member’s claim to its provider’s room only', async () => {
    const [a, b] = [await providerWithAdmin(t), await providerWithAdmin(t)];
    const [memberA, memberB] = [await member(a.adminToken), await member(b.adminToken)];
    const socketA = await open(a.adminToken);
    expect(await follow(socketA, `provider:${a.providerId}`)).toEqual({ ok: true });
    expect((await follow(socketA, `provider:${b.providerId}`)).ok).toBe(true);
    const seen: ClaimView[] = [];
    socketA.on(CLAIM_UPDATED_MESSAGE, (view: ClaimView) => seen.push(view));
    const claimB = await fileClaim(t, memberB.accountId);
    const claimA = await fileClaim(t, memberA.accountId);
    await waitFor(async () => (seen.some((v) => v.claim_id === claimA.claim_id) ? true : undefined), { what: "A's member's claim pushed to A's admin" });
    await roundTrip(socketA);
    expect(seen.map((v) => v.claim_id)).not.toContain(claimB.claim_id);
  }, 90_000);
});
