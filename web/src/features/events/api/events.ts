import { useEffect, useRef } from 'react';
import {
  EVENTS_APPENDED_MESSAGE,
  type EventExportFormat,
  type EventSummary,
  type EventTailPage,
  type EventTypeInfo,
  type EventsAppended,
  type StoredEventView,
  type StreamHistoryPage,
} from '@acpg/contracts/event-log';
import { API_BASE, http, HttpError, refreshAccessToken, withQuery, type Result } from '../../../lib/http.ts';
import { session } from '../../../lib/session.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useLive } from '../../../lib/live.ts';

/** A row of the tail: a read event (with its redacted data) or a pushed one (without: the JSON view reads it). */
export type TailRow = EventSummary & { data?: unknown };

export interface TailFilters {
  types: readonly string[];
  stream: string;
}

const MESSAGES = [EVENTS_APPENDED_MESSAGE];
export const TAIL_PAGE_SIZE = 50;

const tailQuery = (filters: TailFilters, before?: number) => ({
  ...(filters.types.length > 0 ? { type: filters.types.join(',') } : {}),
  ...(filters.stream.trim() ? { stream: filters.stream.trim() } : {}),
  ...(before === undefined ? {} : { before }),
  limit: TAIL_PAGE_SIZE,
});

export const fetchTail = (filters: TailFilters, before: number | undefined, signal?: AbortSignal) =>
  http.get<EventTailPage>('/admin/events', { query: tailQuery(filters, before), ...(signal ? { signal } : {}) });

/** One event by its position, redacted as every answer is (the tail's first event before the next position). */
export async function fetchEvent(position: number, signal?: AbortSignal): Promise<Result<StoredEventView>> {
  const r = await http.get<EventTailPage>('/admin/events', { query: { before: position + 1, limit: 1 }, ...(signal ? { signal } : {}) });
  if (!r.success) return r;
  const event = r.data.items[0];
  return event && event.position === position ? { success: true, data: event } : { success: false, message: 'That event could not be found.', data: null };
}

export const fetchStreamHistory = (stream: string, fromVersion: number, signal?: AbortSignal) =>
  http.get<StreamHistoryPage>(`/admin/events/streams/${encodeURIComponent(stream)}`, { query: { from_version: fromVersion, limit: TAIL_PAGE_SIZE }, ...(signal ? { signal } : {}) });

export const useEventTypes = () => useResource((signal) => http.get<EventTypeInfo[]>('/admin/events/types', { signal }), []);

/** Does a pushed event belong in the tail these filters show (the server's rule: any of the types, the stream's prefix)? */
export const matchesTail = (event: EventSummary, filters: TailFilters): boolean =>
  (filters.types.length === 0 || filters.types.includes(event.type)) && (!filters.stream.trim() || event.stream.startsWith(filters.stream.trim()));

export interface TailData {
  items: TailRow[];
  next_before: number | null;
  /** Pushed while paused, newest first: shown on Resume. */
  held: EventSummary[];
  /** More arrived than the pushes carried: Resume reads the tail again. */
  gap: boolean;
}

/** The most rows a tail left open keeps: older ones drop off the end (Load older events reads them again). */
export const MAX_LIVE_ROWS = 500;

/** Applies one push: its matching events newer than the newest shown go on top, or are held while paused. */
export function applyAppended(data: TailData, push: EventsAppended, filters: TailFilters, paused: boolean): TailData {
  const newest = Math.max(0, ...data.items.slice(0, 1).map((e) => e.position), ...data.held.slice(0, 1).map((e) => e.position));
  const fresh = push.events.filter((e) => e.position > newest && matchesTail(e, filters));
  if (fresh.length === 0 && !push.gap) return data;
  if (paused) return { ...data, held: [...fresh, ...data.held].slice(0, MAX_LIVE_ROWS), gap: data.gap || push.gap || data.held.length + fresh.length > MAX_LIVE_ROWS };
  const items = [...fresh, ...data.items];
  if (items.length <= MAX_LIVE_ROWS) return { ...data, items, gap: data.gap || push.gap };
  const kept = items.slice(0, MAX_LIVE_ROWS);
  return { ...data, items: kept, next_before: kept[kept.length - 1]?.position ?? data.next_before, gap: data.gap || push.gap };
}

/**
 * The live tail of the Events screen: the newest page read, then each `events.appended` push put on top (or held
 * while `paused`, counted for "12 new events"). `reload()` reads again (Resume, after a gap).
 */
export function useEventTail(filters: TailFilters, paused: boolean) {
  const pausedRef = useRef(paused);
  useEffect(() => {
    pausedRef.current = paused;
  }, [paused]);
  return useLive<TailData, EventsAppended>({
    messages: MESSAGES,
    read: async (signal) => {
      const r = await fetchTail(filters, undefined, signal);
      return r.success ? { success: true, data: { items: r.data.items, next_before: r.data.next_before, held: [], gap: false } } : r;
    },
    apply: (data, push) => applyAppended(data, push, filters, pausedRef.current),
    deps: [filters.types.join(','), filters.stream.trim()],
  });
}

export interface ExportChoice {
  format: EventExportFormat;
  types: readonly string[];
  from: string;
  to: string;
}

const fileNameOf = (disposition: string | null, format: EventExportFormat) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? `events.${format}`;

/**
 * The export as a file: the token travels as for every call (a plain link would carry none); a token that expired
 * meanwhile is refreshed once. A refusal (a bad range) throws with the server's message.
 */
export async function downloadEventExport(choice: ExportChoice, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const path = withQuery(`${API_BASE}/admin/events/export`, {
    format: choice.format,
    ...(choice.types.length > 0 ? { type: choice.types.join(',') } : {}),
    from: choice.from,
    to: choice.to,
  });
  const attempt = () =>
    fetch(path, { headers: session.accessToken ? { Authorization: `Bearer ${session.accessToken}` } : {}, credentials: 'same-origin', ...(signal ? { signal } : {}) });
  let res = await attempt();
  if (res.status === 401 && (await refreshAccessToken())) res = await attempt();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(res.status, body?.message ?? 'The export could not be downloaded. Try again.', body);
  }
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition'), choice.format) };
}
