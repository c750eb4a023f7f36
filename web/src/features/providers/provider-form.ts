import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { formatPhone } from '../../lib/phone.ts';
import type { CreateProviderBody, ProviderKind, ProviderView } from '@acpg/contracts/providers';

/** The provider form as typed. */
export interface ProviderDraft {
  name: string;
  kind: ProviderKind | '';
  contact_name: string;
  contact_email: string;
  /** As typed: without a '+', the spec's default prefix +1 applies (libphonenumber-js, as the sign-up form). */
  contact_phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
}

export type ProviderDraftErrors = Partial<Record<keyof ProviderDraft, string>>;

export const emptyProviderDraft = (): ProviderDraft => ({
  name: '',
  kind: '',
  contact_name: '',
  contact_email: '',
  contact_phone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
});

export const providerDraftOf = (v: ProviderView): ProviderDraft => ({
  name: v.name,
  kind: v.kind,
  contact_name: v.contact.name,
  contact_email: v.contact.email,
  contact_phone: formatPhone(v.contact.phone),
  line1: v.address.line1,
  line2: v.address.line2 ?? '',
  city: v.address.city,
  state: v.address.state,
  zip: v.address.zip,
});

/** A typed phone as E.164, or null when it is not a valid number. */
export function phoneE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The request body from the form, or the message of each field to fix (the server checks again). */
export function providerBodyOf(draft: ProviderDraft): { ok: true; body: CreateProviderBody } | { ok: false; errors: ProviderDraftErrors } {
  const errors: ProviderDraftErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Enter the provider name.';
  else if (name.length > 120) errors.name = 'A name is at most 120 characters.';
  if (!draft.kind) errors.kind = 'Pick the kind of provider.';
  const contactName = draft.contact_name.trim();
  if (!contactName) errors.contact_name = 'Enter the contact name.';
  const email = draft.contact_email.trim().toLowerCase();
  if (!EMAIL.test(email)) errors.contact_email = 'Enter a valid email address.';
  let phone: string | null = null;
  if (draft.contact_phone.trim()) {
    phone = phoneE164(draft.contact_phone);
    if (!phone) errors.contact_phone = 'Enter a valid phone number, e.g. (415) 555-0123 or +44 20 7946 0958.';
  }
  if (!draft.line1.trim()) errors.line1 = 'Enter the street address.';
  if (!draft.city.trim()) errors.city = 'Enter the city.';
  if (!/^[A-Z]{2}$/.test(draft.state)) errors.state = 'Pick the state.';
  if (!/^\d{5}(-\d{4})?$/.test(draft.zip.trim())) errors.zip = 'Enter a 5-digit ZIP code.';
  if (Object.keys(errors).length > 0 || !draft.kind) return { ok: false, errors };
  const line2 = draft.line2.trim();
  return {
    ok: true,
    body: {
      name,
      kind: draft.kind,
      contact: { name: contactName, email, phone },
      address: { line1: draft.line1.trim(), ...(line2 ? { line2 } : {}), city: draft.city.trim(), state: draft.state, zip: draft.zip.trim() },
    },
  };
}
