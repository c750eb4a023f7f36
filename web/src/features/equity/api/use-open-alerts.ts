import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { EQUITY_ALERT_UPDATED_MESSAGE, type AlertView } from '@acpg/contracts/equity';
import { useLive } from '../../../lib/live.ts';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';
import { applyAlertPush, newlyRaised, openAlertsFrom, openCount, type OpenAlerts } from '../open-alerts.ts';
import { fetchMyAlerts } from './equity.ts';

const MESSAGES = [EQUITY_ALERT_UPDATED_MESSAGE];
/** One read holds this many open alerts; more are counted from the total. */
const READ_AT_ONCE = 100;

/**
 * The signed-in member's open alerts, live (their account's room): the count for the menu's badge, and a toast for
 * each alert raised while they are signed in (also one raised while the connection was down: the next read has it).
 * Null until the first read.
 */
export function useOpenAlerts(): number | null {
  const { userId } = useSnapshot(session);
  const view = useLive<OpenAlerts, AlertView>({
    messages: MESSAGES,
    ...(userId ? { entity: `account:${userId}` } : {}),
    read: async (signal) => {
      const r = await fetchMyAlerts({ status: 'new', page: 1, page_size: READ_AT_ONCE, sort: 'raised_at', order: 'desc' }, signal);
      return r.success ? { success: true, data: openAlertsFrom(r.data) } : r;
    },
    apply: (state, push) => applyAlertPush(state, push),
    deps: [userId],
  });
  const shown = useRef<OpenAlerts | null>(null);
  useEffect(() => {
    if (!view.data) return;
    const before = shown.current;
    shown.current = view.data;
    // The first read is what was there at sign-in: the badge tells it; only what comes after is a toast.
    if (!before) return;
    for (const label of newlyRaised(before, view.data)) notify.warning(`${label}. Open Equity Protect to answer it.`, 'New title alert');
  }, [view.data]);
  return view.data ? openCount(view.data) : null;
}
