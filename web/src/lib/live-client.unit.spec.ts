import { describe, expect, it, vi } from 'vitest';
import { LiveClient, isUnauthorized, type JoinAnswer, type LiveSocket } from './live-client.ts';

/** Stands in for a socket.io-client socket: `active` turns false when the server refuses or ends it, as the library does. */
class FakeSocket implements LiveSocket {
  active = true;
  connected = false;
  connects = 0;
  readonly emitted: { event: string; entity: string; ack: (a: JoinAnswer) => void }[] = [];
  private readonly listeners = new Map<string, ((...args: never[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  off(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== listener));
    return this;
  }
  emit(event: 'subscribe' | 'unsubscribe', request: { entity: string }, ack: (a: JoinAnswer) => void) {
    this.emitted.push({ event, entity: request.entity, ack });
    return this;
  }
  connect() {
    this.connects++;
    this.active = true;
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  /** The server refused the handshake (middleware error): socket.io-client gives up on its own. */
  refuse(code: string) {
    this.active = false;
    this.fire('connect_error', Object.assign(new Error('Sign in to continue.'), { data: { code } }));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function wired(refreshResult: boolean) {
  const socket = new FakeSocket();
  const refresh = vi.fn(() => Promise.resolve(refreshResult));
  const client = new LiveClient(socket, refresh);
  const status: boolean[] = [];
  client.onStatus((c) => status.push(c));
  return { socket, client, refresh, status };
}

describe('the shared live connection', () => {
  it('refreshes the token and connects again when a reconnect is refused as UNAUTHORIZED', async () => {
    const { socket, refresh, status } = wired(true);
    socket.fire('connect');
    socket.fire('disconnect', 'transport close'); // sleep, network drop, server restart: socket.io reconnects itself
    socket.refuse('UNAUTHORIZED'); // ... with the expired token, and the server refuses it
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(1);
    socket.fire('connect');
    expect(status).toEqual([true, false, false, true]); // every view reads again on the second connect
  });

  it('stays off when the refresh fails (the next GET 401 leads to sign in)', async () => {
    const { socket, refresh, status } = wired(false);
    socket.fire('connect');
    socket.refuse('UNAUTHORIZED');
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(0);
    expect(status.at(-1)).toBe(false);
  });

  it('does not refresh on other connection errors: socket.io keeps retrying those itself', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, refresh } = wired(true);
    socket.fire('connect_error', new Error('xhr poll error'));
    await settle();
    expect(refresh).not.toHaveBeenCalled();
    expect(socket.connects).toBe(0);
    warn.mockRestore();
  });

  it('refreshes and reconnects when the server ends the socket at token expiry', async () => {
    const { socket, refresh } = wired(true);
    socket.fire('connect');
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(1);
  });

  it('does not call connect on a socket that is already reconnecting, nor on a closed client', async () => {
    const { socket, client, refresh } = wired(true);
    socket.fire('connect');
    socket.fire('connect_error', Object.assign(new Error('refused'), { data: { code: 'UNAUTHORIZED' } })); // still active
    await settle();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(0);
    client.close();
    client.tokenChanged();
    expect(socket.connects).toBe(0);
  });

  it('brings a stopped socket back when a token arrives from elsewhere', () => {
    const { socket, client } = wired(true);
    socket.active = false;
    client.tokenChanged();
    expect(socket.connects).toBe(1);
  });

  it('passes messages to listeners until they unsubscribe', () => {
    const { socket, client } = wired(true);
    const got: unknown[] = [];
    const stop = client.onMessage('interaction.recorded', (p) => got.push(p));
    socket.fire('interaction.recorded', { id: 'i1' });
    stop();
    socket.fire('interaction.recorded', { id: 'i2' });
    expect(got).toEqual([{ id: 'i1' }]);
  });

  it('resolves a join with the server ack, and leaves a room only when its last view leaves', async () => {
    const { socket, client } = wired(true);
    socket.fire('connect');
    const [a, b] = [{}, {}];
    const first = client.join('order:o1', a);
    const second = client.join('order:o1', b);
    void client.join('order:o1', a); // a joins again after a reconnect: still one view
    expect(socket.emitted.map((e) => e.event)).toEqual(['subscribe', 'subscribe', 'subscribe']);
    for (const e of socket.emitted) e.ack({ ok: true });
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: true });
    client.leave('order:o1', a);
    client.leave('order:o1', a);
    expect(socket.emitted).toHaveLength(3);
    client.leave('order:o1', b);
    expect(socket.emitted.at(-1)).toMatchObject({ event: 'unsubscribe', entity: 'order:o1' });
  });

  it('counts a join the server never answers as refused', async () => {
    vi.useFakeTimers();
    try {
      const { socket, client } = wired(true);
      socket.fire('connect');
      const answer = client.join('order:o2', {});
      vi.advanceTimersByTime(5000);
      expect(await answer).toMatchObject({ ok: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('recognises the server refusal code', () => {
    expect(isUnauthorized(Object.assign(new Error('x'), { data: { code: 'UNAUTHORIZED' } }))).toBe(true);
    expect(isUnauthorized(new Error('x'))).toBe(false);
    expect(isUnauthorized(null)).toBe(false);
  });
});
