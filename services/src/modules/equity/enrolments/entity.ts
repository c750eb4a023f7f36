import { ENROLMENT_EVENT_TYPES, EQUITY_ENROLMENT_UPDATED_MESSAGE } from '@acpg/contracts/equity';
import { defineEntity } from '../../../platform/entities/define-entity.ts';
import { enrolmentStream } from '../enrolment/decider.ts';
import { enrolmentRows, ENROLMENTS_COLLECTION } from './view.ts';

/**
 * Read model `equity_enrolments`: one row per enrolment (an account's property), for the member's and Super Admins'
 * lists (pushed to the owner and Super Admins; no room of its own), and the index matching reads (active rows by
 * county and APN). The member's and Super Admins' only: the id derives from account and property, so a 403 would tell
 * whether a member protects one.
 */
export const enrolments = defineEntity({
  name: 'equity.enrolments',
  collection: ENROLMENTS_COLLECTION,
  indexes: ['account_id', 'status', 'requested_at', 'county', 'match_key', 'protected_until'],
  handles: ENROLMENT_EVENT_TYPES,
  stream: enrolmentStream,
  idOf: (event) => event.data.enrolment_id,
  rows: enrolmentRows,
  access: { code: 'ENROLLMENT', noun: 'enrollment' },
  providers: 'equity',
  live: { message: EQUITY_ENROLMENT_UPDATED_MESSAGE, summary: 'An Equity Protect enrollment changed (requested, paid, active, canceled)' },
});
