import { describe, expect, it } from 'vitest';
import { assertSmsCountryAllowed, phoneCountry } from './phone-country.ts';

describe('the country of a phone (SMS allow-list)', () => {
  it('places numbers by their numbering plan, +1 included', () => {
    expect(phoneCountry('+14155550123')).toBe('US');
    expect(phoneCountry('+16135550123')).toBe('CA');
    expect(phoneCountry('+18095550123')).toBe('DO');
    expect(phoneCountry('+442079460958')).toBe('GB');
    // An unassigned area code stays in its calling code's main country (US for +1).
    expect(phoneCountry('+15551234567')).toBe('US');
  });

  it('refuses a phone outside the list with PHONE_COUNTRY_NOT_ALLOWED naming the field and the countries', () => {
    expect(() => assertSmsCountryAllowed(['US'], '+14155550123')).not.toThrow();
    expect(() => assertSmsCountryAllowed(['US', 'CA'], '+16135550123')).not.toThrow();
    let refusal: unknown;
    try {
      assertSmsCountryAllowed(['US', 'CA'], '+18095550123', 'phone');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({
      kind: 'invalid',
      code: 'PHONE_COUNTRY_NOT_ALLOWED',
      errors: [{ path: 'phone', message: 'We can send text messages only to phone numbers in United States or Canada. Use a phone number from there.' }],
    });
  });
});
