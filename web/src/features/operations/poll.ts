import { useEffect, useState } from 'react';

/** How often the Operations screen reads again while it is visible. */
export const POLL_MS = 5000;

/**
 * A tick that moves every `ms` while the page is visible, and at once when it becomes visible again: hand it to the
 * screen's reads (`useResource` deps) to read them again. A hidden tab reads nothing.
 */
export function usePollTick(ms = POLL_MS): [number, () => void] {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined) timer = setInterval(() => setTick((t) => t + 1), ms);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        setTick((t) => t + 1);
        start();
      } else stop();
    };
    if (document.visibilityState === 'visible') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ms]);
  return [tick, () => setTick((t) => t + 1)];
}

/** "12 s", "4 min", "3 h", "2 d": how long ago an ISO time was, from `now`. */
export const ageOf = (iso: string | null, now: number): string => {
  if (!iso) return '—';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86_400)} d`;
};
