import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './schema.ts';

const root = resolve(import.meta.dirname, '../../../..');
const variables = Object.keys(ConfigSchema.in.shape).sort();

describe('configuration is documented', () => {
  it('.env.example lists exactly the variables the app reads', () => {
    const listed = readFileSync(resolve(root, '.env.example'), 'utf8')
      .split('\n')
      .flatMap((line) => line.match(/^([A-Z][A-Z0-9_]*)=/)?.[1] ?? [])
      .sort();
    expect(listed).toEqual(variables);
  });

  it("the README's configuration table names every variable", () => {
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Architecture'));
    // the first cell of each row names the variables (a row may name several)
    const named = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    for (const name of variables) expect(named, name).toContain(name);
    for (const name of named) expect(variables, name).toContain(name);
  });
});
