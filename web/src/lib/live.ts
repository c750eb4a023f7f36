import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from './session.ts';
import { acquireLiveClient } from './live-session.ts';
import { LiveView, type LiveViewState } from './live-view.ts';
import { newerOf } from './live-merge.ts';
import type { Result } from './http.ts';

export interface UseLiveOptions<D, M> {
  /** Server message names to apply (e.g. contracts/insights INTERACTION_RECORDED_MESSAGE). */
  messages: readonly string[];
  /** Entity room(s) to join before reading (e.g. `order:<id>`); none for role-wide messages. */
  entity?: string | readonly string[];
  /** One read of the whole view; a failed Result shows as an error with retry. */
  read: (signal: AbortSignal) => Promise<Result<D>>;
  /** One push applied to the data; idempotent against a read that already holds it (lib/live-merge.ts). */
  apply: (data: D, message: M, name: string) => D;
  /** What the read depends on (filters, page, sort): a change reads again. */
  deps: readonly unknown[];
  /**
   * While pushes do not flow, read again every few seconds (POLL_WHEN_OFFLINE_MS) until `until(data)`: for a screen
   * that follows something moving on its own (a payment, an order). Lists leave it out: every reconnect reads them.
   */
  offline?: { until?: (data: D) => boolean; everyMs?: number };
}

/** While the live connection is down (or its room refused), a screen with the offline fallback reads this often (ms). */
export const POLL_WHEN_OFFLINE_MS = 3000;

export type UseLive<D> = LiveViewState<D> & { reload: () => void };

const unwrap = async <D,>(result: Promise<Result<D>>): Promise<D> => {
  const r = await result;
  if (!r.success) throw new Error(r.message);
  return r.data;
};

/**
 * A screen's live data: one read merged with the pushes that follow it, over the session's one shared connection.
 * It subscribes (listeners, entity room with the server's ack) before it reads, reads again after every connect and
 * reconnect (the first included), and merges by version (lib/live-view.ts has the rules).
 */
export function useLive<D, M>({ messages, entity, read, apply, deps, offline }: UseLiveOptions<D, M>): UseLive<D> {
  const { accessToken } = useSnapshot(session);
  const signedIn = accessToken != null;
  const [state, setState] = useState<LiveViewState<D>>({ data: null, status: 'loading', error: null, live: false });
  // The latest read and apply are used when a read starts or a push arrives, not when the view was made.
  const readRef = useRef(read);
  const applyRef = useRef(apply);
  const offlineRef = useRef(offline);
  useEffect(() => {
    readRef.current = read;
    applyRef.current = apply;
    offlineRef.current = offline;
  });
  const offlineEveryMs = offline ? (offline.everyMs ?? POLL_WHEN_OFFLINE_MS) : null;
  const viewRef = useRef<LiveView<D, M> | null>(null);
  const messagesKey = messages.join('\n');
  // Rooms by value: a list of rooms made anew each render is the same rooms.
  const roomsKey = entity === undefined || entity.length === 0 ? null : typeof entity === 'string' ? entity : entity.join('\n');

  useEffect(() => {
    const lease = signedIn ? acquireLiveClient() : null;
    const view = new LiveView<D, M>(lease?.client ?? null, {
      messages: messagesKey.split('\n'),
      entity: roomsKey === null ? undefined : roomsKey.split('\n'),
      read: (signal) => unwrap(readRef.current(signal)),
      apply: (data, message, name) => applyRef.current(data, message, name),
      onChange: setState,
      ...(offlineEveryMs === null ? {} : { offline: { everyMs: offlineEveryMs, until: (data: D) => offlineRef.current?.until?.(data) ?? false } }),
    });
    viewRef.current = view;
    view.start();
    return () => {
      viewRef.current = null;
      view.stop();
      lease?.release();
    };
  }, [signedIn, roomsKey, messagesKey, offlineEveryMs]);

  // New filters, page or sort: read again (the first render's read is the view's own).
  const depsKey = JSON.stringify(deps);
  const firstDeps = useRef(depsKey);
  useEffect(() => {
    if (firstDeps.current === depsKey) return;
    firstDeps.current = depsKey;
    void viewRef.current?.reload();
  }, [depsKey]);

  const [reload] = useState(() => () => void viewRef.current?.reload());
  return { ...state, reload };
}

export interface UseLiveEntityOptions<D> {
  messages: readonly string[];
  /** The entity's room, e.g. `order:<id>`. */
  entity: string;
  read: (signal: AbortSignal) => Promise<Result<D>>;
  /** Whether a push is about the entity shown (its id). */
  same: (shown: D, push: D) => boolean;
  /** Given: while pushes do not flow, the screen reads every few seconds until this says the entity is settled. */
  settled?: (data: D) => boolean;
  deps: readonly unknown[];
}

/** One entity kept live (an order, a claim, a payment): a push of the same entity with a higher version replaces it. */
export function useLiveEntity<D extends { version: number }>({ messages, entity, read, same, settled, deps }: UseLiveEntityOptions<D>): UseLive<D> {
  return useLive<D, D>({
    messages,
    entity,
    read,
    apply: (shown, push) => newerOf(shown, push, same),
    deps,
    ...(settled ? { offline: { until: settled } } : {}),
  });
}
