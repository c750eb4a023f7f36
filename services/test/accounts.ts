import { randomUUID } from 'node:crypto';
import type { AccountRegistered } from '@acpg/contracts/identity';
import type { AccountTimeZoneSet } from '@acpg/contracts/time-zones';
import { eventEnvelope } from '../src/platform/commands/envelope.ts';
import type { TestApp } from './harness.ts';

/**
 * An account as identity registers it (`AccountRegistered` on `identity-account-<id>`), without the sign-up steps: what
 * other modules keep a copy of (name and email) comes from this event, as it does in production.
 */
export const registerAccount = async (
  t: Pick<TestApp, 'platform'>,
  accountId: string,
  contact: { email: string; full_name: string; roles?: AccountRegistered['roles']; phone_masked?: string; time_zone?: string },
): Promise<void> => {
  const data: AccountRegistered = {
    account_id: accountId,
    email: contact.email,
    full_name: contact.full_name,
    roles: contact.roles ?? ['Customer'],
    phone_encrypted: null,
    phone_masked: contact.phone_masked ?? null,
    profile_img: null,
  };
  const meta = { now: t.platform.clock(), actor: accountId, correlationId: randomUUID() };
  const zone: AccountTimeZoneSet[] = contact.time_zone ? [{ account_id: accountId, time_zone: contact.time_zone, at: meta.now.toISOString() }] : [];
  await t.platform.eventStore.append(`identity-account-${accountId}`, 0, [
    eventEnvelope(randomUUID(), 'AccountRegistered', data, meta),
    // As sign-in from a browser in that zone records it (identity's `SetTimeZone`); absent: the default zone.
    ...zone.map((z) => eventEnvelope(randomUUID(), 'AccountTimeZoneSet', z, meta)),
  ]);
};
