import { useEffect, useState } from 'react';
import type { AccountNames } from '@acpg/contracts/identity';
import { http, type Result } from './http.ts';
import { isProviderAdmin, providerUserNames } from './provider-scope.ts';
import { session } from './session.ts';

/** At most this many ids per request (contracts/identity AccountNamesQuery). */
export const NAMES_PER_REQUEST = 100;

/** Account id → full name, or null when the server knows no such account or could not say (then the id shows). */
const cache = new Map<string, string | null>();

export type FetchNames = (ids: readonly string[], signal: AbortSignal) => Promise<Result<AccountNames>>;

/** Overseers read any account's name; a Provider Admin its provider's users' (`lib/provider-scope.ts`). */
const fetchNames: FetchNames = (ids, signal) =>
  isProviderAdmin(session.roles) ? providerUserNames(ids, signal) : http.get<AccountNames>('/admin/accounts/names', { query: { ids: ids.join(',') }, signal });

/**
 * Resolves the ids the cache lacks, in batches of 100. A failed answer (no such route yet, no access, the network)
 * leaves those ids unresolved for this session: lists fall back to showing the id.
 */
export async function resolveNames(ids: readonly string[], signal: AbortSignal, fetcher: FetchNames = fetchNames): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => id !== '' && !cache.has(id));
  for (let i = 0; i < missing.length; i += NAMES_PER_REQUEST) {
    const batch = missing.slice(i, i + NAMES_PER_REQUEST);
    let names: Record<string, string> = {};
    try {
      const res = await fetcher(batch, signal);
      if (res.success) names = res.data.names;
    } catch (err) {
      if (signal.aborted) return;
      console.warn('account names unavailable', err);
    }
    if (signal.aborted) return;
    for (const id of batch) cache.set(id, names[id] ?? null);
  }
}

/** The cached name of an account, or undefined while unknown. */
export const cachedName = (id: string): string | null | undefined => cache.get(id);

/** Forgets every resolved name (sign-out; tests). */
export const clearNames = (): void => cache.clear();

/**
 * Names for the ids on screen (one request per page of a list, cached across pages). `nameOf(id)` gives the name,
 * or null when there is none to show (the caller shows the id).
 */
export function useAccountNames(ids: readonly (string | null)[]): (id: string) => string | null {
  const key = [...new Set(ids.filter((id): id is string => !!id))].sort().join(',');
  const [, setResolved] = useState('');
  useEffect(() => {
    if (!key) return;
    const ctl = new AbortController();
    void resolveNames(key.split(','), ctl.signal).then(() => {
      if (!ctl.signal.aborted) setResolved(key);
    });
    return () => ctl.abort();
  }, [key]);
  return (id) => cache.get(id) ?? null;
}
