import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { Doc } from './port.ts';
import { NotCompilable } from './sqlite-group.ts';
import type { FieldShapes } from './sqlite-query.ts';

/**
 * Synchronous access to the embedded read-model tables, shared by the documents adapter and the
 * projection store (which writes documents and its checkpoint in one transaction on the same connection).
 * One instance per connection, so the cache of recorded field shapes is shared too.
 */
export interface DocumentTables {
  readonly db: DatabaseSync;
  get(collection: string, id: string): Doc | null;
  upsert(collection: string, doc: Doc): void;
  delete(collection: string, id: string): boolean;
  drop(collection: string): void;
  /** JSON types each path has held in the collection (see sqlite-query.ts). */
  shapes(collection: string): FieldShapes;
  /** A prepared statement, cached by its SQL text. */
  statement(sql: string): StatementSync;
  all(sql: string, params: readonly SQLInputValue[]): Record<string, unknown>[];
  /** Forgets which shapes are recorded; call after a rolled-back transaction that wrote documents. */
  forgetRecordedShapes(): void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS documents (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  );
  CREATE TABLE IF NOT EXISTS document_fields (
    collection TEXT NOT NULL,
    path TEXT NOT NULL,
    type TEXT NOT NULL,
    PRIMARY KEY (collection, path, type)
  ) WITHOUT ROWID;
`;

/** JSON type names as SQLite's json_type() reports them. */
const jsonType = (value: unknown): string | undefined => {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return 'text';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'real';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (Array.isArray(value)) return 'array';
      // Dates and other toJSON objects are stored as what they serialize to (a string for Date).
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return 'text';
      return 'object';
    default:
      return undefined; // undefined, functions, symbols: JSON.stringify drops them
  }
};

const walk = (value: Record<string, unknown>, prefix: string, out: Set<string>): void => {
  for (const [key, child] of Object.entries(value)) {
    const type = jsonType(child);
    if (type === undefined) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    out.add(`${path}\u0000${type}`);
    if (type === 'object') walk(child as Record<string, unknown>, path, out);
  }
};

const MAX_STATEMENTS = 500;
const tablesByDb = new WeakMap<DatabaseSync, DocumentTables>();

export const documentTables = (db: DatabaseSync): DocumentTables => {
  const existing = tablesByDb.get(db);
  if (existing) return existing;

  db.exec(SCHEMA);
  const regexps = new Map<string, RegExp>();
  db.function('doc_regexp', { deterministic: true }, (source, flags, value) => {
    if (typeof value !== 'string' || typeof source !== 'string' || typeof flags !== 'string') return 0;
    const key = `${flags}/${source}`;
    let regexp = regexps.get(key);
    if (!regexp) {
      if (regexps.size > 1000) regexps.clear();
      regexp = new RegExp(source, flags);
      regexps.set(key, regexp);
    }
    return regexp.test(value) ? 1 : 0;
  });

  // Compiled aggregations call it on a value they cannot answer exactly; the caller then runs mingo.
  // Not deterministic, so SQLite never evaluates it ahead of the CASE branch that guards it.
  db.function('doc_not_compilable', (value) => {
    throw new NotCompilable(value);
  });

  const statements = new Map<string, StatementSync>();
  const statement = (sql: string): StatementSync => {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= MAX_STATEMENTS) statements.clear();
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };

  // Shapes already recorded, so a write only touches document_fields for a path/type new to the collection.
  const recorded = new Map<string, Set<string>>();
  const recordedFor = (collection: string): Set<string> => {
    let set = recorded.get(collection);
    if (!set) {
      set = new Set(
        statement('SELECT path, type FROM document_fields WHERE collection = ?')
          .all(collection)
          .map((row) => `${String(row.path)}\u0000${String(row.type)}`),
      );
      recorded.set(collection, set);
    }
    return set;
  };

  const tables: DocumentTables = {
    db,
    statement,
    all: (sql, params) => statement(sql).all(...params),
    get(collection, id) {
      const row = statement('SELECT body FROM documents WHERE collection = ? AND id = ?').get(collection, id);
      return row ? (JSON.parse(String(row.body)) as Doc) : null;
    },
    upsert(collection, doc) {
      if (typeof doc._id !== 'string' || doc._id === '') throw new Error(`Document in ${collection} needs a string _id`);
      statement(
        'INSERT INTO documents (collection, id, body) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body',
      ).run(collection, doc._id, JSON.stringify(doc));
      const seen = new Set<string>();
      walk(doc, '', seen);
      const known = recordedFor(collection);
      for (const entry of seen) {
        if (known.has(entry)) continue;
        const [path, type] = entry.split('\u0000') as [string, string];
        statement('INSERT OR IGNORE INTO document_fields (collection, path, type) VALUES (?, ?, ?)').run(collection, path, type);
        known.add(entry);
      }
    },
    delete(collection, id) {
      return Number(statement('DELETE FROM documents WHERE collection = ? AND id = ?').run(collection, id).changes) > 0;
    },
    drop(collection) {
      statement('DELETE FROM documents WHERE collection = ?').run(collection);
      statement('DELETE FROM document_fields WHERE collection = ?').run(collection);
      recorded.set(collection, new Set());
    },
    forgetRecordedShapes() {
      recorded.clear();
    },
    shapes(collection) {
      // Read from the table (not the cache) so a write by another process is seen.
      const shapes = new Map<string, Set<string>>();
      for (const row of statement('SELECT path, type FROM document_fields WHERE collection = ?').all(collection)) {
        const path = String(row.path);
        let types = shapes.get(path);
        if (!types) shapes.set(path, (types = new Set()));
        types.add(String(row.type));
      }
      return shapes;
    },
  };
  tablesByDb.set(db, tables);
  return tables;
};
