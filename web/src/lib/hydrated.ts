import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a server-rendered page (and on the server), true from the render after: what differs
 * between the visitor the server drew and this browser (a signed-in user's buttons) waits for it, so hydration
 * matches the server's HTML, and the header changes after it, not the main content. True at once without SSR.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
