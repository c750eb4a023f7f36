import { randomUUID } from 'node:crypto';
import type { MembershipStarted } from '@acpg/contracts/memberships';
import type { NhdOrderPlaced } from '@acpg/contracts/nhd';
import type { ReimbursementClaimSubmitted } from '@acpg/contracts/reimbursement';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import type { TestApp } from './harness.ts';

/**
 * The other modules' published events an account's page reads (identity keeps copies of them): a membership started,
 * an NHD order placed, a claim submitted, appended to their owners' streams as those modules write them.
 */
const append = async (t: Pick<TestApp, 'platform'>, stream: string, type: string, data: unknown, actor: string) => {
  const meta = { now: t.platform.clock(), actor, correlationId: randomUUID() };
  await t.platform.eventStore.append(stream, 0, [eventEnvelope(randomUUID(), type, data, meta)]);
};

export const startedMembership = async (t: Pick<TestApp, 'platform'>, accountId: string, membershipId = randomUUID()): Promise<string> => {
  const at = t.platform.clock().toISOString();
  const data: MembershipStarted = {
    membership_id: membershipId,
    account_id: accountId,
    plan_id: 'plan-basic',
    plan_name: 'Monthly',
    amount_cents: 1000,
    renewal_amount_cents: 1000,
    paid_cents: 1000,
    started_at: at,
    trial_ends_at: null,
    next_renewal_at: at,
    card_brand: 'visa',
    card_last4: '4242',
    status: 'active',
    checkout_id: randomUUID(),
  };
  await append(t, `memberships-membership-${membershipId}`, 'MembershipStarted', data, accountId);
  return membershipId;
};

export const placedOrder = async (t: Pick<TestApp, 'platform'>, accountId: string, orderId = randomUUID()): Promise<string> => {
  const data: NhdOrderPlaced = {
    order_id: orderId,
    by: accountId,
    at: t.platform.clock().toISOString(),
    number: 'NHD-100042',
    account_id: accountId,
    property: { property_id: 'p1', address_line: '1 Main St', city: 'Fresno', county: 'Fresno', state: 'CA', zip: '93650', apn: '001-001-001' },
    report_type: { code: 1, name: 'Standard NHD' },
    amount_cents: 4900,
    recipients: [],
    escrow_users: [],
  };
  await append(t, `nhd-order-${orderId}`, 'NhdOrderPlaced', data, accountId);
  return orderId;
};

export const submittedClaim = async (t: Pick<TestApp, 'platform'>, accountId: string, claimId = randomUUID()): Promise<string> => {
  const data: ReimbursementClaimSubmitted = {
    claim_id: claimId,
    by: accountId,
    at: t.platform.clock().toISOString(),
    number: 'CLM-100042',
    account_id: accountId,
    property: { property_id: 'p1', address_line: '1 Main St', city: 'Fresno', county: 'Fresno', apn: '001-001-001' },
    category: 'inspection',
    amount_cents: 12_500,
    expense_date: '2026-01-02',
    description: 'Roof inspection',
    documents: [],
  };
  await append(t, `reimbursement-claim-${claimId}`, 'ReimbursementClaimSubmitted', data, accountId);
  return claimId;
};
