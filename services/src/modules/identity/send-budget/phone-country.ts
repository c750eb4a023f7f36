import { isSupportedCountry, Metadata, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { DomainError } from '../../../platform/commands/domain-error.ts';

// The library has this method (its main country first) but does not declare it in its types.
const metadata = new Metadata() as Metadata & { getCountryCodesForCallingCode(callingCode: string): string[] | undefined };

/**
 * The country an E.164 number belongs to: the one libphonenumber-js recognises, or, for a number it cannot place
 * (an unassigned area code such as +1 555), the main country of its calling code (+1: US, +44: GB). Null for garbage.
 */
export const phoneCountry = (phone: string): CountryCode | null => {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return null;
  if (parsed.country) return parsed.country;
  const main = metadata.getCountryCodesForCallingCode(parsed.countryCallingCode)?.[0];
  return main !== undefined && isSupportedCountry(main) ? main : null;
};

const regionNames = new Intl.DisplayNames(['en-US'], { type: 'region' });

/** The 400 for a number outside `SMS_ALLOWED_COUNTRIES`, naming the field and the countries served. */
export const phoneCountryRefused = (allowed: readonly string[], field: string) => {
  const names = allowed.map((code) => regionNames.of(code) ?? code);
  const message = `We can send text messages only to phone numbers in ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? 'the countries we serve')}. Use a phone number from there.`;
  return new DomainError('invalid', 'PHONE_COUNTRY_NOT_ALLOWED', message, [{ path: field, message }]);
};

/** Refuses (400 PHONE_COUNTRY_NOT_ALLOWED on `field`) a phone outside the allowed countries: no SMS to it, ever. */
export const assertSmsCountryAllowed = (allowed: readonly string[], phone: string, field = 'phone') => {
  const country = phoneCountry(phone);
  if (country === null || !allowed.includes(country)) throw phoneCountryRefused(allowed, field);
};
