import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { useSnapshot } from 'valtio';
import type { Interaction } from '@acpg/contracts/insights';
import { session } from '../../../lib/session.ts';
import { refreshAccessToken } from '../../../lib/http.ts';

/** socket.io message name (contracts/insights INTERACTION_RECORDED_MESSAGE). */
export const INTERACTION_RECORDED = 'interaction.recorded';

/** What the live hook needs of a socket.io client socket (a fake stands in for it in unit tests). */
export interface LiveSocket {
  /** socket.io-client: false once the socket will not reconnect by itself (refused by the server, or ended by it). */
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
}

export interface LiveHandlers {
  setConnected(connected: boolean): void;
  /** Live updates came back after a gap (not the first connect). */
  resumed(): void;
  message(interaction: Interaction): void;
  /** A new access token; true when one was obtained (lib/http.ts refreshAccessToken). */
  refresh(): Promise<boolean>;
}

/** The server refuses a handshake whose token is missing, expired or invalid with this code (services realtime). */
export function isUnauthorized(err: unknown): boolean {
  const data = (err as { data?: unknown } | null)?.data;
  return typeof data === 'object' && data !== null && (data as { code?: unknown }).code === 'UNAUTHORIZED';
}

/**
 * Wires a socket that reads its token when it (re)connects. Two ways to lose the token, both end in a refresh and a
 * reconnect with the new token:
 * - the server ends the socket when its token expires ('io server disconnect');
 * - a reconnect (after sleep, a network drop or a server restart) offers an expired token and the server refuses it
 *   (connect_error with data.code 'UNAUTHORIZED'); socket.io-client does not retry a refused handshake by itself.
 * When the refresh fails the socket stays off: the next GET's 401 takes the user to sign in.
 */
export function wireLiveSocket(socket: LiveSocket, h: LiveHandlers): void {
  let everConnected = false;
  const refreshAndReconnect = () => {
    void h.refresh().then((ok) => {
      if (ok && !socket.active) socket.connect();
    });
  };
  socket.on('connect', () => {
    h.setConnected(true);
    if (everConnected) h.resumed();
    everConnected = true;
  });
  socket.on('disconnect', (reason: string) => {
    h.setConnected(false);
    if (reason === 'io server disconnect') refreshAndReconnect();
  });
  socket.on('connect_error', (err: Error) => {
    h.setConnected(false);
    if (isUnauthorized(err)) refreshAndReconnect();
    else console.warn('live interactions unavailable', err.message);
  });
  socket.on(INTERACTION_RECORDED, (payload: Interaction) => h.message(payload));
}

/**
 * New interactions pushed to Super Admins; `connected` tells the screen whether live updates flow. Pushes made while
 * no socket was open are not replayed, so `onResume` runs when live updates come back: the screen fetches again.
 */
export function useLiveInteractions(onInteraction: (i: Interaction) => void, onResume?: () => void): { connected: boolean } {
  const { accessToken } = useSnapshot(session);
  const signedIn = accessToken != null;
  const [connected, setConnected] = useState(false);
  // The latest handlers are read when a message arrives, not at connect time.
  const onMessage = useEffectEvent((payload: Interaction) => onInteraction(payload));
  const resumed = useEffectEvent(() => onResume?.());
  const socketRef = useRef<ReturnType<typeof io> | null>(null);

  // One socket while signed in; every (re)connect reads the token held then, so a refreshed token is used as is.
  useEffect(() => {
    if (!signedIn) return;
    const socket = io({ auth: (cb) => cb({ token: session.accessToken }), transports: ['websocket', 'polling'] });
    socketRef.current = socket;
    wireLiveSocket(socket, {
      setConnected,
      resumed: () => resumed(),
      message: (payload) => onMessage(payload),
      refresh: refreshAccessToken,
    });
    return () => {
      socketRef.current = null;
      socket.disconnect();
      setConnected(false);
    };
  }, [signedIn]);

  // A token obtained elsewhere (another request's refresh) brings a stopped socket back.
  useEffect(() => {
    const socket = socketRef.current;
    if (accessToken && socket && !socket.active) socket.connect();
  }, [accessToken]);

  return { connected };
}
