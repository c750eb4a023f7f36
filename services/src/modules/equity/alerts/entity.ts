import { ALERT_EVENT_TYPES, EQUITY_ALERT_ROOM, EQUITY_ALERT_UPDATED_MESSAGE } from '@acpg/contracts/equity';
import { defineEntity } from '../../../platform/entities/define-entity.ts';
import { alertStream } from '../alert/decider.ts';
import { alertRows, ALERTS_COLLECTION } from './view.ts';

/**
 * Read model `equity_alerts`: one row per alert and its fraud case, for the member's list and the Super Admins' queue;
 * pushed to `equity-alert:<id>` (its page), the member (their list) and Super Admins (cases at once).
 */
export const alerts = defineEntity({
  name: 'equity.alerts',
  collection: ALERTS_COLLECTION,
  indexes: ['account_id', 'status', 'raised_at', 'county', 'enrolment_id'],
  handles: ALERT_EVENT_TYPES,
  stream: alertStream,
  idOf: (event) => event.data.alert_id,
  rows: alertRows,
  access: { code: 'ALERT', noun: 'alert' },
  providers: 'equity',
  live: { message: EQUITY_ALERT_UPDATED_MESSAGE, summary: 'An Equity Protect alert was raised or changed (answer, fraud case)', room: EQUITY_ALERT_ROOM },
});
