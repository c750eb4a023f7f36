import { describe, expect, it } from 'vitest';
import type { Doc } from '../documents/port.ts';
import type { StoredEvent } from '../event-store/port.ts';
import type { Platform } from '../module.ts';
import { accountTimeZonesCopy, timeZoneOf } from './account-time-zones.ts';

const stored = (stream: string, type: string, data: unknown): StoredEvent =>
  ({ id: 'e', stream, type, data, occurredAt: '2026-06-03T04:30:00.000Z', position: 1, version: 1, actor: null, correlationId: 'c', causationId: null }) as unknown as StoredEvent;

describe('a module’s copy of account time zones', () => {
  const copy = accountTimeZonesCopy('memberships');

  it('is the module’s own read model, kept from identity’s AccountTimeZoneSet only', () => {
    expect(copy.collection).toBe('memberships_account_time_zones');
    expect(copy.handles).toEqual(['AccountTimeZoneSet']);
    expect(accountTimeZonesCopy('memberships')).toBe(copy);
  });

  it('folds the latest zone per account; an event on another module’s stream is skipped', () => {
    const first = stored('identity-account-a1', 'AccountTimeZoneSet', { account_id: 'a1', time_zone: 'America/Los_Angeles', at: 't' });
    expect(copy.documentId(first)).toBe('a1');
    const la = copy.evolve(null, first);
    expect(la).toEqual({ _id: 'a1', time_zone: 'America/Los_Angeles' });
    const ny = copy.evolve(la, stored('identity-account-a1', 'AccountTimeZoneSet', { account_id: 'a1', time_zone: 'America/New_York', at: 't' }));
    expect(ny).toEqual({ _id: 'a1', time_zone: 'America/New_York' });
    const forged = stored('payments-checkout-x', 'AccountTimeZoneSet', { account_id: 'a1', time_zone: 'UTC', at: 't' });
    expect(copy.documentId(forged)).toBeNull();
    expect(copy.evolve(ny, forged)).toBe(ny);
  });

  it('timeZoneOf answers the copy’s zone, or the default for an account without one', async () => {
    const docs: Record<string, Doc> = { a1: { _id: 'a1', time_zone: 'America/New_York' } as Doc };
    const platform = { caughtUp: async () => undefined, documents: { get: async (_c: string, id: string) => docs[id] ?? null } } as unknown as Pick<Platform, 'documents' | 'caughtUp'>;
    expect(await timeZoneOf(platform, 'memberships', 'a1')).toBe('America/New_York');
    expect(await timeZoneOf(platform, 'memberships', 'older')).toBe('America/Los_Angeles');
  });
});
