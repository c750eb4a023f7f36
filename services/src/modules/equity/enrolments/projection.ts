import { ENROLMENT_EVENT_TYPES } from '@acpg/contracts/equity-protect';
import { defineProjection } from '../../../platform/projections/define.ts';
import { toEnrolmentEvent } from '../enrolment/decider.ts';
import { pushEnrolment } from './push.ts';
import { ENROLMENTS_COLLECTION, evolveEnrolmentRow } from './view.ts';

/**
 * Read model `equity_enrolments`: one row per enrolment (an account's property), for the member's and Super Admins'
 * lists, and the index matching reads (active rows by county and APN). An event delivered again is skipped by version.
 */
export const enrolmentsProjection = defineProjection({
  name: 'equity.enrolments',
  collection: ENROLMENTS_COLLECTION,
  handles: ENROLMENT_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('equity-enrolment-') ? toEnrolmentEvent(stored) : null),
  documentId: (event) => event.data.enrolment_id,
  evolve: (doc, event, stored) => (doc && typeof doc._version === 'number' && doc._version >= stored.version ? doc : evolveEnrolmentRow(doc, event)),
  indexes: ['account_id', 'status', 'requested_at', 'county', 'match_key', 'protected_until'],
  push: pushEnrolment,
});
