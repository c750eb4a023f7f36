import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startApplication } from '../../composition/start.ts';
import { loadConfig } from '../config/load.ts';
import { ENCRYPTION_KEY_FILE } from './encryption.ts';
import { JWT_KEY_FILE } from './tokens.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A temporary folder holding `data` (DATA_DIR) and whatever the app makes beside it. */
const newRoot = () => {
  const root = mkdtempSync(join(tmpdir(), 'acpg-keys-'));
  roots.push(root);
  mkdirSync(join(root, 'data'));
  return root;
};

/** Starts the whole embedded app on `root/data` and stops it; answers what it logged. */
const startAndStop = async (root: string, env: Record<string, string> = {}): Promise<{ msg: string; from?: string; to?: string }[]> => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const dataDir = join(root, 'data');
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: join(root, 'no-web'), LOG_LEVEL: 'info', ...env });
  const running = await startApplication(config, pino({ level: 'info' }, sink));
  await running.stop();
  return lines.map((line) => JSON.parse(line) as { msg: string; from?: string; to?: string });
};

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('keys live outside the data folder (embedded profile)', () => {
  it('generates the signing and encryption keys in the sibling keys folder (0700, files 0600), none in the data folder', async () => {
    const root = newRoot();
    await startAndStop(root);
    const keysDir = join(root, 'data-keys');
    expect(modeOf(keysDir)).toBe(0o700);
    for (const name of [JWT_KEY_FILE, ENCRYPTION_KEY_FILE]) {
      expect(modeOf(join(keysDir, name)), name).toBe(0o600);
      expect(existsSync(join(root, 'data', name)), name).toBe(false);
    }
  }, 60_000);

  it('moves keys kept in the data folder by an older version into the keys folder once, with a log line, and keeps using them', async () => {
    const root = newRoot();
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const hex = `${randomBytes(32).toString('hex')}\n`;
    writeFileSync(join(root, 'data', JWT_KEY_FILE), pem, { mode: 0o644 });
    writeFileSync(join(root, 'data', ENCRYPTION_KEY_FILE), hex, { mode: 0o644 });

    const logged = await startAndStop(root);
    const keysDir = join(root, 'data-keys');
    expect(readFileSync(join(keysDir, JWT_KEY_FILE), 'utf8')).toBe(pem);
    expect(readFileSync(join(keysDir, ENCRYPTION_KEY_FILE), 'utf8')).toBe(hex);
    for (const name of [JWT_KEY_FILE, ENCRYPTION_KEY_FILE]) {
      expect(existsSync(join(root, 'data', name)), name).toBe(false);
      expect(modeOf(join(keysDir, name)), name).toBe(0o600);
    }
    const moves = logged.filter((line) => line.msg.startsWith('moved a key out of the data folder'));
    expect(moves.map((m) => m.to).sort()).toEqual([join(keysDir, ENCRYPTION_KEY_FILE), join(keysDir, JWT_KEY_FILE)].sort());

    // Once: the next start finds them in place and moves nothing.
    const again = await startAndStop(root);
    expect(again.filter((line) => line.msg.startsWith('moved a key'))).toEqual([]);
    expect(readFileSync(join(keysDir, JWT_KEY_FILE), 'utf8')).toBe(pem);
  }, 60_000);

  it('keeps the keys in KEYS_DIR when set', async () => {
    const root = newRoot();
    const keysDir = join(root, 'elsewhere', 'keys');
    await startAndStop(root, { KEYS_DIR: keysDir });
    expect(existsSync(join(keysDir, JWT_KEY_FILE))).toBe(true);
    expect(existsSync(join(keysDir, ENCRYPTION_KEY_FILE))).toBe(true);
    expect(existsSync(join(root, 'data-keys'))).toBe(false);
  }, 60_000);
});

describe('key settings', () => {
  it('refuses a KEYS_DIR inside the data folder', () => {
    expect(() => loadConfig({ DATA_DIR: '/srv/acpg/data', KEYS_DIR: '/srv/acpg/data/keys' })).toThrow(/KEYS_DIR: must be outside DATA_DIR/);
    expect(() => loadConfig({ DATA_DIR: '/srv/acpg/data', KEYS_DIR: '/srv/acpg/data' })).toThrow(/KEYS_DIR/);
    expect(loadConfig({ DATA_DIR: '/srv/acpg/data', KEYS_DIR: '/srv/acpg/data-keys' }).KEYS_DIR).toBe('/srv/acpg/data-keys');
  });

  it('reads JWT_PRIVATE_KEY_FILE and ENCRYPTION_KEY_FILE (mounted secrets), and refuses both forms at once or an unreadable file', () => {
    const root = newRoot();
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const hex = randomBytes(32).toString('hex');
    writeFileSync(join(root, 'jwt.pem'), pem);
    writeFileSync(join(root, 'encryption'), `${hex}\n`);
    const config = loadConfig({ JWT_PRIVATE_KEY_FILE: join(root, 'jwt.pem'), ENCRYPTION_KEY_FILE: join(root, 'encryption') });
    expect(config.JWT_PRIVATE_KEY).toBe(pem.trim());
    expect(config.ENCRYPTION_KEY).toBe(hex);
    expect(() => loadConfig({ ENCRYPTION_KEY: hex, ENCRYPTION_KEY_FILE: join(root, 'encryption') })).toThrow(/ENCRYPTION_KEY_FILE: set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE, not both/);
    expect(() => loadConfig({ JWT_PRIVATE_KEY_FILE: join(root, 'missing.pem') })).toThrow(/JWT_PRIVATE_KEY_FILE: cannot read .*missing\.pem \(ENOENT\)/);
  });

  it('refuses to start distributed without the keys (from the environment or secret files)', () => {
    expect(() => loadConfig({ MODE: 'distributed' })).toThrow(/JWT_PRIVATE_KEY: is required when MODE=distributed \(or JWT_PRIVATE_KEY_FILE/);
    expect(() => loadConfig({ MODE: 'distributed' })).toThrow(/ENCRYPTION_KEY: is required when MODE=distributed \(or ENCRYPTION_KEY_FILE/);
  });
});
