import { describe, expect, it } from 'vitest';
import { ageOf } from './poll.ts';

describe('ageOf', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('says how long ago, in the largest whole unit', () => {
    expect(ageOf(null, now)).toBe('—');
    expect(ageOf('2026-01-01T11:59:48Z', now)).toBe('12 s');
    expect(ageOf('2026-01-01T11:56:00Z', now)).toBe('4 min');
    expect(ageOf('2026-01-01T09:00:00Z', now)).toBe('3 h');
    expect(ageOf('2025-12-30T12:00:00Z', now)).toBe('2 d');
    expect(ageOf('2026-01-01T12:00:05Z', now)).toBe('0 s');
  });
});
