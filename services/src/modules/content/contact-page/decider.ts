import type { ContactDetails } from '@acpg/contracts/content';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';

/** The contact page is one aggregate with one stream. */
export const CONTACT_PAGE_STREAM = 'content-contact-page';

export type ContactDetailsUpdated = {
  type: 'ContactDetailsUpdated';
  data: ContactDetails & { updated_at: string };
};
export type ContactPageEvent = ContactDetailsUpdated;

export type UpdateContactDetails = Command<'UpdateContactDetails', ContactDetails>;
export type ContactPageCommand = UpdateContactDetails;

export type ContactPageState = { details: ContactDetails | null; updatedAt: string | null };
export const initialContactPageState = (): ContactPageState => ({ details: null, updatedAt: null });

const detailsOf = ({ phone, email, address, hours }: ContactDetails): ContactDetails => ({ phone, email, address, hours });

export const evolveContactPage = (state: ContactPageState, event: ContactPageEvent): ContactPageState => {
  switch (event.type) {
    case 'ContactDetailsUpdated':
      return { details: detailsOf(event.data), updatedAt: event.data.updated_at };
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown contact page event ${String(unexpected)}`);
    }
  }
};

const sameDetails = (a: ContactDetails, b: ContactDetails) =>
  a.phone === b.phone && a.email === b.email && a.address === b.address && a.hours === b.hours;

export const decideContactPage = (command: ContactPageCommand, state: ContactPageState): ContactPageEvent[] => {
  switch (command.type) {
    case 'UpdateContactDetails': {
      const details = detailsOf(command.data);
      // Saving what is already there changes nothing: retried requests and the seed add no event.
      if (state.details && sameDetails(state.details, details)) return [];
      return [{ type: 'ContactDetailsUpdated', data: { ...details, updated_at: command.metadata.now.toISOString() } }];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown contact page command ${String(unexpected)}`);
    }
  }
};

/** Reads a stored event back as a contact page event (null for types this aggregate does not know). */
export const toContactPageEvent = (event: StoredEvent): ContactPageEvent | null => {
  switch (event.type) {
    case 'ContactDetailsUpdated':
      // Not re-validated: an event is a fact, and a later tightening of ContactDetails must not hide old ones.
      return { type: 'ContactDetailsUpdated', data: event.data as ContactDetailsUpdated['data'] };
    default:
      return null;
  }
};

export const contactPageDecider: Decider<ContactPageCommand, ContactPageEvent, ContactPageState> = {
  initialState: initialContactPageState,
  evolve: evolveContactPage,
  decide: decideContactPage,
  fromStored: toContactPageEvent,
};

