import type { ContactDetails } from '@acpg/contracts/content';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { CONTACT_PAGE_STREAM, toContactPageEvent } from './decider.ts';

export const CONTACT_PAGE_COLLECTION = 'contact_page';
/** The read model holds one document. */
export const CONTACT_PAGE_DOC_ID = 'contact-page';

/** Read model of the contact page: the details last saved (only from its own stream). */
export const contactPageProjection = defineProjection({
  name: 'content.contact_page',
  collection: CONTACT_PAGE_COLLECTION,
  handles: ['ContactDetailsUpdated'],
  fromStored: (stored) => (stored.stream === CONTACT_PAGE_STREAM ? toContactPageEvent(stored) : null),
  documentId: () => CONTACT_PAGE_DOC_ID,
  evolve: (doc, event, stored) => {
    switch (event.type) {
      case 'ContactDetailsUpdated': {
        const data = event.data;
        return {
          _id: CONTACT_PAGE_DOC_ID,
          phone: data.phone,
          email: data.email,
          address: data.address,
          hours: data.hours,
          updated_at: stored.occurredAt,
        };
      }
      default:
        return doc;
    }
  },
});

export const toContactDetails = (doc: Doc): ContactDetails => ({
  phone: String(doc.phone),
  email: String(doc.email),
  address: String(doc.address),
  hours: String(doc.hours),
});
