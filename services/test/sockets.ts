import { io as connect, type Socket } from 'socket.io-client';
import { afterAll } from 'vitest';
import type { Role } from '@acpg/contracts/roles';
import type { TestApp } from './harness.ts';

/** What the server answers to a `subscribe`. */
export interface JoinAnswer {
  ok: boolean;
  message?: string;
}

/**
 * socket.io clients of a running test app: `open(token)` (or `openAs(role, userId)`) connects one (websocket only, no reconnection) and resolves
 * once it is connected (rejects on `connect_error`); `follow` joins an entity room and answers the server's ack;
 * `roundTrip` resolves once anything the server sent the socket before has arrived. Every socket opened here is
 * disconnected after the suite's tests (call it where they are declared).
 */
export const socketClients = (app: () => Pick<TestApp, 'url' | 'signInAs'>) => {
  const sockets: Socket[] = [];
  const open = async (token: string): Promise<Socket> => {
    const socket = connect(app().url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };
  /** `open` for a synthetic user with `role` (`TestApp.signInAs`). */
  const openAs = async (role: Role, userId: string): Promise<Socket> => open(await app().signInAs(role, userId));
  const follow = async (socket: Socket, entity: string): Promise<JoinAnswer> => (await socket.timeout(5000).emitWithAck('subscribe', { entity })) as JoinAnswer;
  const roundTrip = (socket: Socket): Promise<unknown> => socket.timeout(5000).emitWithAck('unsubscribe', { entity: 'nothing' });
  const closeAll = () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  };
  afterAll(closeAll);
  return { open, openAs, follow, roundTrip };
};

