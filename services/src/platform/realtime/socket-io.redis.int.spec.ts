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

describe('socket.io over the Redis adapter (distributed profile)', () => {
  const apps: FastifyInstance[] = [];
  const realtimes: Realtime[] = [];
  const sockets: Socket[] = [];
  let emitter: { realtime: Realtime; close(): Promise<void> };
  let urlOfFirst = '';

  beforeAll(async () => {
    tokens = await createTokenService({ dataDir: keyDir, ttlSeconds: 900 });
    const url = inject('redisUrl');
    for (let i = 0; i < 2; i += 1) {
      const app = Fastify();
      const hub = createRealtimeHub();
      attachSocketIo(app, { tokens, hub, redis: { url } });
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
});
