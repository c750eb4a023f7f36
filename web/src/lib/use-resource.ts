import { useCallback, useEffect, useState } from 'react';
import type { Result } from './http.ts';

export type Resource<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

/** Loads a GET result and keeps loading / ready / error apart; reload() fetches again. */
export function useResource<T>(load: (signal: AbortSignal) => Promise<Result<T>>, deps: readonly unknown[]): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<Resource<T>>({ status: 'loading', data: null, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setState((s) => ({ status: 'loading', data: s.data, error: null }));
    load(ctl.signal)
      .then((r) => {
        if (ctl.signal.aborted) return;
        setState(r.success ? { status: 'ready', data: r.data, error: null } : { status: 'error', data: null, error: r.message });
      })
      .catch((err: unknown) => {
        if (!ctl.signal.aborted) setState({ status: 'error', data: null, error: err instanceof Error ? err.message : 'Request failed' });
      });
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `load` depends on
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}
