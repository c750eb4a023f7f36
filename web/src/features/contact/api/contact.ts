import type { ContactDetails } from '@acpg/contracts/content';
import { http } from '../../../lib/http.ts';

export function fetchContactDetails(): Promise<{ success: boolean; data: ContactDetails; message?: string }> {
  return http.post('/cms/contact-page');
}
