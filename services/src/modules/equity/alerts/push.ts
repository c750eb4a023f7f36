import { EQUITY_ALERT_ROOM, EQUITY_ALERT_UPDATED_MESSAGE, type AlertView } from '@acpg/contracts/equity-protect';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { AlertEvent } from '../alert/decider.ts';
import { pushedAlertView } from './view.ts';

const ACCOUNT_ROOM = 'account';

/** After an alert's row is written: to its room (its page), its owner (their list) and Super Admins (cases at once). */
export const pushAlert: ProjectionPush<AlertEvent> = (applied, realtime) => {
  const latest = new Map<string, AlertView>();
  for (const { doc } of applied) {
    const view = doc ? pushedAlertView(doc) : null;
    if (view) latest.set(view.alert_id, view);
  }
  for (const view of latest.values()) {
    realtime.toEntity(entityName(EQUITY_ALERT_ROOM, view.alert_id), EQUITY_ALERT_UPDATED_MESSAGE, view);
    realtime.toEntity(entityName(ACCOUNT_ROOM, view.account_id), EQUITY_ALERT_UPDATED_MESSAGE, view);
    realtime.toRole('Super Admin', EQUITY_ALERT_UPDATED_MESSAGE, view);
  }
};
