import { describe, expect, it } from 'vitest';
import { newPasswordProblems } from './new-password.ts';

describe('newPasswordProblems', () => {
  it('asks for both fields', () => {
    expect(newPasswordProblems('', '')).toEqual({ password: 'Enter a new password', confirmation: 'Enter the new password again' });
  });
  it('refuses fewer than 8 and more than 128 characters (counted as characters, not bytes)', () => {
    expect(newPasswordProblems('short', 'short').password).toBe('Use at least 8 characters');
    expect(newPasswordProblems('x'.repeat(129), 'x'.repeat(129)).password).toBe('Use at most 128 characters');
    expect(newPasswordProblems('ééééééé😀', 'ééééééé😀').password).toBeNull();
  });
  it('refuses a confirmation that differs', () => {
    expect(newPasswordProblems('long enough words', 'long enough word')).toEqual({ password: null, confirmation: 'The two passwords do not match' });
    expect(newPasswordProblems('long enough words', 'long enough words')).toEqual({ password: null, confirmation: null });
  });
});
