import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root and the modules' folder, for the architecture tests that read module sources. */
export const root = resolve(import.meta.dirname, '../..');
export const modules = join(root, 'services/src/modules');

/** Every non-test TypeScript file under `dir`. */
export const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
