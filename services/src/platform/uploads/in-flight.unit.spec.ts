import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../http/errors.ts';
import { uploadSlots } from './in-flight.ts';

describe('upload slots', () => {
  it('lets an account have 2 uploads in flight; the third is 429 UPLOADS_IN_FLIGHT with a Retry-After, until one ends', () => {
    const slots = uploadSlots(2, 10);
    const first = slots.take('a');
    slots.take('a');
    let refused: unknown;
    try {
      slots.take('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({ status: 429, code: 'UPLOADS_IN_FLIGHT' });
    expect((refused as RetryLaterError).retryAfterSeconds).toBeGreaterThan(0);
    expect(() => slots.take('b')).not.toThrow(); // another account is not held up
    first();
    first(); // freeing twice frees once
    expect(slots.inFlight('a')).toBe(1);
    expect(() => slots.take('a')).not.toThrow();
  });

  it('bounds everyone together: past the global bound 429 UPLOADS_BUSY', () => {
    const slots = uploadSlots(2, 3);
    slots.take('a');
    slots.take('b');
    const last = slots.take('c');
    expect(() => slots.take('d')).toThrow(expect.objectContaining({ code: 'UPLOADS_BUSY' }));
    last();
    expect(slots.inFlight()).toBe(2);
    expect(() => slots.take('d')).not.toThrow();
  });
});
