import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './masking.ts';

describe('maskPhone: the last 4 digits, the rest hidden', () => {
  it('shows a US number as (•••) •••- and its last 4 digits', () => {
    expect(maskPhone('+14155550144')).toBe('(•••) •••-0144');
    expect(maskPhone('+1 (415) 555-0123')).toBe('(•••) •••-0123');
  });
  it('shows the last 4 digits of any other number after 6 dots, whatever its length', () => {
    expect(maskPhone('+442071838750')).toBe('••••••8750');
    expect(maskPhone('+4915112345678')).toBe('••••••5678');
  });
  it('hides a number too short to show a part of', () => {
    expect(maskPhone('+1234')).toBe('••••••••');
    expect(maskPhone('123')).toBe('••••••••');
  });
  it('never keeps the start of the number (country and area code)', () => {
    expect(maskPhone('+14155550144')).not.toContain('415');
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
