import { describe, expect, it } from 'vitest';
import { shortLabel } from './text.ts';

describe('shortLabel', () => {
  it('keeps short labels and the end of long ones, within the limit', () => {
    expect(shortLabel('/faq')).toBe('/faq');
    const long = shortLabel('/authentication/login-email-otp-verification');
    expect(long).toBe('…il-otp-verification');
    expect(long.length).toBe(20);
  });
});
