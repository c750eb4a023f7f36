import { describe, expect, it } from 'vitest';
import { nextNhdOrderSummary, type NhdOrderPlaced } from '@acpg/contracts/nhd';
import { nextClaimSummary } from '@acpg/contracts/reimbursement';
import type { Doc } from '../../../platform/documents/port.ts';
import { storedEvent } from '../../../../test/stored-event.ts';
import { adminAccountsProjection, toAdminAccountRow } from './projection.ts';
import { sessionsProjection } from './sessions-projection.ts';

const fold = (projection: typeof adminAccountsProjection, events: { type: string; data: unknown; stream: string }[]) => {
  let doc: Doc | null = null;
  events.forEach((e, i) => {
    const stored = storedEvent({ ...e, version: i + 1, occurredAt: '2026-01-01T00:00:00.000Z' });
    doc = projection.evolve(doc, stored) as Doc | null;
    if (doc) doc = { ...doc, _version: i + 1, _position: i + 1 };
  });
  return doc as Doc | null;
};

const stream = 'identity-account-a1';
const registered = { type: 'AccountRegistered', stream, data: { account_id: 'a1', email: 'jo@example.com', full_name: 'Jo Smith', roles: ['Customer'], phone_encrypted: null, phone_masked: null, profile_img: null } };

describe('identity.admin-accounts projection', () => {
  it('keeps the row a Super Admin searches: name and email in lower case, roles, provider, status', () => {
    const doc = fold(adminAccountsProjection, [
      registered,
      { type: 'AccountNameChanged', stream, data: { account_id: 'a1', full_name: 'Jo Anne Smith', at: 'x' } },
      { type: 'AccountRolesChanged', stream, data: { account_id: 'a1', roles: ['Admin'], provider_id: 'p9', changed_by: 'sa', reason: 'r', changed_at: 'x' } },
      { type: 'AccountSuspended', stream, data: { account_id: 'a1', by: 'sa', reason: 'r', at: 'x' } },
    ]);
    expect(doc).toMatchObject({ search_text: 'jo anne smith jo@example.com', roles: ['Admin'], provider_id: 'p9', status: 'suspended', created_at: '2026-01-01T00:00:00.000Z' });
    expect(doc ? toAdminAccountRow(doc) : null).toMatchObject({ id: 'a1', status: 'suspended', version: 4 });
    const reactivated = fold(adminAccountsProjection, [registered, { type: 'AccountSuspended', stream, data: { account_id: 'a1', by: 'sa', reason: 'r', at: 'x' } }, { type: 'AccountReactivated', stream, data: { account_id: 'a1', by: 'sa', reason: 'r', at: 'x' } }]);
    expect(reactivated?.status).toBe('active');
  });

  it('keeps a session without its token digest: device, last use, ended', () => {
    const s = 'identity-session-s1';
    const doc = fold(sessionsProjection, [
      { type: 'SessionStarted', stream: s, data: { session_id: 's1', account_id: 'a1', token_hash: 'secret', started_at: 't0', expires_at: 't9', user_agent: 'Firefox' } },
      { type: 'SessionRefreshed', stream: s, data: { session_id: 's1', token_hash: 'secret2', refreshed_at: 't1', expires_at: 't10' } },
    ]);
    expect(doc).toMatchObject({ account_id: 'a1', started_at: 't0', last_used_at: 't1', expires_at: 't10', device: 'Firefox', status: 'active' });
    expect(JSON.stringify(doc)).not.toContain('secret');
  });
});

describe('published summaries of orders and claims', () => {
  it('an order: placed, then its status follows each step', () => {
    const placed: NhdOrderPlaced = {
      order_id: 'o1', by: 'a1', at: 't0', account_id: 'a1', number: 'NHD-1',
      property: { property_id: 'p', address_line: '1 Main St', city: 'Fresno', county: 'Fresno', state: 'CA', zip: '93650', apn: '1' },
      report_type: { code: 1, name: 'Standard' }, amount_cents: 100, recipients: [], escrow_users: [],
    };
    const first = nextNhdOrderSummary(null, { type: 'NhdOrderPlaced', data: placed });
    expect(first).toMatchObject({ status: 'placed', address_line: '1 Main St, Fresno', number: 'NHD-1' });
    const paid = nextNhdOrderSummary(first, { type: 'NhdOrderPaid', data: { order_id: 'o1', by: 'a1', at: 't1', checkout_id: 'c', amount_cents: 100 } });
    expect(paid).toMatchObject({ status: 'paid', updated_at: 't1' });
    expect(nextNhdOrderSummary(null, { type: 'NhdOrderPaid', data: {} })).toBeNull();
  });

  it('a claim: submitted, then its status follows each step', () => {
    const first = nextClaimSummary(null, {
      type: 'ReimbursementClaimSubmitted',
      data: { claim_id: 'c1', by: 'a1', at: 't0', account_id: 'a1', property: { property_id: 'p', address_line: '1 Main St', city: 'Fresno', county: 'Fresno', apn: '1' }, category: 'inspection', amount_cents: 500, expense_date: '2026-01-01', description: 'd', documents: [] },
    });
    expect(first).toMatchObject({ status: 'submitted', number: null, amount_cents: 500 });
    expect(nextClaimSummary(first, { type: 'ReimbursementClaimRejected', data: { claim_id: 'c1', by: 'sa', at: 't2', reason: 'no' } })).toMatchObject({ status: 'rejected', updated_at: 't2' });
  });
});
