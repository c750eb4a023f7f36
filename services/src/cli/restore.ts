import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../platform/config/load.ts';
import { storeOf } from '../platform/config/schema.ts';
import { keysDirOf } from '../platform/auth/key-files.ts';
import { integrityCheck, sqliteInUse } from '../platform/sqlite/backup.ts';
import { embeddedStateFiles } from '../composition/embedded.ts';
import { readManifest, sha256Of } from './backup-manifest.ts';

const usage = `Restores a backup of npm run backup into DATA_DIR (and its keys into KEYS_DIR), the app stopped.

  npm run restore -- --from DIR [--keys-from DIR] [--force]

  --from       the backup folder (its manifest.json is checked, and every file against its sha256)
  --keys-from  the keys' copy (default DIR-keys when it exists); restored into KEYS_DIR
  --force      replace the state files of a DATA_DIR that is not empty, and key files that differ

Refused while a process has DATA_DIR's database open (the app running on it). Then start the app: npm start.`;

const Args = z.object({
  from: z.string({ error: `--from is required.\n\n${usage}` }).min(1),
  'keys-from': z.string().min(1).optional(),
  force: z.boolean(),
});

const main = () => {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      'keys-from': { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return console.log(usage);
  const parsed = Args.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
  const args = parsed.data;
  const config = loadConfig();
  if (storeOf(config) !== 'sqlite') throw new Error('npm run restore restores the SQLite store (embedded profile, or STORE=sqlite)');

  const from = resolve(args.from);
  const manifest = readManifest(from);
  for (const file of manifest.files) {
    if (sha256Of(join(from, file.name)) !== file.sha256) throw new Error(`${file.name} in ${from} is not the file the manifest names (sha256 differs)`);
  }
  const state = embeddedStateFiles(config);
  const unknown = manifest.files.filter((f) => !state.some((s) => s.name === f.name));
  if (unknown.length > 0) throw new Error(`The backup holds files this version does not know: ${unknown.map((f) => f.name).join(', ')}`);

  for (const s of state) if (sqliteInUse(s.path)) throw new Error(`${s.path} is open in another process: stop the app before restoring into ${config.DATA_DIR}`);
  const dataDir = resolve(config.DATA_DIR);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0 && !args.force) {
    throw new Error(`DATA_DIR ${dataDir} is not empty: restore into an empty folder, or give --force to replace its state files`);
  }

  const keysFrom = args['keys-from'] ? resolve(args['keys-from']) : existsSync(`${from}-keys`) ? `${from}-keys` : null;
  const keysDir = keysDirOf(config);
  const keyFiles = manifest.keys?.files ?? [];
  if (keyFiles.length > 0 && !keysFrom) throw new Error(`The backup copied keys (${keyFiles.map((k) => k.name).join(', ')}) but ${from}-keys is missing: give --keys-from`);
  for (const key of keyFiles) {
    const source = join(keysFrom ?? '', key.name);
    if (sha256Of(source) !== key.sha256) throw new Error(`${source} is not the key the manifest names (sha256 differs)`);
    const target = join(keysDir, key.name);
    if (existsSync(target) && !args.force && sha256Of(target) !== key.sha256) {
      throw new Error(`${target} holds another key: the restored data needs the backup's; give --force to replace it (keep the old one first)`);
    }
  }

  mkdirSync(dataDir, { recursive: true });
  for (const file of manifest.files) {
    const target = state.find((s) => s.name === file.name)?.path ?? join(dataDir, file.name);
    const partial = `${target}.restoring`;
    copyFileSync(join(from, file.name), partial);
    const check = integrityCheck(partial);
    if (check !== 'ok') throw new Error(`${file.name} fails its integrity check after the copy:\n${check}`);
    for (const suffix of ['-wal', '-shm']) {
      rmSync(`${partial}${suffix}`, { force: true });
      rmSync(`${target}${suffix}`, { force: true }); // a WAL of the replaced database must never be replayed into the restored one
    }
    renameSync(partial, target);
    console.log(`${file.name}: restored (${statSync(target).size} bytes, integrity_check ok)`);
  }
  if (keyFiles.length > 0) {
    mkdirSync(keysDir, { recursive: true, mode: 0o700 });
    for (const key of keyFiles) {
      const target = join(keysDir, key.name);
      copyFileSync(join(keysFrom ?? '', key.name), target);
      chmodSync(target, 0o600);
    }
    console.log(`keys: ${keyFiles.map((k) => k.name).join(', ')} restored into ${keysDir}`);
  } else if (manifest.keys === null) {
    console.log(`keys: not in the backup; the app needs the same keys as when it was taken (KEYS_DIR ${keysDir}, or ENCRYPTION_KEY / JWT_PRIVATE_KEY)`);
  }
  console.log(`restored the backup of ${manifest.taken_at} (event log head ${manifest.event_log_head}, app ${manifest.app_version}) into ${dataDir}`);
};

try {
  main();
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
