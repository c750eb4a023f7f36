import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { accountsProjection } from './projection.ts';
import { storedEvent } from '../../../../test/stored-event.ts';

const event = (type: string, data: unknown, version = 1): StoredEvent =>
  storedEvent({ id: `e-${version}`, type, stream: 'identity-account-a1', version, occurredAt: '2025-01-02T03:04:05.000Z', data });

const registered = {
  account_id: 'a1',
  email: 'jane@example.com',
  full_name: 'Jane Doe',
  roles: ['Customer'],
  phone_encrypted: 'v1.x.y.z',
  phone_masked: '+1415********',
  profile_img: null,
};

describe('accounts read model', () => {
  it('given no document, when AccountRegistered, then the account appears without any secret', () => {
    const e = event('AccountRegistered', registered);
    expect(accountsProjection.documentId(e)).toBe('a1');
    expect(accountsProjection.evolve(null, e)).toEqual({
      _id: 'a1',
      id: 'a1',
      email: 'jane@example.com',
      full_name: 'Jane Doe',
      roles: ['Customer'],
      phone_masked: '+1415********',
      profile_img: null,
      created_at: '2025-01-02T03:04:05.000Z',
    });
  });

  it('is deterministic (replay gives the same document)', () => {
    const e = event('AccountRegistered', registered);
    expect(JSON.stringify(accountsProjection.evolve(null, e))).toBe(JSON.stringify(accountsProjection.evolve(null, e)));
  });

  it('does not handle the password event', () => {
    expect(accountsProjection.handles).not.toContain('AccountPasswordSet');
    const doc = accountsProjection.evolve(null, event('AccountRegistered', registered));
    expect(accountsProjection.evolve(doc, event('AccountPasswordSet', { account_id: 'a1', password_hash: 'h' }, 2))).toBe(doc);
  });
});
