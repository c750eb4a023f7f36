import { describe, expect, it } from 'vitest';
import type { Doc, Documents } from '../documents/port.ts';
import { documentAtVersion, documentsOnceAny } from './caught-up.ts';

/** A read model whose document reaches each version at the given read (the projector catching up while the request waits). */
const lagging = (versions: readonly number[]) => {
  let reads = 0;
  const next = (): Doc | null => {
    const version = versions[Math.min(reads, versions.length - 1)] ?? 0;
    reads += 1;
    return version === 0 ? null : { _id: 'p-1', _version: version };
  };
  const documents = {
    get: async () => next(),
    find: async () => {
      const doc = next();
      return doc ? [doc] : [];
    },
  } as unknown as Documents;
  return { documents, reads: () => reads };
};

describe('waiting for a read model', () => {
  it('answers the document once it holds the version written, reading again until then', async () => {
    const model = lagging([0, 1, 1, 2, 3]);
    expect(await documentAtVersion(model.documents, 'c', 'p-1', 2, { intervalMs: 1 })).toEqual({ _id: 'p-1', _version: 2 });
    expect(model.reads()).toBe(4);
  });

  it('answers what it holds once the time is up', async () => {
    const model = lagging([1]);
    const started = Date.now();
    expect(await documentAtVersion(model.documents, 'c', 'p-1', 2, { timeoutMs: 50, intervalMs: 5 })).toEqual({ _id: 'p-1', _version: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('waits while a read model is empty, and not at all when it is not', async () => {
    const empty = lagging([0, 0, 1]);
    expect(await documentsOnceAny(empty.documents, 'c', { intervalMs: 1 })).toHaveLength(1);
    expect(empty.reads()).toBe(3);
    const full = lagging([1]);
    expect(await documentsOnceAny(full.documents, 'c')).toHaveLength(1);
    expect(full.reads()).toBe(1);
  });
});
