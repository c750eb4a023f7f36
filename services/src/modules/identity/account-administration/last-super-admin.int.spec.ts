import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../../test/accounts.ts';
import { SEEDED_ADMIN, useTestApp } from '../../../../test/harness.ts';
import { findAccountIdByEmail } from '../accounts.ts';

// Its own app: the seeded Super Admin and one more are the only Super Admins, so demoting both at once must leave one.
const t = useTestApp();

const code = (r: LightMyRequestResponse) => [r.statusCode, (r.json() as { code?: string }).code];

describe('never the last Super Admin, race-free', () => {
  it('of two Super Admins demoted and suspended at once by a third caller, exactly one change passes (409 LAST_SUPER_ADMIN)', async () => {
    const seeded = await findAccountIdByEmail(t.platform.eventStore, SEEDED_ADMIN.email);
    if (!seeded) throw new Error('no seeded admin');
    const other = randomUUID();
    await registerAccount(t, other, { email: `sa-${other.slice(0, 8)}@example.test`, full_name: 'Second Super Admin', roles: ['Super Admin'] });
    const token = await t.signInAs('Super Admin', 'caller-not-an-account');
    const headers = { authorization: `Bearer ${token}` };
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/v1/admin/accounts/${seeded}/roles`, headers, payload: { roles: ['Customer'], reason: 'Race: demote the first' } }),
      t.app.inject({ method: 'POST', url: `/api/v1/admin/accounts/${other}/suspend`, headers, payload: { reason: 'Race: suspend the second' } }),
    ]);
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
    expect(answers.map(code).find(([status]) => status === 409)).toEqual([409, 'LAST_SUPER_ADMIN']);
    // The roster recorded both attempts and cancelled the refused one.
    const roster = await t.platform.eventStore.readStream('identity-super-admin-roster');
    expect(roster.map((e) => e.type).sort()).toEqual(['SuperAdminChangeCancelled', 'SuperAdminChangeRecorded', 'SuperAdminChangeRecorded']);
  });
});
