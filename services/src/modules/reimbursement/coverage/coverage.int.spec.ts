import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClaimCoverage, ClaimView } from '@acpg/contracts/reimbursement';
import { apiClient } from '../../../../test/api.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { planAdminCall, planBody } from '../../../../test/plans.ts';
import { adminStep, claimant, claimBody, daysAgo, fileClaim, startMembershipFor, verifyPropertyFor } from '../../../../test/reimbursement.ts';

/** Claims follow coverage (issue 19, item 3): the membership and its plan's terms, as this module's copies hold them. */
describe('reimbursement coverage', () => {
  const t = useTestApp();
  const { as, get, post } = apiClient(() => t);
  const fileAs = (headers: Record<string, string>, over: Record<string, unknown>) => post('/reimbursements/claims', claimBody(over), headers);
  const refusedWith = async (headers: Record<string, string>, over: Record<string, unknown>) => {
    const before = await t.platform.eventStore.headPosition();
    const r = await fileAs(headers, over);
    expect(r.statusCode, r.body).toBe(400);
    expect(await t.platform.eventStore.headPosition(), 'a refusal appends nothing').toBe(before);
    return r.json() as { code: string; message: string; errors?: { path: string; message: string }[] };
  };

  it('refuses the $1,240 claim dated seven days before a membership in its free trial, with the reason on the expense date', async () => {
    const member = await claimant(t, undefined, 'ca-lax-00002', { membership: false });
    const trialEnds = new Date(t.platform.clock().getTime() + 27 * 86_400_000).toISOString();
    await startMembershipFor(t, member.accountId, 3, { plan_id: 'monthly', plan_name: 'Monthly', status: 'trialing', trial_ends_at: trialEnds });
    const refused = await refusedWith(member.headers, { property_id: 'ca-lax-00002', amount_cents: 124_000, expense_date: daysAgo(t, 10) });
    expect(refused.code).toBe('EXPENSE_BEFORE_MEMBERSHIP');
    expect(refused.errors?.map((e) => e.path)).toEqual(['expense_date']);
    expect(refused.message).toMatch(/^This expense is dated before your membership started on \d{2}-\d{2}-\d{4}\./);
    const waiting = await refusedWith(member.headers, { property_id: 'ca-lax-00002', amount_cents: 124_000, expense_date: daysAgo(t, 1) });
    expect(waiting).toMatchObject({ code: 'EXPENSE_IN_WAITING_PERIOD', errors: [{ path: 'expense_date' }] });
    const coverage = (await get('/reimbursements/coverage', member.headers)).json().data as ClaimCoverage;
    expect(coverage).toMatchObject({ membership: { plan_id: 'monthly', status: 'trialing', trial_ends_at: trialEnds }, terms: { waiting_period_days: 30 }, used_cents: 0, left_cents: 500_000 });
  });

  it('refuses without a membership, a kind the plan does not cover and more than it pays per claim', async () => {
    const none = await claimant(t, undefined, 'ca-lax-00003', { membership: false });
    expect(await refusedWith(none.headers, { property_id: 'ca-lax-00003' })).toMatchObject({ code: 'NO_ACTIVE_MEMBERSHIP' });
    expect((await get('/reimbursements/coverage', none.headers)).json().data).toMatchObject({ membership: null, terms: null, left_cents: 0 });
    await startMembershipFor(t, none.accountId, 200, { plan_id: 'monthly-renewal', plan_name: 'Monthly' });
    const other = await refusedWith(none.headers, { property_id: 'ca-lax-00003', category: 'title_fraud_legal_fees' });
    expect(other).toMatchObject({ code: 'CATEGORY_NOT_COVERED', errors: [{ path: 'category' }] });
    expect(other.message).toBe('Your Monthly plan does not cover title fraud legal fees. It covers hazard damage repair, inspection and emergency repairs.');
    expect(await refusedWith(none.headers, { property_id: 'ca-lax-00003', amount_cents: 250_001 })).toMatchObject({ code: 'OVER_CLAIM_LIMIT', errors: [{ path: 'amount_cents' }] });
    expect((await fileAs(none.headers, { property_id: 'ca-lax-00003', amount_cents: 250_000 })).statusCode).toBe(201);
  });

  it("follows the terms a Super Admin gives a plan, refuses filing and approving past the year's limit, and flags a property several accounts verified", async () => {
    const planId = `cov-${randomUUID().slice(0, 8)}`;
    const terms = { waiting_period_days: 0, covered_categories: ['inspection', 'other'], per_claim_limit_cents: 60_000, annual_limit_cents: 100_000 };
    const created = await planAdminCall(t, 'POST', '/admin/plans', planBody({ id: planId, coverage: terms }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.coverage).toEqual(terms);
    const badTerms = await planAdminCall(t, 'PUT', `/admin/plans/${planId}`, planBody({ coverage: { ...terms, per_claim_limit_cents: 100_001 } }));
    expect(badTerms.statusCode).toBe(400);
    // A price change without terms keeps them.
    expect((await planAdminCall(t, 'PUT', `/admin/plans/${planId}`, planBody({ amount: 1_100 }))).json().data.coverage).toEqual(terms);

    const member = await claimant(t, undefined, 'ca-lax-00004', { membership: false });
    const membership = await startMembershipFor(t, member.accountId, 2, { plan_id: planId, plan_name: 'Monthly' });
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    const flagsOf = async (claimId: string) => ((await get(`/admin/reimbursements/claims/${claimId}/coverage`, admin)).json().data as ClaimCoverage).flags;
    const first = await fileClaim(t, member.accountId, { property_id: 'ca-lax-00004', category: 'other', amount_cents: 60_000, expense_date: daysAgo(t, 1) });
    expect(await flagsOf(first.claim_id)).toEqual([]);
    // The first claim, still open, holds its $600 of the year's $1,000: a second claim for $500 does not fit.
    const over = await refusedWith(member.headers, { property_id: 'ca-lax-00004', amount_cents: 50_000, expense_date: daysAgo(t, 1) });
    expect(over).toMatchObject({ code: 'OVER_YEAR_LIMIT', errors: [{ path: 'amount_cents' }] });
    expect(over.message).toContain('$400.00 left of its $1,000.00 limit');
    expect((await get('/reimbursements/coverage', member.headers)).json().data).toMatchObject({ used_cents: 0, pending_cents: 60_000, left_cents: 40_000, flags: [] });
    const second = await fileClaim(t, member.accountId, { property_id: 'ca-lax-00004', amount_cents: 40_000, expense_date: daysAgo(t, 1) });
    expect(await flagsOf(second.claim_id)).toEqual([]);
    await adminStep(t, first.claim_id, 'review');
    await adminStep(t, first.claim_id, 'approve', { reason: 'Covered', approved_amount_cents: 60_000 });
    await adminStep(t, second.claim_id, 'review');
    await adminStep(t, second.claim_id, 'approve', { reason: 'What is left', approved_amount_cents: 40_000 });
    expect(await refusedWith(member.headers, { property_id: 'ca-lax-00004', amount_cents: 100, expense_date: daysAgo(t, 1) })).toMatchObject({ code: 'OVER_YEAR_LIMIT' });

    // A second account verifies the same property: the next claim on it is flagged for review.
    const next = await claimant(t, undefined, 'ca-lax-00005');
    await verifyPropertyFor(t, `acct-${randomUUID()}`, 'ca-lax-00005');
    const flagged = (await fileAs(next.headers, { property_id: 'ca-lax-00005' })).json().data as ClaimView;
    expect(await flagsOf(flagged.claim_id)).toEqual([{ code: 'property_shared', message: 'The property is verified by 2 accounts. Check that this member holds it before paying.' }]);

    const coverage = await get(`/admin/reimbursements/claims/${second.claim_id}/coverage`, admin);
    expect(coverage.statusCode, coverage.body).toBe(200);
    expect(coverage.json().data).toMatchObject({
      membership: { membership_id: membership.membership_id, plan_id: planId, started_at: membership.started_at, trial_ends_at: null, status: 'active' },
      terms,
      terms_of: { why: 'start', known: true },
      used_cents: 60_000,
      pending_cents: 0,
      left_cents: 40_000,
      property_accounts: 1,
    });
    expect((await get(`/admin/reimbursements/claims/${flagged.claim_id}/coverage`, admin)).json().data.property_accounts).toBe(2);
    expect((await get(`/admin/reimbursements/claims/${randomUUID()}/coverage`, admin)).statusCode).toBe(404);
  });
});
