import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './masking.ts';

describe('maskPhone: first 5 characters, then 8 asterisks', () => {
  it('keeps the first 5 characters of a US number', () => {
    expect(maskPhone('+14155550123')).toBe('+1415********');
  });
  it('always adds 8 asterisks, whatever the length', () => {
    expect(maskPhone('+442071838750')).toBe('+4420********');
    expect(maskPhone('+1234')).toBe('+1234********');
  });
  it('keeps what there is of a number shorter than 5', () => {
    expect(maskPhone('123')).toBe('123********');
  });
  it('gives an empty string for an empty phone', () => {
    expect(maskPhone('')).toBe('');
  });
});

describe('maskEmail: local part keeps its first and last character', () => {
  it('stars the middle of the local part, one star per character', () => {
    expect(maskEmail('johndoe@example.com')).toBe('j*****e@example.com');
  });
  it('fully stars a 1-character local part', () => {
    expect(maskEmail('a@example.com')).toBe('*@example.com');
  });
  it('keeps both characters of a 2-character local part (nothing in the middle)', () => {
    expect(maskEmail('ab@example.com')).toBe('ab@example.com');
  });
  it('stars the single middle character of a 3-character local part', () => {
    expect(maskEmail('abc@example.com')).toBe('a*c@example.com');
  });
  it('masks only the part before the last @', () => {
    expect(maskEmail('"a@b"@example.com')).toBe('"***"@example.com');
  });
  it('gives an empty string for an empty email', () => {
    expect(maskEmail('')).toBe('');
  });
});
