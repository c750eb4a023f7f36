import { ALERT_EVENT_TYPES } from '@acpg/contracts/equity-protect';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toAlertEvent } from '../alert/decider.ts';
import { pushAlert } from './push.ts';
import { ALERTS_COLLECTION, evolveAlertRow } from './view.ts';

/** Read model `equity_alerts`: one row per alert and its fraud case, for the member's list and the Super Admins' queue. */
export const alertsProjection = defineProjection({
  name: 'equity.alerts',
  collection: ALERTS_COLLECTION,
  handles: ALERT_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('equity-alert-') ? toAlertEvent(stored) : null),
  documentId: (event) => event.data.alert_id,
  evolve: (doc, event, stored) => (doc && typeof doc._version === 'number' && doc._version >= stored.version ? doc : evolveAlertRow(doc, event)),
  indexes: ['account_id', 'status', 'raised_at', 'county', 'enrolment_id'],
  push: pushAlert,
});
