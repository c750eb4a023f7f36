import { describe, expect, it, vi } from 'vitest';
import type { Interaction } from '@acpg/contracts/insights';
import { INTERACTION_RECORDED, isUnauthorized, wireLiveSocket, type LiveSocket } from './live.ts';

/** Stands in for a socket.io-client socket: `active` turns false when the server refuses or ends it, as the library does. */
class FakeSocket implements LiveSocket {
  active = true;
  connects = 0;
  private readonly listeners = new Map<string, ((...args: never[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  connect() {
    this.connects++;
    this.active = true;
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => void)(...args);
  }
  /** The server refused the handshake (middleware error): socket.io-client gives up on its own. */
  refuse(code: string) {
    this.active = false;
    this.emit('connect_error', Object.assign(new Error('Sign in to continue.'), { data: { code } }));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function wired(refreshResult: boolean) {
  const socket = new FakeSocket();
  const h = {
    setConnected: vi.fn<(c: boolean) => void>(),
    resumed: vi.fn<() => void>(),
    message: vi.fn<(i: Interaction) => void>(),
    refresh: vi.fn(() => Promise.resolve(refreshResult)),
  };
  wireLiveSocket(socket, h);
  return { socket, h };
}

describe('live interactions socket', () => {
  it('refreshes the token and connects again when a reconnect is refused as UNAUTHORIZED', async () => {
    const { socket, h } = wired(true);
    socket.emit('connect');
    socket.emit('disconnect', 'transport close'); // sleep, network drop, server restart: socket.io reconnects itself
    socket.refuse('UNAUTHORIZED'); // ... with the expired token, and the server refuses it
    await settle();
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(1);
    socket.emit('connect');
    expect(h.setConnected).toHaveBeenLastCalledWith(true);
    expect(h.resumed).toHaveBeenCalledTimes(1); // the screen refetches what it missed
  });

  it('stays off when the refresh fails (the next GET 401 leads to sign in)', async () => {
    const { socket, h } = wired(false);
    socket.emit('connect');
    socket.refuse('UNAUTHORIZED');
    await settle();
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(0);
    expect(h.setConnected).toHaveBeenLastCalledWith(false);
  });

  it('does not refresh on other connection errors: socket.io keeps retrying those itself', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, h } = wired(true);
    socket.emit('connect_error', new Error('xhr poll error'));
    await settle();
    expect(h.refresh).not.toHaveBeenCalled();
    expect(socket.connects).toBe(0);
    warn.mockRestore();
  });

  it('refreshes and reconnects when the server ends the socket at token expiry', async () => {
    const { socket, h } = wired(true);
    socket.emit('connect');
    socket.active = false;
    socket.emit('disconnect', 'io server disconnect');
    await settle();
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(1);
    socket.emit('connect');
    expect(h.resumed).toHaveBeenCalledTimes(1);
  });

  it('does not call connect on a socket that is already reconnecting', async () => {
    const { socket, h } = wired(true);
    socket.emit('connect');
    socket.emit('connect_error', Object.assign(new Error('refused'), { data: { code: 'UNAUTHORIZED' } })); // still active
    await settle();
    expect(h.refresh).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(0);
  });

  it('passes pushed interactions on; the first connect is not a resume', () => {
    const { socket, h } = wired(true);
    socket.emit('connect');
    const i = { id: 'i1' } as Interaction;
    socket.emit(INTERACTION_RECORDED, i);
    expect(h.message).toHaveBeenCalledWith(i);
    expect(h.resumed).not.toHaveBeenCalled();
  });

  it('recognises the server refusal code', () => {
    expect(isUnauthorized(Object.assign(new Error('x'), { data: { code: 'UNAUTHORIZED' } }))).toBe(true);
    expect(isUnauthorized(new Error('x'))).toBe(false);
    expect(isUnauthorized(null)).toBe(false);
  });
});
