import type { DatabaseSync } from 'node:sqlite';
import { documentTables } from '../documents/sqlite-tables.ts';
import { inTransaction } from '../sqlite/open.ts';
import type { Applied, ProjectionStore } from './port.ts';
import { alreadyApplied, evolveDocument } from './step.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name TEXT PRIMARY KEY,
    position INTEGER NOT NULL
  );
`;

export interface SqliteProjectionStoreOptions {
  /**
   * The bus delivers in global position order (the embedded tail, the default): an event at or below the checkpoint
   * is skipped. False when Kafka feeds the store (distributed profile, STORE=sqlite): partitions deliver out of global
   * order, so the checkpoint is only progress and the stream-version guard alone makes redelivery a no-op.
   */
  inPositionOrder?: boolean;
}

/**
 * SQLite projection store: a batch's document writes and the checkpoint commit in one SQLite
 * transaction on the connection the documents adapter uses, so a crash never leaves them apart and
 * redelivery of an applied event is a no-op (position at or below the checkpoint, or version guard).
 */
export const createSqliteProjectionStore = (db: DatabaseSync, { inPositionOrder = true }: SqliteProjectionStoreOptions = {}): ProjectionStore => {
  const tables = documentTables(db);
  db.exec(SCHEMA);
  const readCheckpoint = (name: string): number =>
    Number(tables.statement('SELECT position FROM projection_checkpoints WHERE name = ?').get(name)?.position ?? 0);
  const saveCheckpoint = (name: string, position: number): void => {
    tables
      .statement(
        'INSERT INTO projection_checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = MAX(position, excluded.position)',
      )
      .run(name, position);
  };

  return {
    async apply(projection, events) {
      try {
        return inTransaction(db, () => {
          const checkpoint = readCheckpoint(projection.name);
          let position = checkpoint;
          const applied: Applied[] = [];
          for (const event of events) {
            if (inPositionOrder && event.position <= position) continue;
            position = Math.max(position, event.position);
            if (!projection.handles.includes(event.type)) continue;
            const id = projection.documentId(event);
            if (id === null) continue;
            const current = tables.get(projection.collection, id);
            if (alreadyApplied(current, event)) continue;
            const next = evolveDocument(projection, id, current, event);
            if (next === null) {
              if (current === null) continue;
              tables.delete(projection.collection, id);
            } else tables.upsert(projection.collection, next);
            applied.push({ event, doc: next });
          }
          if (position > checkpoint) saveCheckpoint(projection.name, position);
          return applied;
        });
      } catch (error) {
        // The rollback undid document_fields rows the shared cache believes are written.
        tables.forgetRecordedShapes();
        throw error;
      }
    },

    async checkpoint(projection) {
      return readCheckpoint(projection.name);
    },

    async reset(projection) {
      inTransaction(db, () => {
        tables.drop(projection.collection);
        tables.statement('DELETE FROM projection_checkpoints WHERE name = ?').run(projection.name);
      });
    },
  };
};
