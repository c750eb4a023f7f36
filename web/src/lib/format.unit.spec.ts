import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './masking.ts';
import { formatCents, formatUsd, roundDollars } from './money.ts';
import { formatPhone, isUsPhone } from './phone.ts';
import { formatDateIso, formatDateTime12, formatDateUs, startOfWeek } from './dates.ts';
import { US_STATES, US_STATE_OPTIONS, stateName } from './us-states.ts';
import { toCsv } from './csv.ts';
import { capitalizeFirst } from './text.ts';
import { myAccountPath, menuKind } from './roles.ts';

describe('masking (spec section 5)', () => {
  it('shows the first 5 phone characters then 8 asterisks', () => {
    expect(maskPhone('+15551234567')).toBe('+1555********');
    expect(maskPhone('')).toBe('');
  });
  it('keeps the first and last character of the email local part', () => {
    expect(maskEmail('john@example.com')).toBe('j**n@example.com');
    expect(maskEmail('ab@example.com')).toBe('ab@example.com');
    expect(maskEmail('a@example.com')).toBe('*@example.com');
  });
});

describe('money', () => {
  it('rounds dollars to 2 decimals without binary drift', () => {
    expect(roundDollars(1.005)).toBe(1.01);
    expect(roundDollars(2.344)).toBe(2.34);
    expect(roundDollars(-1.005)).toBe(-1.01);
    expect(roundDollars(Number.NaN)).toBe(0);
  });
  it('formats US dollars', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
  it('formats integer cents as US dollars', () => {
    expect(formatCents(7400)).toBe('$74.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(Number.NaN)).toBe('$0.00');
  });
});

describe('phone format', () => {
  it('formats +1 numbers as US', () => {
    expect(formatPhone('+15551234567')).toBe('+1 (555) 123-4567');
    expect(isUsPhone('+1 555 123 4567')).toBe(true);
  });
  it('keeps other prefixes international', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(isUsPhone('+442079460958')).toBe(false);
  });
});

describe('dates', () => {
  const d = new Date(2025, 0, 5, 13, 7); // local time
  it('formats MM-DD-YYYY and YYYY-MM-DD', () => {
    expect(formatDateUs(d)).toBe('01-05-2025');
    expect(formatDateIso(d)).toBe('2025-01-05');
    expect(formatDateUs('2025-12-31')).toBe('12-31-2025');
  });
  it('formats local 12-hour time with date', () => {
    expect(formatDateTime12(d)).toBe('01-05-2025 01:07 PM');
    expect(formatDateTime12(new Date(2025, 0, 5, 0, 0))).toBe('01-05-2025 12:00 AM');
    expect(formatDateTime12('not a date')).toBe('');
  });
  it('starts the week on Sunday', () => {
    expect(formatDateIso(startOfWeek(new Date(2025, 0, 8)))).toBe('2025-01-05');
  });
});

describe('US states', () => {
  it('lists the 50 states without DC', () => {
    expect(US_STATES).toHaveLength(50);
    expect(US_STATE_OPTIONS.some((o) => o.value === 'DC')).toBe(false);
    expect(stateName('ca')).toBe('California');
  });
});

describe('csv', () => {
  it('quotes separators and neutralises formulas', () => {
    expect(toCsv(['a', 'b'], [['x,y', '=SUM(A1)'], [null, 'say "hi"']])).toBe('a,b\r\n"x,y",\'=SUM(A1)\r\n,"say ""hi"""\r\n');
  });
  it('makes a leading tab or carriage return inert too, and leaves harmless text alone', () => {
    expect(toCsv(['a'], [['\t=cmd'], ['\r=1+1'], ['@SUM(A1)'], ['+1'], ['-1'], ['plain text'], [12.5]])).toBe(
      'a\r\n\'\t=cmd\r\n"\'\r=1+1"\r\n\'@SUM(A1)\r\n\'+1\r\n\'-1\r\nplain text\r\n12.5\r\n',
    );
  });
});

describe('small rules', () => {
  it('capitalises the first letter of a server message', () => {
    expect(capitalizeFirst('contact page not found')).toBe('Contact page not found');
  });
  it('maps My Account per role (spec section 2)', () => {
    expect(myAccountPath(['Provider Admin'])).toBe('/acpg-provider-users');
    expect(myAccountPath(['Super Admin', 'Customer'])).toBe('/admin-dashboard');
    expect(myAccountPath(['Agent'])).toBe('/subscriptions');
    expect(myAccountPath(['Admin'])).toBe('/admin-dashboard');
    expect(menuKind(['Professional'])).toBe('customer');
    expect(menuKind(['Admin'])).toBe('admin');
  });
});
