import { io } from 'socket.io-client';
import { subscribeKey } from 'valtio/vanilla/utils';
import { refreshAccessToken } from './http.ts';
import { session, sessionGeneration } from './session.ts';
import { LiveClient, type LiveSocket } from './live-client.ts';

/** A socket nobody uses is closed after this long: moving from one live screen to the next keeps it open. */
export const IDLE_CLOSE_MS = 5000;

interface Shared {
  client: LiveClient;
  users: number;
  generation: number;
  idle: ReturnType<typeof setTimeout> | null;
  stopTokenWatch: () => void;
}

let shared: Shared | null = null;

const closeShared = (s: Shared) => {
  if (s.idle) clearTimeout(s.idle);
  s.stopTokenWatch();
  s.client.close();
  if (shared === s) shared = null;
};

/**
 * The session's one live connection, shared by every live view; `release` when done. The socket reads the token held
 * at each (re)connect, so a refreshed token is used as is; a new session (sign-out, another user) gets a new socket.
 */
export function acquireLiveClient(): { client: LiveClient; release: () => void } {
  if (shared && shared.generation !== sessionGeneration()) closeShared(shared);
  if (!shared) {
    const socket = io({ auth: (cb) => cb({ token: session.accessToken }), transports: ['websocket', 'polling'] }) as unknown as LiveSocket;
    const client = new LiveClient(socket, refreshAccessToken);
    shared = {
      client,
      users: 0,
      generation: sessionGeneration(),
      idle: null,
      stopTokenWatch: subscribeKey(session, 'accessToken', (token) => {
        if (token) client.tokenChanged();
      }),
    };
  }
  const s = shared;
  s.users += 1;
  if (s.idle) {
    clearTimeout(s.idle);
    s.idle = null;
  }
  let released = false;
  return {
    client: s.client,
    release: () => {
      if (released) return;
      released = true;
      s.users -= 1;
      if (s.users > 0) return;
      // Signed out: close now. Otherwise wait a moment for the next screen.
      if (session.accessToken == null || s.generation !== sessionGeneration()) closeShared(s);
      else s.idle = setTimeout(() => closeShared(s), IDLE_CLOSE_MS);
    },
  };
}
