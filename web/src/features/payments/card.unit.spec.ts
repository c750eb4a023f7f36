import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry, passesLuhn, toCardDetails, validateCard, type CardInput } from './card.ts';

const NOW = new Date(2026, 10, 23); // November 2026
const good: CardInput = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Jane Doe' };

describe('card fields', () => {
  it('accepts the test cards (Luhn-valid) and refuses a mistyped digit', () => {
    for (const n of ['4242424242424242', '4000000000000002', '4000002760003184']) expect(passesLuhn(n)).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('finds nothing wrong with a complete, valid card', () => {
    expect(validateCard(good, NOW)).toEqual({});
  });

  it('says what is missing for empty fields', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '', name: ' ' }, NOW)).toEqual({
      number: 'Enter the card number',
      expiry: 'Enter the expiry date as MM/YY',
      cvc: 'Enter the 3 or 4 digit security code',
      name: 'Enter the name on the card',
    });
  });

  it('refuses a bad number, month, past expiry and a bad security code', () => {
    const errors = validateCard({ number: '4242 4242 4242 4243', expiry: '13/30', cvc: '12a', name: 'J' }, NOW);
    expect(errors.number).toMatch(/not a valid card number/);
    expect(errors.expiry).toMatch(/MM\/YY/);
    expect(errors.cvc).toMatch(/3 or 4 digits/);
    expect(validateCard({ ...good, number: '4242' }, NOW).number).toMatch(/not a valid/);
    expect(validateCard({ ...good, expiry: '10/26' }, NOW).expiry).toBe('This card has expired');
    expect(validateCard({ ...good, expiry: '11/26' }, NOW).expiry).toBeUndefined(); // valid through the end of its month
    expect(validateCard({ ...good, expiry: '01/99' }, NOW).expiry).toBe('Check the expiry year');
  });

  it('formats the number in groups of four and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242')).toBe('4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
  });

  it('reads MM/YY, MM/YYYY and MMYY', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('4/2029')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('0429')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('00/29')).toBeNull();
    expect(parseExpiry('abc')).toBeNull();
  });

  it('gives the gateway digits only, the month and the four-digit year', () => {
    expect(toCardDetails(good)).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Jane Doe' });
  });
});
