import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The default country: the spec's '+1' prefix. */
export const DEFAULT_COUNTRY: CountryCode = 'US';

export interface CountryOption {
  code: CountryCode;
  name: string;
  dial: string;
}

let cached: CountryOption[] | null = null;

/** Every country libphonenumber-js knows, by English name, with its calling code ("+44"). */
export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  cached = getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code, dial: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cached;
}

export const isCountry = (code: string): code is CountryCode => (getCountries() as string[]).includes(code);

/** The number as typed, formatted as it is typed: '+1' numbers the US way, (415) 555-0123; others internationally. */
export const formatAsTyped = (country: CountryCode, typed: string): string => new AsYouType(country).input(typed);

/** E.164 of a valid number for the chosen country, else the reason it is not. */
export function checkPhone(country: CountryCode, typed: string): { ok: true; e164: string } | { ok: false; message: string } {
  if (!typed.trim()) return { ok: false, message: 'Enter your phone number' };
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed || !parsed.isValid()) return { ok: false, message: `Enter a valid phone number for ${countryOptions().find((c) => c.code === country)?.name ?? country}` };
  return { ok: true, e164: parsed.number };
}
