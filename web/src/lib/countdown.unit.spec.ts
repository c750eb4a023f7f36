import { describe, expect, it } from 'vitest';
import { clock, waitInWords } from './countdown.ts';

describe('countdown texts', () => {
  it('shows minutes and seconds, hours when the wait is that long', () => {
    expect(clock(37)).toBe('0:37');
    expect(clock(3180)).toBe('53:00');
    expect(clock(59.2)).toBe('1:00');
    expect(clock(3600)).toBe('1:00:00');
    expect(clock(-5)).toBe('0:00');
  });
  it('says the wait in words, rounding minutes up', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(37)).toBe('37 seconds');
    expect(waitInWords(3170)).toBe('53 minutes');
    expect(waitInWords(60)).toBe('1 minute');
  });
});
