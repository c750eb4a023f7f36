import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryCounters } from '../counters/memory.ts';
import type { Counters } from '../counters/port.ts';
import { RetryLaterError } from '../http/errors.ts';
import { uploadSlots } from './in-flight.ts';

const opened: Counters[] = [];
const counters = () => {
  const made = createMemoryCounters();
  opened.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

describe('upload slots', () => {
  it('lets an account have 2 uploads in flight; the third is 429 UPLOADS_IN_FLIGHT with a Retry-After, until one ends', async () => {
    const shared = counters();
    const slots = uploadSlots(2, 10);
    const first = await slots.take('a', shared);
    await slots.take('a', shared);
    const refused: unknown = await slots.take('a', shared).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect(refused).toMatchObject({ status: 429, code: 'UPLOADS_IN_FLIGHT' });
    expect((refused as RetryLaterError).retryAfterSeconds).toBeGreaterThan(0);
    expect(slots.inFlight()).toBe(2); // the refused one holds nothing
    await expect(slots.take('b', shared)).resolves.toBeTypeOf('function'); // another account is not held up
    first();
    first(); // freeing twice frees once
    expect(slots.inFlight('a')).toBe(1);
    await expect(slots.take('a', shared)).resolves.toBeTypeOf('function');
  });

  it("counts an account's uploads on every process that shares the counters", async () => {
    const shared = counters();
    const [one, two] = [uploadSlots(2, 10), uploadSlots(2, 10)];
    await one.take('a', shared);
    const onTwo = await two.take('a', shared);
    await expect(one.take('a', shared)).rejects.toMatchObject({ code: 'UPLOADS_IN_FLIGHT' });
    onTwo();
    await new Promise((resolve) => setImmediate(resolve)); // the shared slot is freed without waiting on the answer
    await expect(one.take('a', shared)).resolves.toBeTypeOf('function');
  });

  it('bounds everyone on one process together: past the bound 429 UPLOADS_BUSY', async () => {
    const shared = counters();
    const slots = uploadSlots(2, 3);
    await slots.take('a', shared);
    await slots.take('b', shared);
    const last = await slots.take('c', shared);
    await expect(slots.take('d', shared)).rejects.toMatchObject({ code: 'UPLOADS_BUSY' });
    last();
    expect(slots.inFlight()).toBe(2);
    await expect(slots.take('d', shared)).resolves.toBeTypeOf('function');
  });
});
