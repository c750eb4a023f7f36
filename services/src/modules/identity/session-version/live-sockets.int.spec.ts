import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../../platform/auth/refresh-cookie.ts';
import { systemMeta } from '../../../platform/commands/metadata.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { socketClients } from '../../../../test/sockets.ts';
import { registerAccount } from '../accounts.ts';
import { identityContext } from '../context.ts';
import { startSession } from '../session/flow.ts';
import { providerInvitationsWorker } from '../provider-invitations/reaction.ts';

// Issue 20, item 10: when a session ends, its open live-update sockets end at once, not when their token expires.
const t = useTestApp();
const sockets = socketClients(() => t);

const PASSWORD = 'live sockets tests passphrase';
let address = 0;

const newAccount = async () => {
  const email = `live-${randomUUID().slice(0, 8)}@example.test`;
  const ctx = await identityContext(t.platform);
  const { accountId } = await registerAccount(ctx, { email, fullName: 'Lee Live', roles: ['Customer'], password: PASSWORD }, systemMeta(t.platform, { actor: 'test' }));
  return accountId;
};

const call = (method: InjectOptions['method'], url: string, options: { token?: string; cookie?: string; payload?: unknown } = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: `10.0.21.${++address % 250}`,
    ...(options.payload !== undefined ? { payload: options.payload as Record<string, unknown> } : {}),
    ...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
    ...(options.cookie ? { cookies: { [REFRESH_COOKIE_NAME]: options.cookie } } : {}),
  });

/** A signed-in device (as the code step starts it): its refresh cookie and the access token a page load gets from it. */
const newDevice = async (accountId: string) => {
  const ctx = await identityContext(t.platform);
  const cookie = (await startSession(ctx, { accountId, sessionId: randomUUID() }, systemMeta(t.platform, { actor: 'test' }))).token;
  const r = await call('POST', '/auth/refresh', { cookie });
  expect(r.statusCode, r.body).toBe(200);
  return { token: (r.json() as { data: { AccessToken: string } }).data.AccessToken, cookie: r.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value ?? '' };
};

/** Resolves with the reason when the server ends the socket; rejects after `ms`. Listen before the action that ends it. */
const ended = (socket: Socket, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe('ending a session ends its open sockets at once', () => {
  it('sign-out disconnects the signed-out session’s socket; another account’s socket stays open', async () => {
    const me = await newAccount();
    const someoneElse = await newAccount();
    const device = await newDevice(me);
    const mine = await sockets.open(device.token);
    const theirs = await sockets.open((await newDevice(someoneElse)).token);

    const disconnected = ended(mine);
    expect((await call('POST', '/auth/sign-out', { cookie: device.cookie })).statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(mine.connected).toBe(false);
    // It cannot come back on that token, and the other account was not touched.
    await expect(sockets.open(device.token)).rejects.toThrow();
    await sockets.roundTrip(theirs);
    expect(theirs.connected).toBe(true);
  });

  it('a password change disconnects every socket of the account on an older token; a socket on the new session’s token stays', async () => {
    const me = await newAccount();
    const laptop = await newDevice(me);
    const phone = await newDevice(me);
    const onLaptop = await sockets.open(laptop.token);
    const onPhone = await sockets.open(phone.token);

    const laptopEnded = ended(onLaptop);
    const phoneEnded = ended(onPhone);
    const changed = await call('POST', '/auth/change-password', {
      token: laptop.token,
      cookie: laptop.cookie,
      payload: { current_password: PASSWORD, new_password: 'a brand new passphrase 42' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await Promise.all([laptopEnded, phoneEnded])).toEqual(['io server disconnect', 'io server disconnect']);

    // The laptop kept its session: a refreshed token connects again (as the web's live client does); the phone's cannot.
    const again = await call('POST', '/auth/refresh', { cookie: laptop.cookie });
    expect(again.statusCode, again.body).toBe(200);
    const reconnected = await sockets.open((again.json() as { data: { AccessToken: string } }).data.AccessToken);
    await sockets.roundTrip(reconnected);
    expect(reconnected.connected).toBe(true);
    expect((await call('POST', '/auth/refresh', { cookie: phone.cookie })).statusCode).toBe(401);
  });

  it('a role change made by a job (an invitation accepted: identity gives its role) disconnects the account’s sockets too', async () => {
    const me = await newAccount();
    const device = await newDevice(me);
    const mine = await sockets.open(device.token);
    const disconnected = ended(mine, 15_000);
    // Any writer of a SESSION_VERSION_EVENTS event (here the invitation role's worker) ends the sockets, through one projection push.
    const at = new Date().toISOString();
    const event = { id: randomUUID(), type: 'ProviderInvitationAccepted', stream: 'providers-invitation-i1', version: 1, position: 1, occurredAt: at, actor: me, correlationId: randomUUID(), causationId: null, schemaVersion: 1, data: { invitation_id: 'i1', provider_id: 'p1', account_id: me, full_name: null, email: 'x@example.test', role: 'Sub User', by: me, at } };
    await providerInvitationsWorker.processor(t.platform)({ id: 'role', queue: providerInvitationsWorker.queue, name: 'add-invited-role', data: { event }, attemptsMade: 0 });
    expect(await disconnected).toBe('io server disconnect');
  });
});
