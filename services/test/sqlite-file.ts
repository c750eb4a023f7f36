import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite } from '../src/platform/sqlite/open.ts';

/** A SQLite file database (`app.db`) in a temporary folder of its own (`<prefix>-…`); `remove()` closes it and deletes the folder. */
export const tempSqlite = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const db = openSqlite(join(dir, 'app.db'));
  return {
    db,
    remove: async () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
