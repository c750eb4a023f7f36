import type { Doc, Documents } from '../documents/port.ts';
import type { EventStore } from '../event-store/port.ts';
import type { Projection, ProjectionStore } from './port.ts';

/**
 * How long a request waits for a read model to catch up with a write (its own, or the seed's at start) before it
 * answers from what the read model holds.
 */
export const CATCH_UP_MS = 2000;

export interface CatchUpOptions {
  timeoutMs?: number;
  intervalMs?: number;
}

/** Reads until `done` holds or `timeoutMs` has passed, and answers the last read either way. */
export const readUntil = async <T>(read: () => Promise<T>, done: (value: T) => boolean, { timeoutMs = CATCH_UP_MS, intervalMs = 10 }: CatchUpOptions = {}): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};

/**
 * A read model's document once it holds `version` of its stream (the version a command just wrote), so a read right
 * after the write sees it; after `timeoutMs` (the projector is behind or away) whatever the read model holds, maybe null.
 */
export const documentAtVersion = (documents: Documents, collection: string, id: string, version: number, options?: CatchUpOptions): Promise<Doc | null> =>
  readUntil(() => documents.get(collection, id), (doc) => Number(doc?._version ?? 0) >= version, options);

const versionOf = (doc: Doc | null) => (typeof doc?._version === 'number' ? doc._version : 0);

/**
 * Read your own write on a read model kept per stream (a row per entity, `_version` its stream's version): the row once
 * it holds `minVersion` (the version a command answered), or without one the stream's head (only the events past the
 * row's version are read to know it); waited for with `documentAtVersion`, so after `timeoutMs` maybe still behind:
 * `behind` says so.
 */
export const documentAtHead = async (
  platform: { documents: Documents; eventStore: Pick<EventStore, 'readStream'> },
  at: { collection: string; id: string; stream: string; minVersion?: number | undefined },
  options?: CatchUpOptions,
): Promise<{ doc: Doc | null; behind: boolean }> => {
  const doc = await platform.documents.get(at.collection, at.id);
  const wanted = at.minVersion ?? (await platform.eventStore.readStream(at.stream, versionOf(doc) + 1)).at(-1)?.version;
  if (wanted === undefined || versionOf(doc) >= wanted) return { doc, behind: false };
  const fresh = await documentAtVersion(platform.documents, at.collection, at.id, wanted, options);
  return { doc: fresh, behind: versionOf(fresh) < wanted };
};

/**
 * A read model's documents, waiting (bounded) while it has none: right after a start the projector may not have
 * applied the seed yet, and an empty answer would say that nothing exists.
 */
export const documentsOnceAny = (documents: Documents, collection: string, options?: CatchUpOptions): Promise<Doc[]> =>
  readUntil(() => documents.find(collection), (docs) => docs.length > 0, options);

/**
 * `Platform.caughtUp`: a read model has caught up with the log as it stood when asked once no event of its types up to
 * that head lies past its checkpoint (events appended since do not count, so a busy log never keeps a reader waiting).
 */
export const caughtUpWith =
  (eventStore: Pick<EventStore, 'readAll' | 'headPosition'>, store: Pick<ProjectionStore, 'checkpoint'>) =>
  async (projection: Projection, { waitMs = CATCH_UP_MS }: { waitMs?: number } = {}): Promise<boolean> => {
    const head = await eventStore.headPosition();
    const upToHead = async () => {
      const after = await store.checkpoint(projection);
      if (after >= head) return true;
      const [ahead] = await eventStore.readAll({ after, limit: 1, types: projection.handles });
      return !ahead || ahead.position > head;
    };
    return readUntil(upToHead, (done) => done, { timeoutMs: waitMs });
  };
