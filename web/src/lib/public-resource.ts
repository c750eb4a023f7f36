import { useCallback, useState } from 'react';
import { http, withQuery, type Query, type Result } from './http.ts';
import { useResource, type Resource } from './use-resource.ts';

/**
 * Answers of public GETs the page arrived with: the server renders a public page with the data its components read
 * and sends that data along (`window.__ACPG_PRELOAD__`, keyed by the API path with its query, as `withQuery` builds
 * it), so the first render in the browser is the one the server sent and no request waits before the first paint.
 */
type PreloadMap = Record<string, Result<unknown>>;

declare global {
  var __ACPG_PRELOAD__: PreloadMap | undefined;
  /** Set only while the server renders a page (entry-server.tsx): the public reads it had no answer for. */
  var __ACPG_SSR_WANTED__: Set<string> | undefined;
}

/** The preloaded answer of `url`, if the page arrived with one. */
export const preloaded = <T>(url: string): Result<T> | undefined => globalThis.__ACPG_PRELOAD__?.[url] as Result<T> | undefined;

/**
 * A public read (no session needed): ready at once from the preloaded answer when there is one, fetched otherwise.
 * reload() always fetches.
 */
export function usePublicResource<T>(path: string, query?: Query): Resource<T> & { reload: () => void } {
  const url = withQuery(path, query);
  // Only the first URL rendered may come from the page; a later URL (another page of a list) is fetched.
  const [fromServer, setFromServer] = useState(() => ({ url, result: preloaded<T>(url) }));
  const initial = fromServer.url === url ? fromServer.result : undefined;
  // Rendering on the server: tell it which answer this page still needs (entry-server.tsx fetches it and renders again).
  if (!initial) globalThis.__ACPG_SSR_WANTED__?.add(url);
  const fetched = useResource<T>((signal) => (initial ? Promise.resolve(initial) : http.get<T>(url, { signal })), [url, initial]);
  const reload = useCallback(() => {
    setFromServer({ url: '', result: undefined });
    fetched.reload();
  }, [fetched]);
  if (initial) {
    const state: Resource<T> = initial.success ? { status: 'ready', data: initial.data, error: null } : { status: 'error', data: null, error: initial.message };
    return { ...state, reload };
  }
  return { ...fetched, reload };
}
