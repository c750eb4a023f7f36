import type { DatabaseSync } from 'node:sqlite';
import type { FileRow, FileRows } from './port.ts';

/** Files in the embedded profile's SQLite file (one row each; uploads are at most 15 MB). */
export const createSqliteFileRows = (db: DatabaseSync): FileRows => {
  db.exec(`CREATE TABLE IF NOT EXISTS files (
    key TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    encrypted INTEGER NOT NULL,
    bytes BLOB NOT NULL,
    created_at TEXT NOT NULL
  ) STRICT`);
  const upsert = db.prepare(
    `INSERT INTO files (key, content_type, encrypted, bytes, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET content_type = excluded.content_type, encrypted = excluded.encrypted,
       bytes = excluded.bytes, created_at = excluded.created_at`,
  );
  const select = db.prepare('SELECT key, content_type, encrypted, bytes, created_at FROM files WHERE key = ?');
  const remove = db.prepare('DELETE FROM files WHERE key = ?');
  return {
    async put(row) {
      upsert.run(row.key, row.contentType, row.encrypted ? 1 : 0, row.bytes, row.createdAt);
    },
    async get(key): Promise<FileRow | null> {
      const row = select.get(key) as { key: string; content_type: string; encrypted: number; bytes: Uint8Array; created_at: string } | undefined;
      if (!row) return null;
      return { key: row.key, contentType: row.content_type, encrypted: row.encrypted === 1, bytes: Buffer.from(row.bytes), createdAt: row.created_at };
    },
    async delete(key) {
      return remove.run(key).changes > 0;
    },
  };
};
