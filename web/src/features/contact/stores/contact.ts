import { proxy } from 'valtio/vanilla';
import type { ContactDetails } from '@acpg/contracts/content';
import { notify } from '../../../lib/notify.ts';
import { capitalizeFirst } from '../../../lib/text.ts';
import { fetchContactDetails } from '../api/contact.ts';

/** Contact-us group: the contact details kept as the default detail (spec section 3). */
interface ContactState {
  details: ContactDetails | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  error: string | null;
}

export const contact = proxy<ContactState>({ details: null, status: 'idle', error: null });

let inflight: Promise<void> | null = null;

/** Loads the contact details if they are not loaded yet; a failure shows a warning with the server's message. */
export function loadContactDetails(): Promise<void> {
  if (contact.details) return Promise.resolve();
  inflight ??= (async () => {
    contact.status = 'loading';
    contact.error = null;
    try {
      const res = await fetchContactDetails();
      contact.details = res.data;
      contact.status = 'loaded';
    } catch (err) {
      const message = capitalizeFirst(err instanceof Error ? err.message : 'could not load the contact details');
      contact.status = 'failed';
      contact.error = message;
      notify.warning(message);
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

export function clearContactDetails(): void {
  contact.details = null;
  contact.status = 'idle';
  contact.error = null;
}

// The spec clears the contact details when the page is about to unload.
if (typeof window !== 'undefined') window.addEventListener('beforeunload', clearContactDetails);
