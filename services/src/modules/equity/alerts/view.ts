import { AlertView } from '@acpg/contracts/equity';
import type { Doc } from '../../../platform/documents/port.ts';
import { entityRows } from '../../../platform/entities/entity-rows.ts';
import { toAlertEvent, type AlertEvent } from '../alert/decider.ts';

export const ALERTS_COLLECTION = 'equity_alerts';

/** A row as stored (`enrolment_id`, the event's spelling); the API answers `enrollment_id` (`toAlertView`). */
type Row = Omit<AlertView, 'version' | 'position' | 'enrollment_id'> & {
  enrolment_id: string;
  _id: string;
  /** Filters the lists read at the top level. */
  county: string;
  document_type: string;
  search_text: string;
};

const searchTextOf = (row: Pick<Row, 'alert_id' | 'property' | 'recording'>) =>
  [row.alert_id, row.property.address_line, row.property.city, row.property.zip, row.property.apn, row.recording.document_number, row.recording.grantor, row.recording.grantee].join(' ').toLowerCase();

/** The alert's row after one more event (pure: the projection and a fresh fold of the stream share it). */
export const evolveAlertRow = (doc: Doc | null, event: AlertEvent): Doc | null => {
  if (event.type === 'EquityAlertRaised') {
    const d = event.data;
    const row: Row = {
      _id: d.alert_id,
      alert_id: d.alert_id,
      enrolment_id: d.enrolment_id,
      account_id: d.account_id,
      property: d.property,
      recording: d.recording,
      sample: d.sample === true,
      status: 'new',
      raised_at: d.at,
      answered_at: null,
      case: null,
      updated_at: d.at,
      county: d.property.county,
      document_type: d.recording.document_type,
      search_text: '',
    };
    return { ...row, search_text: searchTextOf(row) };
  }
  if (!doc) return null;
  const row = doc as unknown as Row; // written by this function only
  switch (event.type) {
    case 'EquityAlertConfirmed':
      return { ...row, status: 'confirmed', answered_at: event.data.at, updated_at: event.data.at };
    case 'EquityFraudCaseOpened':
      return {
        ...row,
        status: 'disputed',
        answered_at: event.data.at,
        case: {
          opened_at: event.data.at,
          note: event.data.note,
          steps: event.data.steps.map((step) => ({ step, done: false })),
          closed_at: null,
          resolution: null,
          outcome: null,
          owner_id: null,
        },
        updated_at: event.data.at,
      };
    case 'EquityCaseStepChecked':
      return row.case
        ? { ...row, case: { ...row.case, steps: row.case.steps.map((s) => (s.step === event.data.step ? { ...s, done: event.data.done } : s)) }, updated_at: event.data.at }
        : row;
    case 'EquityFraudCaseClosed':
      return row.case
        ? { ...row, status: 'resolved', case: { ...row.case, closed_at: event.data.at, resolution: event.data.resolution, outcome: event.data.outcome ?? null }, updated_at: event.data.at }
        : row;
    case 'EquityCaseNoteAdded':
      // The notes are the admins' own (`GET /admin/equity/alerts/:id/notes`); the row only moves on, so views follow.
      return { ...row, updated_at: event.data.at };
    case 'EquityCaseAssigned':
      return row.case ? { ...row, case: { ...row.case, owner_id: event.data.owner_id }, updated_at: event.data.at } : row;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown alert event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** The alert's rows and views: the stored `enrolment_id` (the events' spelling) is answered and pushed as `enrollment_id`. */
export const alertRows = entityRows({ toEvent: toAlertEvent, evolve: evolveAlertRow, schema: AlertView, viewFields: (doc) => ({ ...doc, enrollment_id: doc.enrolment_id }) });
export const toAlertView = alertRows.toView;
