import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A phone typed by a person as E.164, validated by libphonenumber-js (the same library as the sign-up form). Without a
 * '+', the spec's default prefix '+1' applies; with one, the number is read in its own country's plan.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'US');
  return parsed?.isValid() ? parsed.number : null;
}
