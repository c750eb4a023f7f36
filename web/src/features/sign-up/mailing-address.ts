import type { MailingAddress } from './api/sign-up.ts';
import { US_STATES } from '../../lib/us-states.ts';

/** The "another address" form, as typed. */
export interface AddressForm {
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export type AddressProblems = Partial<Record<keyof AddressForm, string>>;

const ZIP = /^\d{5}(-\d{4})?$/;

export function addressProblems(a: AddressForm): AddressProblems {
  const problems: AddressProblems = {};
  if (!a.line1.trim()) problems.line1 = 'Enter the street address';
  if (!a.city.trim()) problems.city = 'Enter the city';
  if (!US_STATES.some((s) => s.code === a.state)) problems.state = 'Choose the state';
  if (!ZIP.test(a.zip.trim())) problems.zip = 'Enter a 5-digit ZIP code';
  return problems;
}

/** The address for PUT /sign-up/mailing-address, or null while a field is wrong. */
export function toMailingAddress(a: AddressForm): MailingAddress | null {
  if (Object.keys(addressProblems(a)).length > 0) return null;
  return { line1: a.line1.trim(), ...(a.line2.trim() ? { line2: a.line2.trim() } : {}), city: a.city.trim(), state: a.state, zip: a.zip.trim() };
}
