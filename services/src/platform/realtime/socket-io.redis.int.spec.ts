import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
// The typing of inject('redisUrl') (the harness's ProvidedContext).
import type {} from '../../../../test/engines.global-setup.ts';
import { waitFor } from '../../../test/wait-for.ts';
import type { Principal, TokenService } from '../auth/port.ts';
import { createTokenService } from '../auth/tokens.ts';
import { createRealtimeHub } from './hub.ts';
import type { Realtime } from './port.ts';
import { attachSocketIo, startRealtimeEmitter } from './socket-io.ts';

// Both api processes verify with the same key, as in the distributed profile (one JWT_PRIVATE_KEY).
const keyDir = mkdtempSync(join(tmpdir(), 'realtime-redis-'));
let tokens: TokenService;
/** `thing:<id>` rooms: a principal may follow the things `owners` says are theirs (none exist until a test says so). */
const owners = new Map<string, string>();
/** Accounts whose sessions ended (the session-version check stand-in): their tokens fail the access check. */
const ended = new Set<string>();
const checks = [async (principal: Principal) => !ended.has(principal.userId)];
const authorizeEntity = Object.assign(async (principal: Principal, entity: string) => owners.get(entity) === principal.userId, {
  followable: (entity: string) => entity.startsWith('thing:'),
});

describe('socket.io over the Redis adapter (distributed profile)', () => {
  const apps: FastifyInstance[] = [];
  const realtimes: Realtime[] = [];
  const sockets: Socket[] = [];
  let emitter: { realtime: Realtime; close(): Promise<void> };
  let urlOfFirst = '';

  beforeAll(async () => {
    tokens = await createTokenService({ keys: { keysDir: keyDir }, ttlSeconds: 900 });
    const url = inject('redisUrl');
    for (let i = 0; i < 2; i += 1) {
      const app = Fastify();
      const hub = createRealtimeHub();
      attachSocketIo(app, { tokens, hub, redis: { url }, authorizeEntity, checks });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      realtimes.push(hub.realtime);
    }
    const address = apps[0]?.server.address();
    urlOfFirst = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    emitter = startRealtimeEmitter({ redis: { url } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await emitter?.close();
    await Promise.all(apps.map((app) => app.close()));
    rmSync(keyDir, { recursive: true, force: true });
  });

  const open = async (principal: Principal) => {
    const socket = connect(urlOfFirst, { path: '/socket.io', transports: ['websocket'], auth: { token: await tokens.issueAccessToken(principal) }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('delivers a push made by another api process, and one made by a process without an http server', async () => {
    const socket = await open({ userId: 'u-redis', roles: ['Super Admin'] });
    const received: unknown[] = [];
    socket.on('test.message', (payload: unknown) => received.push(payload));
    // The adapter's subscription may take a moment after connect: repeat until one arrives.
    await waitFor(
      () => {
        realtimes[1]?.toRole('Super Admin', 'test.message', { from: 'second api' });
        return received.length > 0;
      },
      { intervalMs: 100, what: 'the push from the second api process' },
    );
    expect(received[0]).toEqual({ from: 'second api' });

    await waitFor(
      () => {
        emitter.realtime.toUser('u-redis', 'test.message', { from: 'projector' });
        return received.some((p) => (p as { from: string }).from === 'projector');
      },
      { intervalMs: 100, what: 'the push from the projector' },
    );
  });

  it('ends the sockets of an account whose sessions ended, when another api process or the worker says so', async () => {
    const first = await open({ userId: 'u-ends-1', roles: ['Customer'] });
    const second = await open({ userId: 'u-ends-2', roles: ['Customer'] });
    const bystander = await open({ userId: 'u-stays', roles: ['Customer'] });
    const reasons: string[] = [];
    for (const socket of [first, second]) socket.on('disconnect', (reason) => reasons.push(reason));

    ended.add('u-ends-1');
    realtimes[1]?.sessionsChanged?.('u-ends-1'); // the sign-out was served by the second api process
    await waitFor(() => !first.connected, { what: 'the socket on the first api process ended' });
    ended.add('u-ends-2');
    emitter.realtime.sessionsChanged?.('u-ends-2'); // a process without an http server
    await waitFor(() => !second.connected, { what: 'the socket ended by the worker' });
    expect(reasons).toEqual(['io server disconnect', 'io server disconnect']);
    await bystander.timeout(5000).emitWithAck('unsubscribe', { entity: 'nothing' });
    expect(bystander.connected).toBe(true);
  });

  it('a socket that joined a thing before it existed gets its pushes made by another process only when the thing is its own', async () => {
    const id = `thing:${Date.now()}`;
    const owner = await open({ userId: 'u-owner', roles: ['Customer'] });
    const stranger = await open({ userId: 'u-stranger', roles: ['Customer'] });
    expect(await owner.timeout(5000).emitWithAck('subscribe', { entity: id })).toEqual({ ok: true });
    expect(await stranger.timeout(5000).emitWithAck('subscribe', { entity: id })).toEqual({ ok: true });
    const toOwner: unknown[] = [];
    const toStranger: unknown[] = [];
    owner.on('thing.updated', (payload: unknown) => toOwner.push(payload));
    stranger.on('thing.updated', (payload: unknown) => toStranger.push(payload));
    owners.set(id, 'u-owner'); // the thing is written: it is the owner's
    await waitFor(
      () => {
        emitter.realtime.toEntity(id, 'thing.updated', { n: toOwner.length });
        return toOwner.length > 0;
      },
      { intervalMs: 100, what: 'the push from the projector to the socket that joined early' },
    );
    realtimes[1]?.toEntity(id, 'thing.updated', { from: 'second api' });
    await waitFor(() => toOwner.some((p) => (p as { from?: string }).from === 'second api'), { what: 'the push from the second api' });
    await stranger.timeout(5000).emitWithAck('unsubscribe', { entity: 'nothing' });
    expect(toStranger).toEqual([]);
  });
});
