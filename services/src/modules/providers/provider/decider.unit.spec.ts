import { describe, expect, it } from 'vitest';
import type { ProviderDetails } from '@acpg/contracts/providers';
import { metaAt } from '../../../../test/command-meta.ts';
import { refusalKindOf } from '../../../../test/refusal.ts';
import { foldStream } from '../../../platform/commands/handle-command.ts';
import { decideProvider, evolveProvider, initialProviderState, providerDecider, type ProviderCommand, type ProviderEvent, type ProviderState } from './decider.ts';

const AT = '2026-03-01T10:00:00.000Z';
const metadata = metaAt(AT, { actor: 'admin-1' });
const DETAILS: ProviderDetails = {
  name: 'Lennar',
  kind: 'Homebuilder',
  contact: { name: 'Pat Lee', email: 'pat@lennar.example', phone: '+14155550123' },
  address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
};

const run = (state: ProviderState, command: Omit<ProviderCommand, 'metadata'>): { events: ProviderEvent[]; state: ProviderState } => {
  const events = decideProvider({ ...command, metadata } as ProviderCommand, state);
  return { events, state: events.reduce(evolveProvider, state) };
};
const created = () => run(initialProviderState(), { type: 'CreateProvider', data: { provider_id: 'p1', ...DETAILS } }).state;

describe('provider decider', () => {
  it('creates an active provider signed by the actor, at version 1', () => {
    const { events, state } = run(initialProviderState(), { type: 'CreateProvider', data: { provider_id: 'p1', ...DETAILS } });
    expect(events).toEqual([{ type: 'ProviderCreated', data: { provider_id: 'p1', ...DETAILS, by: 'admin-1', at: AT } }]);
    expect(state).toMatchObject({ status: 'active', id: 'p1', version: 1, admins: [], details: DETAILS });
    expect(refusalKindOf(() => run(state, { type: 'CreateProvider', data: { provider_id: 'p1', ...DETAILS } }))).toEqual({ kind: 'conflict', code: 'ALREADY_EXISTS' });
  });

  it('edits at the version read, refuses a stale version, and records nothing for the same details', () => {
    const state = created();
    const edited = run(state, { type: 'EditProvider', data: { ...DETAILS, name: 'Lennar Homes', version: 1 } });
    expect(edited.events).toEqual([{ type: 'ProviderEdited', data: { provider_id: 'p1', ...DETAILS, name: 'Lennar Homes', by: 'admin-1', at: AT } }]);
    expect(edited.state).toMatchObject({ version: 2, details: { name: 'Lennar Homes' } });
    expect(refusalKindOf(() => run(edited.state, { type: 'EditProvider', data: { ...DETAILS, version: 1 } }))).toEqual({ kind: 'conflict', code: 'STALE_VERSION' });
    expect(run(edited.state, { type: 'EditProvider', data: { ...DETAILS, name: 'Lennar Homes', version: 2 } }).events).toEqual([]);
  });

  it('deactivates and reactivates once each, and refuses commands on an unknown provider', () => {
    const off = run(created(), { type: 'DeactivateProvider', data: {} });
    expect(off.events.map((e) => e.type)).toEqual(['ProviderDeactivated']);
    expect(off.state.status).toBe('deactivated');
    expect(run(off.state, { type: 'DeactivateProvider', data: {} }).events).toEqual([]);
    const on = run(off.state, { type: 'ReactivateProvider', data: {} });
    expect(on.events.map((e) => e.type)).toEqual(['ProviderReactivated']);
    expect(on.state.status).toBe('active');
    expect(refusalKindOf(() => run(initialProviderState(), { type: 'DeactivateProvider', data: {} }))).toEqual({ kind: 'not_found', code: 'PROVIDER_NOT_FOUND' });
  });

  it('appoints a Provider Admin once, removes them, and refuses an appointment while deactivated', () => {
    const appointed = run(created(), { type: 'AppointProviderAdmin', data: { account_id: 'a1' } });
    expect(appointed.events).toEqual([{ type: 'ProviderAdminAppointed', data: { provider_id: 'p1', account_id: 'a1', appointed_by: 'admin-1', at: AT } }]);
    expect(appointed.state).toMatchObject({ admins: ['a1'] });
    expect(run(appointed.state, { type: 'AppointProviderAdmin', data: { account_id: 'a1' } }).events).toEqual([]);
    const removed = run(appointed.state, { type: 'RemoveProviderAdmin', data: { account_id: 'a1' } });
    expect(removed.events).toEqual([{ type: 'ProviderAdminRemoved', data: { provider_id: 'p1', account_id: 'a1', appointed_by: 'admin-1', at: AT } }]);
    expect(removed.state).toMatchObject({ admins: [] });
    expect(refusalKindOf(() => run(removed.state, { type: 'RemoveProviderAdmin', data: { account_id: 'a1' } }))).toEqual({ kind: 'not_found', code: 'PROVIDER_ADMIN_NOT_FOUND' });
    const off = run(created(), { type: 'DeactivateProvider', data: {} }).state;
    expect(refusalKindOf(() => run(off, { type: 'AppointProviderAdmin', data: { account_id: 'a1' } }))).toEqual({ kind: 'conflict', code: 'PROVIDER_DEACTIVATED' });
  });

  it('records a new logo and counts every event in the version (stored events fold back to the same state)', () => {
    const { events, state } = run(created(), { type: 'ChangeProviderLogo', data: { logo_id: 'l1', widths: [64, 128] } });
    expect(events).toEqual([{ type: 'ProviderLogoChanged', data: { provider_id: 'p1', logo_id: 'l1', widths: [64, 128], by: 'admin-1', at: AT } }]);
    expect(state.version).toBe(2);
    const stored = [
      { type: 'ProviderCreated', data: { provider_id: 'p1', ...DETAILS, by: 'admin-1', at: AT } },
      ...events,
      { type: 'SomethingElse', data: {} },
    ].map((e, i) => ({ id: `e${i}`, stream: 'providers-provider-p1', version: i + 1, position: i + 1, occurredAt: AT, metadata: {}, ...e }));
    expect(foldStream(providerDecider, stored as never)).toEqual(state);
  });
});
