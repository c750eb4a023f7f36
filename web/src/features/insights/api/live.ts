import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { useSnapshot } from 'valtio';
import type { Interaction } from '@acpg/contracts/insights';
import { session } from '../../../lib/session.ts';
import { refreshAccessToken } from '../../../lib/http.ts';

/** socket.io message name (contracts/insights INTERACTION_RECORDED_MESSAGE). */
export const INTERACTION_RECORDED = 'interaction.recorded';

/**
 * New interactions pushed to Super Admins; `connected` tells the screen whether live updates flow. Pushes made while
 * no socket was open are not replayed, so `onResume` runs when live updates come back: the screen fetches again.
 */
export function useLiveInteractions(onInteraction: (i: Interaction) => void, onResume?: () => void): { connected: boolean } {
  const { accessToken } = useSnapshot(session);
  const [connected, setConnected] = useState(false);
  // The socket lives as long as the token; the latest handler is read when a message arrives, not at connect time.
  const onMessage = useEffectEvent((payload: Interaction) => onInteraction(payload));
  const resumed = useEffectEvent(() => onResume?.());
  const everConnected = useRef(false);

  useEffect(() => {
    if (!accessToken) return;
    const socket = io({ auth: { token: accessToken }, transports: ['websocket', 'polling'] });
    socket.on('connect', () => {
      setConnected(true);
      if (everConnected.current) resumed();
      everConnected.current = true;
    });
    socket.on('disconnect', (reason) => {
      setConnected(false);
      // The server ends a socket when its access token expires: a refreshed token opens a new one (effect below).
      if (reason === 'io server disconnect') void refreshAccessToken();
    });
    socket.on('connect_error', (err) => {
      setConnected(false);
      console.warn('live interactions unavailable', err.message);
    });
    socket.on(INTERACTION_RECORDED, (payload: Interaction) => onMessage(payload));
    return () => {
      socket.disconnect();
    };
  }, [accessToken]);

  return { connected };
}
