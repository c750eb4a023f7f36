import { randomUUID } from 'node:crypto';
import { PROPERTY_VERIFIED, type PropertyVerifiedData } from '@acpg/contracts/properties';
import { membershipStream, type MembershipRenewed, type MembershipStarted } from '@acpg/contracts/memberships';
import type { ClaimView, ReimbursementClaimSubmitted } from '@acpg/contracts/reimbursement';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import type { TestApp } from './harness.ts';
import { SAMPLE_PROPERTY_ID } from './nhd.ts';
import { registerAccount } from './accounts.ts';
import { waitFor } from './wait-for.ts';

/** A claim document's metadata as the claim's events carry it (`reimbursement/documents/<claim>/<id>`). */
export const claimDocument = (claimId: string, id: string, size = 120) => ({ doc_id: id, file_key: `reimbursement/documents/${claimId}/${id}`, name: `${id}.pdf`, content_type: 'application/pdf', size });

/** A filed claim as FileClaim carries it (ReimbursementClaimSubmitted without `by` and `at`): acct-1's 450.00 roof inspection on the sample property, one document. */
export const filedClaimData = (claimId: string, over: Partial<ReimbursementClaimSubmitted> = {}): Omit<ReimbursementClaimSubmitted, 'by' | 'at'> => ({
  claim_id: claimId,
  account_id: 'acct-1',
  property: { property_id: 'ca-lax-00001', address_line: '1 Main St', city: 'Los Angeles', county: 'Los Angeles', apn: '0165-307-174' },
  category: 'inspection',
  amount_cents: 45_000,
  expense_date: '2026-11-01',
  description: 'Roof inspection after the storm',
  documents: [claimDocument(claimId, 'd1')],
  ...over,
});

/** The events of a claim that went submitted → under review → more information → answered → approved → payout → paid. */
export const CLAIM_PATH_TO_PAID = [
  'ReimbursementClaimSubmitted',
  'ReimbursementClaimReviewStarted',
  'ReimbursementInfoRequested',
  'ReimbursementInfoProvided',
  'ReimbursementClaimApproved',
  'ReimbursementPayoutRequested',
  'ReimbursementClaimPaid',
];

/** The smallest PDF file-type recognises, and a 1×1 PNG: documents a claim may carry. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const bearer = async (t: Pick<TestApp, 'signInAs'>, accountId: string) => ({ authorization: `Bearer ${await t.signInAs('Customer', accountId)}` });

/** `accountId` verified `propertyId`: the event as the properties module writes it, then its read model shows it. */
export const verifyPropertyFor = async (t: Pick<TestApp, 'app' | 'platform' | 'signInAs'>, accountId: string, propertyId = SAMPLE_PROPERTY_ID) => {
  const verificationId = randomUUID();
  const data: PropertyVerifiedData = {
    verification_id: verificationId,
    account_id: accountId,
    property_id: propertyId,
    address_line: 'as verified',
    city: 'Los Angeles',
    county: 'Los Angeles',
    state: 'CA',
    zip: '90001',
    apn: '0000-000-000',
    verified_at: t.platform.clock().toISOString(),
  };
  const meta = { now: t.platform.clock(), actor: accountId, correlationId: randomUUID() };
  await t.platform.eventStore.append(`properties-verification-${verificationId}`, 0, [eventEnvelope(randomUUID(), PROPERTY_VERIFIED, data, meta)]);
  const headers = await bearer(t, accountId);
  await waitFor(async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/properties/verified?page_size=100', headers });
    return (list.json().data.items as { property_id: string }[]).some((p) => p.property_id === propertyId);
  }, { what: `property ${propertyId} verified by ${accountId}` });
};

const DAY_MS = 86_400_000;
/** The UTC day `days` before the platform's clock. */
export const daysAgo = (t: Pick<TestApp, 'platform'>, days: number) => new Date(t.platform.clock().getTime() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * `accountId`'s membership, as the memberships module publishes it (`MembershipStarted`): on the seeded Yearly plan
 * (no trial, 30-day waiting period), started `startedDaysAgo` days ago; `over` changes any field (a Monthly plan with
 * its trial: `{ plan_id: 'monthly', plan_name: 'Monthly', status: 'trialing', trial_ends_at }`).
 */
export const startMembershipFor = async (t: Pick<TestApp, 'platform'>, accountId: string, startedDaysAgo = 120, over: Partial<MembershipStarted> = {}) => {
  const membershipId = randomUUID();
  const startedAt = new Date(t.platform.clock().getTime() - startedDaysAgo * DAY_MS).toISOString();
  const data: MembershipStarted = {
    membership_id: membershipId,
    account_id: accountId,
    plan_id: 'yearly',
    plan_name: 'Yearly',
    amount_cents: 19_900,
    renewal_amount_cents: 23_900,
    paid_cents: 21_400,
    started_at: startedAt,
    trial_ends_at: null,
    next_renewal_at: new Date(Date.parse(startedAt) + 365 * DAY_MS).toISOString(),
    card_brand: 'visa',
    card_last4: '4242',
    status: 'active',
    checkout_id: membershipId,
    ...over,
  };
  const meta = { now: t.platform.clock(), actor: 'system', correlationId: randomUUID() };
  await t.platform.eventStore.append(membershipStream(membershipId), 0, [eventEnvelope(randomUUID(), 'MembershipStarted', data, meta)]);
  return data;
};

/**
 * The membership renews (`MembershipRenewed`, as the memberships module publishes it) for the period from `periodStart`,
 * on its plan or `over.plan_id`; `version` is the membership stream's version before it (1 after its start).
 */
export const renewMembershipFor = async (t: Pick<TestApp, 'platform'>, membership: MembershipStarted, periodStart: string, version = 1, over: Partial<MembershipRenewed> = {}) => {
  const data: MembershipRenewed = {
    membership_id: membership.membership_id,
    account_id: membership.account_id,
    plan_id: membership.plan_id,
    plan_name: membership.plan_name,
    amount_cents: membership.renewal_amount_cents,
    checkout_id: randomUUID(),
    period_start: periodStart,
    next_renewal_at: new Date(Date.parse(periodStart) + 365 * DAY_MS).toISOString(),
    attempt: 1,
    renewed_at: periodStart,
    ...over,
  };
  const meta = { now: t.platform.clock(), actor: 'system', correlationId: randomUUID() };
  await t.platform.eventStore.append(membershipStream(membership.membership_id), version, [eventEnvelope(randomUUID(), 'MembershipRenewed', data, meta)]);
  return data;
};

/** A registered customer with an email, a verified sample property and a Yearly membership of 120 days (`membership: false`: none). */
export const claimant = async (t: TestApp, accountId = `acct-${randomUUID()}`, propertyId = SAMPLE_PROPERTY_ID, options: { membership?: boolean } = {}) => {
  const email = `${accountId}@example.test`;
  await registerAccount(t, accountId, { email, full_name: 'Casey Claimant' });
  await verifyPropertyFor(t, accountId, propertyId);
  const membership = options.membership === false ? null : await startMembershipFor(t, accountId);
  return { accountId, email, propertyId, membership, headers: await bearer(t, accountId) };
};

export const claimBody = (over: Record<string, unknown> = {}) => ({
  claim_id: randomUUID(),
  property_id: SAMPLE_PROPERTY_ID,
  category: 'inspection',
  amount_cents: 45_000,
  expense_date: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
  description: 'Roof inspection after the winter storm',
  documents: [{ name: 'invoice.pdf', data: TINY_PDF.toString('base64') }],
  ...over,
});

/** Files a claim over HTTP as `accountId`. */
export const fileClaim = async (t: Pick<TestApp, 'app' | 'signInAs'>, accountId: string, over: Record<string, unknown> = {}): Promise<ClaimView> => {
  const filed = await t.app.inject({ method: 'POST', url: '/api/v1/reimbursements/claims', payload: claimBody(over), headers: await bearer(t, accountId) });
  if (filed.statusCode !== 201) throw new Error(`file claim: ${filed.statusCode} ${filed.body}`);
  return filed.json().data as ClaimView;
};

/** A Super Admin's step on a claim (`review`, `approve` ...); throws unless it answers 200. */
export const adminStep = async (t: Pick<TestApp, 'app' | 'signInAs'>, claimId: string, step: string, payload?: object) => {
  const headers = { authorization: `Bearer ${await t.signInAs('Super Admin', 'claims-admin')}` };
  const r = await t.app.inject({ method: 'POST', url: `/api/v1/admin/reimbursements/claims/${claimId}/${step}`, headers, ...(payload ? { payload } : {}) });
  if (r.statusCode !== 200) throw new Error(`${step}: ${r.statusCode} ${r.body}`);
  return r.json().data as ClaimView;
};

/** Waits until the claim (read as its owner) reaches `status`. */
export const claimReaches = async (t: Pick<TestApp, 'app' | 'signInAs'>, accountId: string, claimId: string, status: ClaimView['status'], timeoutMs = 20_000) => {
  const headers = await bearer(t, accountId);
  return waitFor(
    async () => {
      const r = await t.app.inject({ method: 'GET', url: `/api/v1/reimbursements/claims/${claimId}`, headers });
      const view = r.statusCode === 200 ? (r.json().data as ClaimView) : null;
      return view?.status === status ? view : undefined;
    },
    { what: `claim ${claimId} ${status}`, timeoutMs },
  );
};
