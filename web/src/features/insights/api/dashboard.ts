import { useEffect, useRef } from 'react';
import { DASHBOARD_CHANGED_MESSAGE, type DashboardTiles } from '@acpg/contracts/dashboard';
import { INTERACTION_RECORDED_MESSAGE } from '@acpg/contracts/insights';
import { http } from '../../../lib/http.ts';
import { useLive, type UseLive } from '../../../lib/live.ts';

export const fetchDashboard = (range: { from: string; to: string }, signal?: AbortSignal) =>
  http.get<DashboardTiles>('/insights/dashboard', { query: { from: range.from, to: range.to }, ...(signal ? { signal } : {}) });

/** The tiles as read, and whether a push said something moved since (then they are read again). */
export interface LiveTiles {
  tiles: DashboardTiles;
  stale: boolean;
}

/** At most one read again in this long (ms), however many pushes come: a busy minute reads a few times, not per push. */
export const READ_AGAIN_MS = 750;

/**
 * The dashboard's tiles kept live: `dashboard.changed` (and, for the admins, each recorded interaction) marks them stale,
 * and a stale view reads again, at most once in READ_AGAIN_MS. A Provider Admin's follow `provider:<id>` (`room`).
 */
export function useLiveDashboard(range: { from: string; to: string }, options: { room?: string | undefined; interactions: boolean }): UseLive<LiveTiles> {
  const view = useLive<LiveTiles, unknown>({
    messages: options.interactions ? [DASHBOARD_CHANGED_MESSAGE, INTERACTION_RECORDED_MESSAGE] : [DASHBOARD_CHANGED_MESSAGE],
    ...(options.room ? { entity: options.room } : {}),
    read: async (signal) => {
      const r = await fetchDashboard(range, signal);
      return r.success ? { success: true, data: { tiles: r.data, stale: false } } : r;
    },
    apply: (data) => (data.stale ? data : { ...data, stale: true }),
    deps: [range.from, range.to, options.room],
  });
  const { reload } = view;
  const stale = view.data?.stale ?? false;
  const lastRead = useRef(0);
  useEffect(() => {
    if (!stale) return;
    const wait = Math.max(0, lastRead.current + READ_AGAIN_MS - Date.now());
    const timer = setTimeout(() => {
      lastRead.current = Date.now();
      reload();
    }, wait);
    return () => clearTimeout(timer);
  }, [stale, reload]);
  return view;
}
