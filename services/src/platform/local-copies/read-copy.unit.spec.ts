import { describe, expect, it } from 'vitest';
import type { Doc } from '../documents/port.ts';
import type { Projection } from '../projections/port.ts';
import { readCopyOrWait } from './read-copy.ts';

const copy = { name: 'payments.nhd_order_payables', collection: 'payments_nhd_order_payables', handles: [] } as unknown as Projection;
const platformWith = (doc: Doc | null, caughtUp: boolean) => ({
  caughtUp: () => Promise.resolve(caughtUp),
  documents: { get: () => Promise.resolve(doc) } as never,
});

describe('readCopyOrWait', () => {
  it('answers the document, or null for an id the caught-up copy does not hold', async () => {
    await expect(readCopyOrWait(platformWith({ _id: 'o1' }, true), copy, 'o1')).resolves.toEqual({ _id: 'o1' });
    await expect(readCopyOrWait(platformWith({ _id: 'o1' }, false), copy, 'o1')).resolves.toEqual({ _id: 'o1' });
    await expect(readCopyOrWait(platformWith(null, true), copy, 'o2')).resolves.toBeNull();
  });

  it('refuses with "try again in a moment" (429, Retry-After) for an id the copy does not hold while it is behind the log', async () => {
    await expect(readCopyOrWait(platformWith(null, false), copy, 'o2')).rejects.toMatchObject({ kind: 'too_many', code: 'STILL_BEING_RECORDED', retryAfterSeconds: 2 });
  });
});
