import { describe, expect, it } from 'vitest';
import type { InvitationEvent } from '../invitation/decider.ts';
import { evolveProviderUserRow, statusAt, toProviderUserView } from './projection.ts';

const AT = '2026-03-01T10:00:00.000Z';
const ids = { invitation_id: 'i1', provider_id: 'p1' };
const sent: InvitationEvent = {
  type: 'ProviderInvitationSent',
  data: { ...ids, provider_name: 'Lennar', email: 'sam@example.test', role: 'Agent', send: 1, code_hash: 'h1', expires_at: '2026-03-15T10:00:00.000Z', by: 'padmin', at: AT },
};
const fold = (events: InvitationEvent[]) => events.reduce<ReturnType<typeof evolveProviderUserRow>>((doc, e) => evolveProviderUserRow(doc, e), null);

describe('provider_users projection', () => {
  it('an invitation is a row, invited, searchable by email; past its expiry it reads as expired', () => {
    const doc = fold([sent]);
    expect(doc).toMatchObject({ _id: 'i1', provider_id: 'p1', provider_name: 'Lennar', status: 'invited', code_hashes: ['h1'], search_text: 'sam@example.test', account_id: null });
    expect(statusAt(doc!, new Date('2026-03-10T00:00:00Z'))).toBe('invited');
    expect(statusAt(doc!, new Date('2026-03-15T10:00:00Z'))).toBe('expired');
  });

  it('a resend keeps every code and moves the expiry; acceptance makes it active with the name; suspension and reactivation follow', () => {
    const resent: InvitationEvent = { type: 'ProviderInvitationResent', data: { ...sent.data, send: 2, code_hash: 'h2', expires_at: '2026-04-01T00:00:00.000Z', at: '2026-03-02T00:00:00.000Z' } };
    const accepted: InvitationEvent = { type: 'ProviderInvitationAccepted', data: { ...ids, account_id: 'acc-1', full_name: 'Sam Lee', email: 'sam@example.test', role: 'Agent', by: 'acc-1', at: '2026-03-03T00:00:00.000Z' } };
    const suspended: InvitationEvent = { type: 'ProviderUserSuspended', data: { ...ids, account_id: 'acc-1', by: 'padmin', at: '2026-03-04T00:00:00.000Z' } };
    const doc = fold([sent, resent, accepted]);
    expect(doc).toMatchObject({ status: 'active', code_hashes: ['h1', 'h2'], account_id: 'acc-1', full_name: 'Sam Lee', expires_at: null, search_text: 'sam@example.test sam lee' });
    // Active never reads as expired, however late.
    expect(toProviderUserView({ ...doc!, _version: 3, _position: 9 }, new Date('2030-01-01T00:00:00Z'))).toMatchObject({ status: 'active', version: 3, position: 9, accepted_at: '2026-03-03T00:00:00.000Z' });
    expect(fold([sent, resent, accepted, suspended])?.status).toBe('suspended');
    expect(fold([sent, resent, accepted, suspended, { type: 'ProviderUserReactivated', data: suspended.data }])?.status).toBe('active');
    expect(fold([sent, { type: 'ProviderInvitationRevoked', data: { ...ids, by: 'padmin', at: AT } }])?.status).toBe('revoked');
  });

  it('an invitation sent again after a revocation starts a fresh row that keeps the older codes', () => {
    const again: InvitationEvent = { type: 'ProviderInvitationSent', data: { ...sent.data, send: 2, code_hash: 'h2', role: 'Owner' } };
    expect(fold([sent, { type: 'ProviderInvitationRevoked', data: { ...ids, by: 'padmin', at: AT } }, again])).toMatchObject({ status: 'invited', role: 'Owner', code_hashes: ['h1', 'h2'] });
  });

  it('holds the attached properties (an old invitation: none) and the ones the user confirmed', () => {
    expect(fold([sent])).toMatchObject({ properties: [], confirmed_properties: [] });
    const withOne: InvitationEvent = { type: 'ProviderInvitationSent', data: { ...sent.data, properties: ['a'] } };
    const attached: InvitationEvent = { type: 'ProviderPropertiesAttached', data: { ...ids, properties: ['b', 'a'], by: 'padmin', at: '2026-03-02T00:00:00.000Z' } };
    const confirmed: InvitationEvent = { type: 'ProviderPropertiesConfirmed', data: { ...ids, provider_name: 'Lennar', account_id: 'acc-1', properties: ['b'], by: 'acc-1', at: '2026-03-03T00:00:00.000Z' } };
    expect(fold([withOne, attached, confirmed])).toMatchObject({ properties: ['a', 'b'], confirmed_properties: ['b'], updated_at: '2026-03-03T00:00:00.000Z' });
  });
});
