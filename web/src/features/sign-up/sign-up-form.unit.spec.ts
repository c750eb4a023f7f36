import { describe, expect, it } from 'vitest';
import { checkPhone, countryOptions, formatAsTyped } from './phone.ts';
import { passwordProblem, passwordStrength } from './password.ts';

describe('phone with a country picker (libphonenumber-js)', () => {
  it('takes a US number for the default +1 and answers E.164', () => {
    expect(checkPhone('US', '(415) 555-2671')).toEqual({ ok: true, e164: '+14155552671' });
  });
  it('refuses a number that is not valid for the chosen country', () => {
    expect(checkPhone('US', '555')).toMatchObject({ ok: false, message: 'Enter a valid phone number for United States' });
    expect(checkPhone('GB', '')).toEqual({ ok: false, message: 'Enter your phone number' });
  });
  it('takes an international number for its country', () => {
    expect(checkPhone('GB', '020 7946 0958')).toEqual({ ok: true, e164: '+442079460958' });
  });
  it('formats +1 numbers the US way as they are typed', () => {
    expect(formatAsTyped('US', '4155552671')).toBe('(415) 555-2671');
  });
  it('lists the countries by name with their calling code', () => {
    const us = countryOptions().find((c) => c.code === 'US');
    expect(us).toEqual({ code: 'US', name: 'United States', dial: '+1' });
    expect(countryOptions().length).toBeGreaterThan(200);
  });
});

describe('password rules and strength hint', () => {
  it('asks for 8 to 128 characters and nothing else', () => {
    expect(passwordProblem('')).toBe('Choose a password');
    expect(passwordProblem('short')).toBe('Use at least 8 characters');
    expect(passwordProblem('x'.repeat(129))).toBe('Use at most 128 characters');
    expect(passwordProblem('all lower case words')).toBeNull();
  });
  it('rates length above composition', () => {
    const ratings: [password: string, rating: ReturnType<typeof passwordStrength>][] = [
      ['abc', 'too short'],
      ['12345678', 'weak'],
      ['aaaaaaaaaaaa', 'weak'],
      ['sunflower', 'weak'],
      ['Sunflower7', 'fair'],
      ['correct horse battery staple', 'strong'],
    ];
    for (const [password, rating] of ratings) expect(passwordStrength(password), password).toBe(rating);
  });
});
