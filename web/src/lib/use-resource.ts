import { useCallback, useEffect, useState } from 'react';
import type { Result } from './http.ts';

export type Resource<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

type Settled<T> = { status: 'ready'; data: T; error: null } | { status: 'error'; data: null; error: string };

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Loads a GET result and keeps loading / ready / error apart; reload() fetches again.
 * Only the answer is state: it remembers which deps it answers, so "loading" is derived during render when the deps
 * (or the reload tick) moved on; the last data stays visible meanwhile.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<Result<T>>, deps: readonly unknown[]): Resource<T> & { reload: () => void } {
  const [tick, setTick] = useState(0);
  const [settled, setSettled] = useState<{ key: readonly unknown[]; result: Settled<T> } | null>(null);
  const key = [...deps, tick];

  useEffect(() => {
    const ctl = new AbortController();
    const settle = (result: Settled<T>) => {
      if (!ctl.signal.aborted) setSettled({ key, result });
    };
    load(ctl.signal)
      .then((r) => settle(r.success ? { status: 'ready', data: r.data, error: null } : { status: 'error', data: null, error: r.message }))
      .catch((err: unknown) => settle({ status: 'error', data: null, error: err instanceof Error ? err.message : 'Request failed' }));
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `load` depends on; `key` is those deps
  }, key);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const state: Resource<T> =
    settled && sameDeps(settled.key, key) ? settled.result : { status: 'loading', data: settled?.result.data ?? null, error: null };
  return { ...state, reload };
}
