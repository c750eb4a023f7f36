import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../platform/config/load.ts';
import { storeOf } from '../platform/config/schema.ts';
import { isWithin, keysDirOf } from '../platform/auth/key-files.ts';
import { JWT_KEY_FILE } from '../platform/auth/tokens.ts';
import { ENCRYPTION_KEY_FILE } from '../platform/auth/encryption.ts';
import { backupSqlite } from '../platform/sqlite/backup.ts';
import { embeddedStateFiles } from '../composition/embedded.ts';
import { MANIFEST_FILE, sha256Of, type BackupManifest } from './backup-manifest.ts';

const usage = `Takes a consistent copy of the embedded store while the app runs (SQLite's online backup API).

  npm run backup -- --out DIR [--keys-out DIR | --no-keys]

  --out       an empty or new folder: every SQLite file of DATA_DIR that holds state, and manifest.json (time, files,
              event log head, app version), each copy checked with PRAGMA integrity_check
  --keys-out  where the key files of KEYS_DIR are copied (default DIR-keys): a folder of its own, as KEYS_DIR is
              outside DATA_DIR, so the data's copy never holds the keys that decrypt it; keep the two apart
  --no-keys   leave the keys out (keys given by ENCRYPTION_KEY / JWT_PRIVATE_KEY are never in KEYS_DIR anyway)

Restore with npm run restore -- --from DIR.`;

const Args = z.object({
  out: z.string({ error: `--out is required.\n\n${usage}` }).min(1),
  'keys-out': z.string().min(1).optional(),
  'no-keys': z.boolean(),
});

const appVersion = (): string => {
  const pkg = z.object({ version: z.string() }).parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));
  return pkg.version;
};

const emptyOrNew = (dir: string, what: string) => {
  if (existsSync(dir) && (!statSync(dir).isDirectory() || readdirSync(dir).length > 0)) throw new Error(`${what} ${dir} must be a new or empty folder`);
};

const headOf = (file: string): number => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Number((db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events').get() as { head: number }).head);
  } finally {
    db.close();
  }
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      'keys-out': { type: 'string' },
      'no-keys': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return console.log(usage);
  const parsed = Args.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
  const args = parsed.data;
  const config = loadConfig();
  if (storeOf(config) !== 'sqlite') throw new Error('npm run backup copies the SQLite store (embedded profile, or STORE=sqlite); back MongoDB up with its own tools (mongodump)');

  const out = resolve(args.out);
  const keysOut = args['no-keys'] ? null : resolve(args['keys-out'] ?? `${out}-keys`);
  if (isWithin(out, config.DATA_DIR)) throw new Error('--out must be outside DATA_DIR');
  emptyOrNew(out, '--out');
  if (keysOut) {
    if (isWithin(keysOut, out) || isWithin(out, keysOut)) throw new Error('--keys-out must be outside --out: the data copy must not hold the keys');
    emptyOrNew(keysOut, '--keys-out');
  }
  const started = performance.now();
  const takenAt = new Date().toISOString();
  mkdirSync(out, { recursive: true });

  const files: BackupManifest['files'] = [];
  for (const state of embeddedStateFiles(config)) {
    const target = join(out, state.name);
    console.log(`${state.name}: copying`); // every write acknowledged before this line is in the copy
    const pages = await backupSqlite(state.path, target);
    files.push({ name: state.name, holds: state.holds, bytes: statSync(target).size, sha256: sha256Of(target), integrity_check: 'ok' });
    console.log(`${state.name}: ${pages} pages copied, integrity_check ok`);
  }

  let keys: BackupManifest['keys'] = null;
  if (keysOut) {
    const keysDir = keysDirOf(config);
    const present = [JWT_KEY_FILE, ENCRYPTION_KEY_FILE].filter((name) => existsSync(join(keysDir, name)));
    mkdirSync(keysOut, { recursive: true, mode: 0o700 });
    chmodSync(keysOut, 0o700);
    for (const name of present) {
      copyFileSync(join(keysDir, name), join(keysOut, name));
      chmodSync(join(keysOut, name), 0o600);
    }
    keys = { files: present.map((name) => ({ name, sha256: sha256Of(join(keysOut, name)) })) };
    console.log(`keys: ${present.length > 0 ? present.join(', ') : 'none in KEYS_DIR'} copied to ${keysOut}`);
  }

  const log = files[0]; // acpg.sqlite: the event log's file
  const manifest: BackupManifest = {
    format: 1,
    taken_at: takenAt,
    app_version: appVersion(),
    event_log_head: log ? headOf(join(out, log.name)) : 0,
    files,
    keys,
  };
  writeFileSync(join(out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`backup in ${out}: event log head ${manifest.event_log_head}, ${Math.round(performance.now() - started)} ms`);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
