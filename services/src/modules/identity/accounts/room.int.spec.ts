import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { NOT_A_ROOM } from '../../../platform/realtime/socket-io.ts';
import { ACCOUNT_UPDATED_MESSAGE, type AccountUpdated } from '@acpg/contracts/identity';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { waitFor } from '../../../../test/wait-for.ts';
import { registerAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';

/** The account room `account:<id>` over a real socket.io connection: who may follow it, and what it receives. */
describe('identity account room (socket.io)', () => {
  const t = useTestApp();
  const { openAs, follow, roundTrip } = socketClients(() => t);

  it('lets the account and a Super Admin follow it, refuses another user and a kind nobody owns, and pushes after the write', async () => {
    const accountId = uuidv7();
    const own = await openAs('Customer', accountId);
    const admin = await openAs('Super Admin', `admin-${uuidv7()}`);
    const other = await openAs('Customer', `other-${uuidv7()}`);

    expect(await follow(own, `account:${accountId}`)).toEqual({ ok: true });
    expect(await follow(admin, `account:${accountId}`)).toEqual({ ok: true });
    // Another account's room answers as any id does (nothing is learnt from it); its pushes never reach this socket (below).
    expect(await follow(other, `account:${accountId}`)).toEqual(await follow(other, `account:${uuidv7()}`));
    expect(await follow(own, `claim:${accountId}`)).toEqual({ ok: false, message: NOT_A_ROOM });
    expect((await follow(own, 'account:')).ok).toBe(false);

    const toOwn: AccountUpdated[] = [];
    const toAdmin: AccountUpdated[] = [];
    const toOther: unknown[] = [];
    own.on(ACCOUNT_UPDATED_MESSAGE, (payload: AccountUpdated) => toOwn.push(payload));
    admin.on(ACCOUNT_UPDATED_MESSAGE, (payload: AccountUpdated) => toAdmin.push(payload));
    other.on(ACCOUNT_UPDATED_MESSAGE, (payload: unknown) => toOther.push(payload));

    // The registration takes its account id from the metadata's first id: the room's id, known before the account exists.
    let first = true;
    const meta = { ...systemMeta(t.platform, { actor: 'test' }), newId: () => (first ? ((first = false), accountId) : uuidv7()) };
    const ctx = await identityContext(t.platform);
    const email = `room-${accountId}@example.test`;
    expect(await registerAccount(ctx, { email, fullName: 'Room Test', roles: ['Customer'], password: 'correct horse battery staple 9' }, meta)).toEqual({
      accountId,
      created: true,
    });

    const pushed = await waitFor(() => toOwn[0], { what: 'the push to the account room' });
    expect(pushed).toMatchObject({ id: accountId, email, full_name: 'Room Test', roles: ['Customer'], version: 1 });
    expect(pushed.position).toBeGreaterThan(0);
    expect(pushed).not.toHaveProperty('_id');
    // Pushed after the write: the read model already holds what was pushed.
    expect(await t.platform.documents.get('accounts', accountId)).toMatchObject({ email, _version: pushed.version, _position: pushed.position });
    await waitFor(() => toAdmin.length === 1, { what: 'the push to the Super Admin following the account' });

    await roundTrip(other); // anything sent to it has arrived
    expect(toOther).toEqual([]);
  });
});
