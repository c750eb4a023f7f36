import type { AlertStatus, AlertView } from '@acpg/contracts/equity';
import type { Page } from '@acpg/contracts/http';
import { documentTypeLabel } from './equity-text.ts';

/** One alert as the member menu's badge follows it: its status at its version, and how a toast names it. */
interface Followed {
  status: AlertStatus;
  version: number;
  label: string;
}

/**
 * The member's open alerts (status `new`: waiting for their answer), as read (one page of them) and moved on by pushes.
 * `beyond` counts open alerts the read did not return (more than a page of them).
 */
export interface OpenAlerts {
  byId: Readonly<Record<string, Followed>>;
  beyond: number;
}

const followed = (a: AlertView): Followed => ({ status: a.status, version: a.version, label: `${documentTypeLabel(a.recording.document_type)} ${a.recording.document_number} on ${a.property.address_line}` });

/** The state from a read of the member's alerts filtered to status `new`. */
export const openAlertsFrom = (page: Pick<Page<AlertView>, 'items' | 'total'>): OpenAlerts => ({
  byId: Object.fromEntries(page.items.map((a) => [a.alert_id, followed(a)])),
  beyond: Math.max(0, page.total - page.items.length),
});

/** One push of an alert: kept when newer than what is known of it (a read or an older push), so a replay changes nothing. */
export const applyAlertPush = (state: OpenAlerts, push: AlertView): OpenAlerts => {
  const known = state.byId[push.alert_id];
  if (known && known.version >= push.version) return state;
  return { ...state, byId: { ...state.byId, [push.alert_id]: followed(push) } };
};

/** How many alerts wait for the member's answer. */
export const openCount = (state: OpenAlerts): number => state.beyond + Object.values(state.byId).filter((a) => a.status === 'new').length;

/** The labels of alerts open now that were not known before (raised since): each is told once, in a toast. */
export const newlyRaised = (before: OpenAlerts, after: OpenAlerts): string[] =>
  Object.entries(after.byId)
    .filter(([id, a]) => a.status === 'new' && !before.byId[id])
    .map(([, a]) => a.label);
