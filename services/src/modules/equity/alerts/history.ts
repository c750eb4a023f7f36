import { CASE_OUTCOME_LABELS, CASE_STEP_LABELS, DOCUMENT_TYPE_LABELS } from '@acpg/contracts/equity';
import type { AlertEvent } from '../alert/decider.ts';
import { countyName } from '../recorder-feed/port.ts';
import { DEFAULT_TIME_ZONE, formatDateUs } from '../../../platform/formatting/index.ts'; // a calendar day: no zone moves it

/** One plain sentence per event of the alert, for the audit trail. */
export const summaryOf = (event: AlertEvent): string => {
  switch (event.type) {
    case 'EquityAlertRaised': {
      const { recording: r, property: p } = event.data;
      return `${DOCUMENT_TYPE_LABELS[r.document_type]} ${r.document_number} recorded on ${formatDateUs(r.recorded_at, DEFAULT_TIME_ZONE)} in ${countyName(r.county)} for APN ${r.apn} (${p.address_line}, ${p.city}): ${r.grantor} to ${r.grantee}.`;
    }
    case 'EquityAlertConfirmed':
      return 'The member answered: this was me.';
    case 'EquityFraudCaseOpened':
      return `The member answered: I don’t recognize this. A fraud case was opened${event.data.note ? `: “${event.data.note}”` : ''}.`;
    case 'EquityCaseStepChecked':
      return `${event.data.done ? 'Done' : 'Not done yet'}: ${CASE_STEP_LABELS[event.data.step]}.`;
    case 'EquityFraudCaseClosed':
      return event.data.outcome ? `Fraud case resolved (${CASE_OUTCOME_LABELS[event.data.outcome]}): ${event.data.resolution}` : `Fraud case closed: ${event.data.resolution}`;
    case 'EquityCaseNoteAdded':
      // The member reads this trail too: the note's words stay the admins' (GET /admin/equity/alerts/:id/notes).
      return 'Our team added a note to the case.';
    case 'EquityCaseAssigned':
      return 'The case was given an owner.';
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown alert event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};
