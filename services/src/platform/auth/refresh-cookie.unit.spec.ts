import { describe, expect, it } from 'vitest';
import { hashRefreshSecret, newRefreshToken, parseRefreshToken } from './refresh-cookie.ts';

describe('refresh token', () => {
  it('is <familyId>.<secret>, stored as a digest of the secret', () => {
    const { token, hash } = newRefreshToken('0190a0b0-0000-7000-8000-000000000001');
    const parsed = parseRefreshToken(token);
    expect(parsed?.familyId).toBe('0190a0b0-0000-7000-8000-000000000001');
    expect(hashRefreshSecret(parsed?.secret ?? '')).toBe(hash);
    expect(token).not.toContain(hash);
  });

  it('gives a new secret each time', () => {
    expect(newRefreshToken('f').token).not.toBe(newRefreshToken('f').token);
  });

  it('parses nothing else', () => {
    for (const bad of [undefined, null, '', 'nodot', 'f.short', `f.${'a'.repeat(44)}`, `f/x.${'a'.repeat(43)}`]) {
      expect(parseRefreshToken(bad)).toBeNull();
    }
  });
});
