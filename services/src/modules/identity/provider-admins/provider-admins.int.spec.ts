import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registerAccount } from '../../../../test/accounts.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { loadStream } from '../../../platform/commands/handle-command.ts';
import { accountDecider, accountStream } from '../account/decider.ts';
import { providerAdminsWorker } from './reaction.ts';

const t = useTestApp();

const call = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
  const response = await t.app.inject({ method, url: `/api/v1${url}`, ...(payload ? { payload } : {}), headers: { authorization: `Bearer ${await t.signInAs('Super Admin', 'pa-admin')}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string };
};
const rolesOf = async (accountId: string) => {
  const { state } = await loadStream(t.platform.eventStore, accountStream(accountId), accountDecider);
  return state.status === 'registered' ? { roles: state.roles, provider: state.providerId ?? null } : null;
};
const changes = async (accountId: string) => (await t.platform.eventStore.readStream(accountStream(accountId))).filter((e) => e.type === 'AccountRolesChanged');

describe('identity: Provider Admins from the providers module (AccountRolesChanged)', () => {
  it("gives and takes back the role, and an appointment's job run again after the removal leaves the account as the latest word says", async () => {
    const accountId = randomUUID();
    const email = `pa-${accountId.slice(0, 8)}@example.test`;
    await registerAccount(t, accountId, { email, full_name: 'Robin Roles', roles: ['Agent'] });
    const provider = await call('POST', '/admin/providers', {
      name: 'Roles Realty',
      kind: 'Brokerage',
      contact: { name: 'Robin', email: 'robin@roles.example', phone: null },
      address: { line1: '2 Main St', city: 'Fresno', state: 'CA', zip: '93721' },
    });
    await call('POST', `/admin/providers/${provider.id}/admins`, { email });
    await waitFor(async () => (await rolesOf(accountId))?.provider === provider.id, { what: 'the role given' });
    expect(await rolesOf(accountId)).toEqual({ roles: ['Provider Admin', 'Agent'], provider: provider.id });

    await call('DELETE', `/admin/providers/${provider.id}/admins/${accountId}`);
    await waitFor(async () => (await rolesOf(accountId))?.provider === null, { what: 'the role taken back' });
    expect(await rolesOf(accountId)).toEqual({ roles: ['Agent'], provider: null });
    const [changed] = await changes(accountId);
    expect(changed?.data).toMatchObject({ changed_by: 'pa-admin', reason: expect.stringContaining('Appointed') });

    // The appointment's job delivered again, late: the copy's latest word is the removal, so nothing changes.
    const [appointment] = await t.platform.eventStore.readAll({ after: 0, limit: 10_000, types: ['ProviderAdminAppointed'] }).then((all) => all.filter((e) => (e.data as { account_id: string }).account_id === accountId));
    if (!appointment) throw new Error('no appointment event');
    await providerAdminsWorker.processor(t.platform)({ id: 'again', queue: providerAdminsWorker.queue, name: 'set-provider-admin', data: { event: appointment }, attemptsMade: 0 });
    expect(await rolesOf(accountId)).toEqual({ roles: ['Agent'], provider: null });
    expect(await changes(accountId)).toHaveLength(2);
  });
});
