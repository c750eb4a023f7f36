import { EnrolmentView } from '@acpg/contracts/equity';
import type { Doc } from '../../../platform/documents/port.ts';
import { entityRows } from '../../../platform/entities/entity-rows.ts';
import { toEnrolmentEvent, type EnrolmentEvent } from '../enrolment/decider.ts';
import { matchKey } from '../recorder-feed/port.ts';

export const ENROLMENTS_COLLECTION = 'equity_enrolments';

/** A row as stored (field `enrolment_id`, the event's spelling); the API answers it as `enrollment_id` (`toEnrolmentView`). */
type Row = Omit<EnrolmentView, 'version' | 'position' | 'enrollment_id'> & {
  _id: string;
  enrolment_id: string;
  /** Filters the lists read at the top level: the county and lower-case words to search. */
  county: string;
  /** County and APN as matching compares them (`matchKey`): recordings find their protected properties by it. */
  match_key: string;
  search_text: string;
  /** The member was told this year of protection ends soon (the clock's look skips these rows). */
  ending_noticed: boolean;
};

const searchTextOf = (row: Pick<Row, 'property' | 'enrolment_id'>) =>
  [row.enrolment_id, row.property.address_line, row.property.city, row.property.zip, row.property.apn, row.property.county].join(' ').toLowerCase();

/** The enrolment's row after one more event (pure: the projection and a fresh fold of the stream share it). */
export const evolveEnrolmentRow = (doc: Doc | null, event: EnrolmentEvent): Doc | null => {
  if (event.type === 'EquityEnrolmentRequested') {
    const d = event.data;
    const row: Row = {
      _id: d.enrolment_id,
      enrolment_id: d.enrolment_id,
      account_id: d.account_id,
      property: d.property,
      status: 'awaiting_payment',
      price_cents: d.price_cents,
      included: d.included,
      plan_name: d.plan_name,
      checkout_id: null,
      message: null,
      protected_since: null,
      protected_until: null,
      requested_at: d.at,
      updated_at: d.at,
      county: d.property.county,
      match_key: matchKey(d.property.county, d.property.apn),
      search_text: '',
      ending_noticed: false,
    };
    return { ...row, search_text: searchTextOf(row) };
  }
  if (!doc) return null; // an event without its enrolment
  const row = doc as unknown as Row; // written by this function only
  switch (event.type) {
    case 'EquityEnrolmentPaid':
      return { ...row, checkout_id: event.data.checkout_id, message: null, updated_at: event.data.at };
    case 'EquityEnrolmentPaymentFailed':
      return { ...row, checkout_id: event.data.checkout_id, message: event.data.message, updated_at: event.data.at };
    case 'EquityProtectionStarted':
      return { ...row, status: 'active', message: null, protected_since: event.data.at, protected_until: event.data.protected_until, ending_noticed: false, updated_at: event.data.at };
    case 'EquityProtectionCancelled':
      return { ...row, status: 'cancelled', message: null, updated_at: event.data.at };
    case 'EquityProtectionEndingSoon':
      return { ...row, ending_noticed: true, updated_at: event.data.at };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown enrolment event ${String((unexpected as { type: unknown }).type)}`);
    }
  }
};

/** The enrolment's rows and views: the stored `enrolment_id` (the events' spelling) is answered and pushed as `enrollment_id`. */
export const enrolmentRows = entityRows({ toEvent: toEnrolmentEvent, evolve: evolveEnrolmentRow, schema: EnrolmentView, viewFields: (doc) => ({ ...doc, enrollment_id: doc.enrolment_id }) });
export const toEnrolmentView = enrolmentRows.toView;
/** The row straight from the enrolment's events (a page that asks right after enrolling sees it before the read model). */
