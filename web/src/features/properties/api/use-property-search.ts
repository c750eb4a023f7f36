import { useCallback, useEffect, useRef, useState } from 'react';
import type { PropertySummary } from '@acpg/contracts/properties';
import { searchProperties } from './properties.ts';

/** Wait after the last keystroke before asking: typing "1234 Oak" fast sends one request, not eight. */
export const SEARCH_DEBOUNCE_MS = 200;
/** Fewer characters match too much to be useful. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_LIMIT = 8;

export type PropertySearch =
  | { status: 'idle'; items: PropertySummary[]; error: null }
  | { status: 'loading'; items: PropertySummary[]; error: null }
  | { status: 'ready'; items: PropertySummary[]; error: null }
  | { status: 'error'; items: PropertySummary[]; error: string };

type Settled = { query: string; tick: number; items: PropertySummary[]; error: string | null };

/** The search key: what the server compares (case and spacing do not matter). */
export const searchKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Debounced property search for autocomplete: the newest query wins (older requests are aborted), answers are
 * cached for the component's life (Backspace shows earlier results at once), and "loading" is derived during
 * render while the settled answer is for another query. The last items stay visible while the next load runs.
 */
export function usePropertySearch(text: string, enabled: boolean): PropertySearch & { retry: () => void } {
  const query = searchKey(text);
  const active = enabled && query.length >= SEARCH_MIN_CHARS;
  const cache = useRef(new Map<string, PropertySummary[]>());
  const [tick, setTick] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!active) return;
    const ctl = new AbortController();
    const cached = cache.current.get(query);
    const timer = setTimeout(
      () => {
        if (cached) {
          setSettled({ query, tick, items: cached, error: null });
          return;
        }
        searchProperties(query, SEARCH_LIMIT, ctl.signal)
          .then((result) => {
            if (ctl.signal.aborted) return;
            if (result.success) {
              cache.current.set(query, result.data.items);
              setSettled({ query, tick, items: result.data.items, error: null });
            } else {
              setSettled({ query, tick, items: [], error: result.message });
            }
          })
          .catch((err: unknown) => {
            if (ctl.signal.aborted) return;
            setSettled({ query, tick, items: [], error: err instanceof Error ? err.message : 'Search failed' });
          });
      },
      cached ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [query, active, tick]);

  const retry = useCallback(() => setTick((t) => t + 1), []);
  if (!active) return { status: 'idle', items: [], error: null, retry };
  if (!settled || settled.query !== query || settled.tick !== tick) return { status: 'loading', items: settled?.items ?? [], error: null, retry };
  if (settled.error !== null) return { status: 'error', items: [], error: settled.error, retry };
  return { status: 'ready', items: settled.items, error: null, retry };
}
