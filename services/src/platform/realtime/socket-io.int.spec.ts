import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { INTERACTION_RECORDED_MESSAGE, type Interaction } from '@acpg/contracts/insights';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { waitFor } from '../../../test/wait-for.ts';

describe('socket.io live channel', () => {
  let t: TestApp;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t?.close();
  });

  const open = (token: string | undefined) => {
    const socket = connect(t.url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const refused = (socket: Socket) =>
    new Promise<Error & { data?: unknown }>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected without a valid token')));
      socket.once('connect_error', resolve);
    });
  /** A round trip on this socket: anything the server sent it before has arrived once this resolves. */
  const roundTrip = (socket: Socket) => socket.timeout(5000).emitWithAck('unsubscribe', { entity: 'nothing' });

  const store = (page_name: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/user-interaction/store', payload: { page_name, button_name: 'Go' } });

  it('pushes interaction.recorded to a Super Admin after the interaction is projected, and not to a Customer', async () => {
    const admin = open(await t.signInAs('Super Admin'));
    const customer = open(await t.signInAs('Customer'));
    await Promise.all([connected(admin), connected(customer)]);
    const page = `live-${randomUUID()}`;
    const toAdmin: Interaction[] = [];
    const toCustomer: unknown[] = [];
    admin.on(INTERACTION_RECORDED_MESSAGE, (payload: Interaction) => toAdmin.push(payload));
    customer.on(INTERACTION_RECORDED_MESSAGE, (payload: unknown) => toCustomer.push(payload));

    expect((await store(page)).statusCode).toBe(200);
    const pushed = await waitFor(() => toAdmin.find((i) => i.page_name === page), { what: 'the push to the Super Admin' });
    expect(pushed).toMatchObject({ page_name: page, button_name: 'Go', interaction_type: 'click', location: null });
    // Pushed after the write: the read model already has it.
    const doc = await t.platform.documents.get('interactions', pushed.id);
    expect(doc).toMatchObject({ page_name: page });

    await roundTrip(customer);
    expect(toCustomer).toEqual([]);
  });

  it('refuses a socket without a token, and one with a bad token', async () => {
    const none = await refused(open(undefined));
    expect(none.message).toBe('Sign in to continue.');
    const bad = await refused(open('not-a-jwt'));
    expect(bad.message).toBe('Sign in to continue.');
  });

  it('refuses to subscribe to an entity room nobody authorised', async () => {
    const socket = open(await t.signInAs('Customer'));
    await connected(socket);
    const answer = (await socket.timeout(5000).emitWithAck('subscribe', { entity: 'order:someone-elses' })) as { ok: boolean };
    expect(answer.ok).toBe(false);
  });

  it('ends a socket when its access token expires', async () => {
    const shortLived = await startTestApp({ ACCESS_TOKEN_TTL_SECONDS: '2' });
    try {
      const socket = connect(shortLived.url, { path: '/socket.io', transports: ['websocket'], auth: { token: await shortLived.signInAs('Super Admin') }, reconnection: false });
      sockets.push(socket);
      await connected(socket);
      const started = Date.now();
      const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect(reason).toBe('io server disconnect');
      expect(Date.now() - started).toBeLessThan(3500);
    } finally {
      await shortLived.close();
    }
  });

  it('disconnects live sockets when the app closes', async () => {
    const own = await startTestApp();
    const socket = connect(own.url, { path: '/socket.io', transports: ['websocket'], auth: { token: await own.signInAs('Super Admin') }, reconnection: false });
    sockets.push(socket);
    await connected(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await own.close();
    expect(await gone).toMatch(/server|transport/);
  });
});
