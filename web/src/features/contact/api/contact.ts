import type { ContactMessageBody, ContactMessageSent } from '@acpg/contracts/contact-messages';
import { http } from '../../../lib/http.ts';

/** The contact form's human check (ALTCHA), fetched by the widget itself: a full path. */
export const CONTACT_CHALLENGE_PATH = '/api/v1/cms/contact-messages/challenge';

/** `POST /cms/contact-messages` (public): throws an HttpError (400 with field errors, 429) when refused. */
export const sendContactMessage = (body: ContactMessageBody) => http.post<{ success: true; data: ContactMessageSent; message?: string }>('/cms/contact-messages', body);
