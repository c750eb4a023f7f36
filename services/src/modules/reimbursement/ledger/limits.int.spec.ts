import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { coverageLedgerStream, reimbursementClaimStream, type ClaimCoverage } from '@acpg/contracts/reimbursement';
import { eventEnvelope } from '../../../platform/commands/envelope.ts';
import { apiClient } from '../../../../test/api.ts';
import { useTestApp, type TestApp } from '../../../../test/harness.ts';
import { planAdminCall, planBody } from '../../../../test/plans.ts';
import { adminStep, claimant, claimBody, daysAgo, filedClaimData, renewMembershipFor, startMembershipFor } from '../../../../test/reimbursement.ts';

const TERMS = { waiting_period_days: 0, covered_categories: ['inspection', 'other'], per_claim_limit_cents: 60_000, annual_limit_cents: 100_000 };

/** A plan of its own with `terms`, and a member of it since `startedDaysAgo` days with a verified property. */
const memberOfNewPlan = async (t: TestApp, propertyId: string, terms: object = TERMS, startedDaysAgo = 2) => {
  const planId = `lim-${randomUUID().slice(0, 8)}`;
  const created = await planAdminCall(t, 'POST', '/admin/plans', planBody({ id: planId, coverage: terms }));
  expect(created.statusCode, created.body).toBe(200);
  const member = await claimant(t, undefined, propertyId, { membership: false });
  const membership = await startMembershipFor(t, member.accountId, startedDaysAgo, { plan_id: planId, plan_name: 'Monthly' });
  return { planId, member, membership };
};

/** The year's limit holds under concurrency: claims and approvals racing for one membership year (the coverage ledger). */
describe('reimbursement coverage ledger', () => {
  const t = useTestApp();
  const { as, get, post } = apiClient(() => t);

  it("of five $300 claims filed at once against a $1,000 year, accepts exactly three and refuses the others on the amount; a rejection gives the room back", async () => {
    const { member, membership } = await memberOfNewPlan(t, 'ca-lax-00011');
    const bodies = Array.from({ length: 5 }, () => claimBody({ property_id: 'ca-lax-00011', amount_cents: 30_000, expense_date: daysAgo(t, 1) }));
    const answers = await Promise.all(bodies.map((body) => post('/reimbursements/claims', body, member.headers)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400)) expect(refused.json()).toMatchObject({ code: 'OVER_YEAR_LIMIT', errors: [{ path: 'amount_cents' }] });
    const filed = answers.filter((r) => r.statusCode === 201).map((r) => r.json().data.claim_id as string);
    // Only the accepted claims exist, and the ledger holds exactly their amounts.
    for (const [i, body] of bodies.entries()) expect((await t.platform.eventStore.readStream(reimbursementClaimStream(body.claim_id))).length).toBe(answers[i]?.statusCode === 201 ? 1 : 0);
    const ledger = await t.platform.eventStore.readStream(coverageLedgerStream(membership.membership_id, membership.started_at.slice(0, 10)));
    expect(ledger.map((e) => e.type)).toEqual(['ReimbursementCoverageHeld', 'ReimbursementCoverageHeld', 'ReimbursementCoverageHeld']);
    expect(ledger.map((e) => (e.data as { claim_id: string }).claim_id).sort()).toEqual([...filed].sort());
    expect((await get('/reimbursements/coverage', member.headers)).json().data).toMatchObject({ used_cents: 0, pending_cents: 90_000, left_cents: 10_000 });

    const [first] = filed as [string];
    await adminStep(t, first, 'review');
    await adminStep(t, first, 'reject', { reason: 'Not covered' });
    const again = await post('/reimbursements/claims', claimBody({ property_id: 'ca-lax-00011', amount_cents: 30_000, expense_date: daysAgo(t, 1) }), member.headers);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('of three $500 approvals at once against a $1,000 year (claims filed before the ledger held nothing), approves exactly two and refuses the third on the approved amount', async () => {
    const { planId, member, membership } = await memberOfNewPlan(t, 'ca-lax-00012', { ...TERMS, per_claim_limit_cents: 100_000 });
    const claimIds = [randomUUID(), randomUUID(), randomUUID()];
    for (const claimId of claimIds) {
      // As the module wrote claims before the ledger: submitted under the membership, nothing held.
      const data = { ...filedClaimData(claimId, { account_id: member.accountId, amount_cents: 50_000, expense_date: daysAgo(t, 1), membership_id: membership.membership_id, plan_id: planId, review_flags: [] }), by: member.accountId, at: t.platform.clock().toISOString() };
      await t.platform.eventStore.append(reimbursementClaimStream(claimId), 0, [eventEnvelope(randomUUID(), 'ReimbursementClaimSubmitted', data, { now: t.platform.clock(), actor: member.accountId, correlationId: randomUUID() })]);
      await adminStep(t, claimId, 'review');
    }
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    const answers = await Promise.all(claimIds.map((id) => post(`/admin/reimbursements/claims/${id}/approve`, { reason: 'Covered', approved_amount_cents: 50_000 }, admin)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 400]);
    const refused = answers.find((r) => r.statusCode === 400);
    expect(refused?.json()).toMatchObject({ code: 'OVER_YEAR_LIMIT', errors: [{ path: 'approved_amount_cents' }] });
    expect(refused?.json().message).toContain('Only $0.00 is left');
    const statuses = await Promise.all(claimIds.map(async (id) => (await get(`/reimbursements/claims/${id}`, member.headers)).json().data.status as string));
    expect(statuses.sort()).toEqual(['approved', 'approved', 'under_review']);
    const ledger = await t.platform.eventStore.readStream(coverageLedgerStream(membership.membership_id, membership.started_at.slice(0, 10)));
    expect(ledger.map((e) => (e.data as { cents: number }).cents)).toEqual([50_000, 50_000]);
  });

  it("checks a claim against the plan's terms when the membership started, not a later change of them; a renewal takes the terms then in force", async () => {
    const { planId, member, membership } = await memberOfNewPlan(t, 'ca-lax-00013', TERMS, 40);
    const later = { waiting_period_days: 0, covered_categories: ['other'], per_claim_limit_cents: 20_000, annual_limit_cents: 100_000 };
    const changed = await planAdminCall(t, 'PUT', `/admin/plans/${planId}`, planBody({ coverage: later }));
    expect(changed.statusCode, changed.body).toBe(200);
    const admin = await as('Super Admin', `admin-${randomUUID()}`);
    const filed = await post('/reimbursements/claims', claimBody({ property_id: 'ca-lax-00013', category: 'inspection', amount_cents: 50_000, expense_date: daysAgo(t, 10) }), member.headers);
    expect(filed.statusCode, filed.body).toBe(201);
    const coverage = (await get(`/admin/reimbursements/claims/${filed.json().data.claim_id}/coverage`, admin)).json().data as ClaimCoverage;
    expect(coverage).toMatchObject({ terms: TERMS, terms_of: { from: membership.started_at, why: 'start', known: true } });

    // The membership renews now, after the change: from then on, the plan's terms as they are now.
    const periodStart = t.platform.clock().toISOString();
    await renewMembershipFor(t, membership, periodStart);
    // The copy is read caught up with the log: the renewal is there.
    const after = await post('/reimbursements/claims', claimBody({ property_id: 'ca-lax-00013', category: 'inspection', amount_cents: 10_000, expense_date: daysAgo(t, 0) }), member.headers);
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ code: 'CATEGORY_NOT_COVERED', errors: [{ path: 'category' }] });
    // An expense before the renewal is still checked against the terms of the membership's start.
    const before = await post('/reimbursements/claims', claimBody({ property_id: 'ca-lax-00013', category: 'inspection', amount_cents: 30_000, expense_date: daysAgo(t, 5) }), member.headers);
    expect(before.statusCode, before.body).toBe(201);
    expect((await get('/reimbursements/coverage', member.headers)).json().data).toMatchObject({ terms: later, terms_of: { from: periodStart, why: 'renewal' } });
  });
});
