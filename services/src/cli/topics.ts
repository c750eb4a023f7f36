import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MODULES } from '../composition/modules.ts';
import { CREATE_TOPICS_PATH, renderCreateTopicsScript, renderTopicsJson, TOPICS_JSON_PATH, topicsOf } from './topics-file.ts';

/**
 * `npm run topics`: writes deploy/topics.json and deploy/create-topics.sh from the module list.
 * `npm run topics -- --check` writes nothing and fails when either file differs from what it would write.
 */
const root = resolve(import.meta.dirname, '../../..');
const topics = topicsOf(MODULES);
const files = [
  { path: TOPICS_JSON_PATH, text: renderTopicsJson(topics) },
  { path: CREATE_TOPICS_PATH, text: renderCreateTopicsScript(topics) },
];
const check = process.argv.includes('--check');
let stale = 0;
for (const { path, text } of files) {
  const full = resolve(root, path);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : null;
  if (current === text) continue;
  if (check) {
    stale += 1;
    console.error(`${path} differs from the module list: run npm run topics`);
  } else {
    writeFileSync(full, text, { mode: path.endsWith('.sh') ? 0o755 : 0o644 });
    console.log(`wrote ${path}`);
  }
}
if (stale > 0) process.exitCode = 1;
else if (check) console.log('deploy topic files match the module list');
