import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.ts';

describe('toE164', () => {
  it('applies the default +1 to a US number typed without a prefix', () => {
    expect(toE164('(415) 555-0123')).toBe('+14155550123');
    expect(toE164('415.555.0123')).toBe('+14155550123');
    expect(toE164('1 415 555 0123')).toBe('+14155550123');
  });
  it('keeps an international number typed with +', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('+1 (415) 555-0123')).toBe('+14155550123');
  });
  it('refuses what is not a phone number', () => {
    for (const bad of ['', '555-0123', '+0 123 4567', 'call me', '+1234', '0415 555 0123', '+1234567890123456', '(415) 055-0123', '+44 20 7946']) expect(toE164(bad), bad).toBeNull();
  });
});
