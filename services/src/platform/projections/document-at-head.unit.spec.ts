import { describe, expect, it } from 'vitest';
import type { Doc, Documents } from '../documents/port.ts';
import type { EventStore, StoredEvent } from '../event-store/port.ts';
import { documentAtHead } from './caught-up.ts';

/** One entity's row in a read model and its stream, each moved by hand; counts the stream reads. */
const fakes = (row: { doc: Doc | null }, streamVersions: number[]) => {
  const reads: number[] = [];
  return {
    reads,
    platform: {
      documents: { get: async () => row.doc } as unknown as Documents,
      eventStore: {
        readStream: async (_stream: string, fromVersion = 1) => {
          reads.push(fromVersion);
          return streamVersions.filter((v) => v >= fromVersion).map((version) => ({ version }) as StoredEvent);
        },
      } as Pick<EventStore, 'readStream'>,
    },
  };
};
const at = (minVersion?: number) => ({ collection: 'rows', id: 'a', stream: 'thing-a', minVersion });

describe('documentAtHead (read your own write on a row per stream)', () => {
  it('answers the row at once when it holds the stream’s head, reading only the events past its version', async () => {
    const { platform, reads } = fakes({ doc: { _id: 'a', _version: 2 } }, [1, 2]);
    await expect(documentAtHead(platform, at())).resolves.toEqual({ doc: { _id: 'a', _version: 2 }, behind: false });
    expect(reads).toEqual([3]);
  });

  it('with min_version it never reads the stream, and waits for the row to hold that version', async () => {
    const row: { doc: Doc | null } = { doc: { _id: 'a', _version: 1 } };
    const { platform, reads } = fakes(row, [1, 2, 3]);
    const waiting = documentAtHead(platform, at(3), { timeoutMs: 5_000, intervalMs: 5 });
    setTimeout(() => (row.doc = { _id: 'a', _version: 3 }), 20);
    await expect(waiting).resolves.toEqual({ doc: { _id: 'a', _version: 3 }, behind: false });
    expect(reads).toEqual([]);
  });

  it('says behind when the row does not reach the wanted version in time (a stalled projector)', async () => {
    const { platform } = fakes({ doc: { _id: 'a', _version: 1 } }, [1, 2]);
    await expect(documentAtHead(platform, at(), { timeoutMs: 20, intervalMs: 5 })).resolves.toEqual({ doc: { _id: 'a', _version: 1 }, behind: true });
    await expect(documentAtHead(platform, at(5), { timeoutMs: 20, intervalMs: 5 })).resolves.toMatchObject({ behind: true });
  });

  it('answers null for an entity that does not exist, without waiting', async () => {
    const { platform } = fakes({ doc: null }, []);
    await expect(documentAtHead(platform, at(), { timeoutMs: 60_000 })).resolves.toEqual({ doc: null, behind: false });
  });
});
