import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { inTransaction } from '../sqlite/open.ts';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadLatestOptions,
  type StoredEvent,
} from './port.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position        INTEGER PRIMARY KEY AUTOINCREMENT,
    id              TEXT    NOT NULL UNIQUE,
    stream          TEXT    NOT NULL,
    version         INTEGER NOT NULL,
    type            TEXT    NOT NULL,
    occurred_at     TEXT    NOT NULL,
    actor           TEXT,
    correlation_id  TEXT    NOT NULL,
    causation_id    TEXT,
    schema_version  INTEGER NOT NULL,
    data            TEXT    NOT NULL,
    UNIQUE (stream, version)
  ) STRICT;
  -- consumers that read a few event types (projections, reactions) find them without scanning the whole log
  CREATE INDEX IF NOT EXISTS events_by_type ON events (type, position);
`;

const COLUMNS = 'position, id, stream, version, type, occurred_at, actor, correlation_id, causation_id, schema_version, data';

interface EventRow {
  position: number;
  id: string;
  stream: string;
  version: number;
  type: string;
  occurred_at: string;
  actor: string | null;
  correlation_id: string;
  causation_id: string | null;
  schema_version: number;
  data: string;
}

const toStoredEvent = (row: EventRow): StoredEvent => ({
  id: row.id,
  type: row.type,
  stream: row.stream,
  version: row.version,
  position: row.position,
  occurredAt: row.occurred_at,
  actor: row.actor,
  correlationId: row.correlation_id,
  causationId: row.causation_id,
  schemaVersion: row.schema_version,
  data: JSON.parse(row.data) as unknown,
});

// node:sqlite types rows as Record<string, SQLOutputValue>; the columns are fixed by SCHEMA above.
const rows = (statement: StatementSync, ...params: (string | number)[]): EventRow[] =>
  statement.all(...params) as unknown as EventRow[];

export const assertExpectedVersion = (expected: ExpectedVersion): void => {
  if (expected !== 'any' && !(Number.isInteger(expected) && expected >= 0)) {
    throw new TypeError(`Expected version must be a non-negative integer or 'any', got ${String(expected)}`);
  }
};

/**
 * The embedded profile's event store: one append-only table in the shared SQLite file.
 * SQLite has one writer at a time, so positions become visible in position order and a tail
 * reading `position > checkpoint` never misses an event committed later.
 */
export const createSqliteEventStore = (db: DatabaseSync): EventStore => {
  db.exec(SCHEMA);

  const streamVersion = db.prepare('SELECT COALESCE(MAX(version), 0) AS version FROM events WHERE stream = ?');
  const insert = db.prepare(
    `INSERT INTO events (id, stream, version, type, occurred_at, actor, correlation_id, causation_id, schema_version, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING position`,
  );
  const selectStream = db.prepare(`SELECT ${COLUMNS} FROM events WHERE stream = ? AND version >= ? ORDER BY version`);
  const selectAll = db.prepare(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`);
  // One statement for any number of types: the list travels as a JSON array.
  const selectAllOfTypes = db.prepare(
    `SELECT ${COLUMNS} FROM events
     WHERE position > ? AND type IN (SELECT value FROM json_each(?))
     ORDER BY position LIMIT ?`,
  );
  const selectHead = db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events');
  const savepoint = db.prepare('SAVEPOINT append_one');
  const release = db.prepare('RELEASE append_one');
  const rollbackTo = db.prepare('ROLLBACK TO append_one');

  const listeners = new Set<(events: readonly StoredEvent[]) => void>();
  const committedListeners = new Set<(events: readonly StoredEvent[]) => void>();
  let closed = false;

  const currentVersion = (stream: string): number => (streamVersion.get(stream) as { version: number }).version;
  const head = (): number => (selectHead.get() as { head: number }).head;

  const notify = (events: readonly StoredEvent[]): void => {
    for (const listener of listeners) {
      try {
        listener(events);
      } catch {
        // A listener is a wake-up hint; its failure must not fail the append that already committed.
      }
    }
  };

  const appendNow = (stream: string, expected: ExpectedVersion, events: readonly NewEvent[]) => {
    // A new stream (expected 0) needs no read: its first event takes version 1, and UNIQUE (stream, version)
    // refuses it if the stream already has one. Any other expectation is checked against the stream's version.
    const actual = expected === 0 ? 0 : currentVersion(stream);
    if (expected !== 'any' && expected !== actual) throw new ConcurrencyError(stream, expected, actual);
    const stored: StoredEvent[] = [];
    let version = actual;
    for (const event of events) {
      version += 1;
      const schemaVersion = event.schemaVersion ?? 1;
      const data = JSON.stringify(event.data ?? null);
      let position: number;
      try {
        const row = insert.get(
          event.id,
          stream,
          version,
          event.type,
          event.occurredAt,
          event.actor,
          event.correlationId,
          event.causationId,
          schemaVersion,
          data,
        ) as { position: number };
        position = row.position;
      } catch (error) {
        // Another connection to the same file appended between our read and write.
        if (isUniqueStreamVersion(error)) throw new ConcurrencyError(stream, expected, currentVersion(stream));
        throw error;
      }
      stored.push({
        id: event.id,
        type: event.type,
        stream,
        version,
        position,
        occurredAt: event.occurredAt,
        actor: event.actor,
        correlationId: event.correlationId,
        causationId: event.causationId,
        schemaVersion,
        data: JSON.parse(data) as unknown,
      });
    }
    return stored;
  };

  /**
   * Group commit: appends that arrive in the same turn of the event loop share one transaction (each in its own
   * savepoint, so a conflict fails only its own append). Every caller is answered after the commit, so an
   * acknowledged append survives a crash or kill of the process (and a power cut with SQLITE_SYNCHRONOUS=FULL);
   * the hot write path pays one commit per burst instead of one per request.
   */
  interface PendingAppend {
    stream: string;
    expected: ExpectedVersion;
    events: readonly NewEvent[];
    resolve: (stored: StoredEvent[]) => void;
    reject: (error: unknown) => void;
  }
  let pending: PendingAppend[] = [];
  let flushScheduled = false;

  const flush = (): void => {
    flushScheduled = false;
    const batch = pending;
    pending = [];
    const outcomes: ({ ok: true; stored: StoredEvent[] } | { ok: false; error: unknown })[] = [];
    try {
      inTransaction(db, () => {
        for (const append of batch) {
          // One INSERT is atomic on its own (a failing statement undoes only itself): a savepoint is for more.
          const several = append.events.length > 1;
          if (several) savepoint.run();
          try {
            outcomes.push({ ok: true, stored: appendNow(append.stream, append.expected, append.events) });
            if (several) release.run();
          } catch (error) {
            if (several) {
              rollbackTo.run();
              release.run();
            }
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      for (const append of batch) append.reject(error); // the commit itself failed: nothing of the batch is stored
      return;
    }
    const committed: StoredEvent[] = [];
    batch.forEach((append, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) {
        committed.push(...outcome.stored);
        append.resolve(outcome.stored);
      } else append.reject(outcome?.error);
    });
    if (committed.length > 0) {
      for (const listener of committedListeners) {
        try {
          listener(committed);
        } catch {
          // as notify: a listener's failure must not fail the appends that committed
        }
      }
      notify(committed);
    }
  };

  const result = (stored: readonly StoredEvent[]): AppendResult => {
    const last = stored[stored.length - 1] as StoredEvent;
    return { nextVersion: last.version, lastPosition: last.position };
  };

  return {
    async append(stream, expectedVersion, events): Promise<AppendResult> {
      if (closed) throw new Error('Event store is closed');
      assertExpectedVersion(expectedVersion);
      if (events.length === 0) {
        const actual = currentVersion(stream);
        if (expectedVersion !== 'any' && expectedVersion !== actual) throw new ConcurrencyError(stream, expectedVersion, actual);
        return { nextVersion: actual, lastPosition: head() };
      }
      if (db.isTransaction) {
        // Inside a caller's transaction: join it; the commit happens when its synchronous work ends.
        const stored = appendNow(stream, expectedVersion, events);
        queueMicrotask(() => notify(stored));
        return result(stored);
      }
      const stored = await new Promise<StoredEvent[]>((resolve, reject) => {
        pending.push({ stream, expected: expectedVersion, events, resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
      return result(stored);
    },

    async readStream(stream, fromVersion = 1) {
      return rows(selectStream, stream, fromVersion).map(toStoredEvent);
    },

    async readAll({ after, limit, types }: ReadAllOptions) {
      if (types) {
        if (types.length === 0) return [];
        return rows(selectAllOfTypes, after, JSON.stringify(types), limit).map(toStoredEvent);
      }
      return rows(selectAll, after, limit).map(toStoredEvent);
    },

    async readLatest({ before, limit, types, stream, streamPrefix }: ReadLatestOptions) {
      if (types && types.length === 0) return [];
      const where = ['position < ?'];
      const params: (string | number)[] = [before ?? Number.MAX_SAFE_INTEGER];
      if (types) {
        where.push('type IN (SELECT value FROM json_each(?))');
        params.push(JSON.stringify(types));
      }
      if (stream !== undefined) {
        where.push(streamPrefix ? 'substr(stream, 1, length(?)) = ?' : 'stream = ?');
        params.push(...(streamPrefix ? [stream, stream] : [stream]));
      }
      // Built from fixed fragments only; every value is a parameter. Not cached: an admin read, not a hot path.
      const statement = db.prepare(`SELECT ${COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY position DESC LIMIT ?`);
      return rows(statement, ...params, limit).map(toStoredEvent);
    },

    async headPosition() {
      return head();
    },

    onAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    onCommitted(listener) {
      committedListeners.add(listener);
      return () => committedListeners.delete(listener);
    },

    async close() {
      // The connection belongs to the composition root (openSqlite); only this store's state ends here.
      closed = true;
      listeners.clear();
      committedListeners.clear();
    },
  };
};

const isUniqueStreamVersion = (error: unknown): boolean =>
  error instanceof Error && /UNIQUE constraint failed: events\.stream, events\.version/.test(error.message);
