import { useEffect, useState } from 'react';

/** Whole seconds until `epochMs`, ticking each second (0 once passed). */
export function useSecondsUntil(epochMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // At once too: `now` may be from long before this deadline was set.
    const first = setTimeout(tick, 0);
    const every = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [epochMs]);
  return Math.max(0, Math.ceil((epochMs - now) / 1000));
}
