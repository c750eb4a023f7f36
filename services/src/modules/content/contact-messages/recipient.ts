import type { Platform } from '../../../platform/module.ts';
import { documentAtHead } from '../../../platform/projections/caught-up.ts';
import { CONTACT_PAGE_COLLECTION, CONTACT_PAGE_DOC_ID } from '../contact-page/projection.ts';
import { CONTACT_PAGE_STREAM } from '../contact-page/decider.ts';

/**
 * Where the team reads the contact form: the email the published contact details name (null when none is set).
 * Read from the content module's own contact read model.
 */
export const contactRecipient = async (platform: Platform): Promise<string | null> => {
  const { doc } = await documentAtHead(platform, { collection: CONTACT_PAGE_COLLECTION, id: CONTACT_PAGE_DOC_ID, stream: CONTACT_PAGE_STREAM });
  return typeof doc?.email === 'string' && doc.email ? doc.email : null;
};
