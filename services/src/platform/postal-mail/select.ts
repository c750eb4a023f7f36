import type { Platform } from '../module.ts';
import { devOutboxPostalMail } from './dev-outbox.ts';
import type { PostalMail } from './port.ts';

/**
 * The platform's postal mail, or null where none is configured. On the embedded profile with DEV_OUTBOX=true letters
 * go to the dev outbox. No print-and-mail provider is bundled: production implements `PostalMail` for one (Lob,
 * PostGrid, Click2Mail ...) and answers it here; until then a mailed code is refused (503 MAILED_CODES_UNAVAILABLE)
 * rather than pretended.
 */
export const postalMail = (platform: Pick<Platform, 'devOutbox'>): PostalMail | null => (platform.devOutbox ? devOutboxPostalMail(platform.devOutbox) : null);
