import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createFieldCipher, ENCRYPTION_KEY_FILE, loadEncryptionKey } from './encryption.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'enc-'));
  dirs.push(dir);
  return dir;
};

describe('field encryption (AES-256-GCM)', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips and never shows the plaintext', () => {
    const encrypted = cipher.encrypt('+14155550123', 'identity-account-a1:phone');
    expect(encrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(encrypted).not.toContain('4155550123');
    expect(cipher.decrypt(encrypted, 'identity-account-a1:phone')).toBe('+14155550123');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('x', 'c')).not.toBe(cipher.encrypt('x', 'c'));
  });

  it('refuses another context, a tampered value and another key', () => {
    const encrypted = cipher.encrypt('+14155550123', 'identity-account-a1:phone');
    expect(() => cipher.decrypt(encrypted, 'identity-account-a2:phone')).toThrow();
    const parts = encrypted.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => cipher.decrypt([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'), 'identity-account-a1:phone')).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(encrypted, 'identity-account-a1:phone')).toThrow();
    expect(() => cipher.decrypt('plain text', 'c')).toThrow(/Not an encrypted/);
  });

  it('derives distinct, stable HMAC keys per purpose', () => {
    expect(cipher.hmac('otp', 'x')).toBe(cipher.hmac('otp', 'x'));
    expect(cipher.hmac('otp', 'x')).not.toBe(cipher.hmac('other', 'x'));
    expect(cipher.hmac('otp', 'x')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('encryption key', () => {
  it('uses ENCRYPTION_KEY when set', async () => {
    const hex = randomBytes(32).toString('hex');
    expect((await loadEncryptionKey({ keyHex: hex, keys: { keysDir: tempDir() }, allowGenerate: false })).toString('hex')).toBe(hex);
  });

  it('generates one in the data folder (0600) once, embedded only', async () => {
    const dataDir = tempDir();
    const first = await loadEncryptionKey({ keys: { keysDir: dataDir }, allowGenerate: true });
    expect(statSync(join(dataDir, ENCRYPTION_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect((await loadEncryptionKey({ keys: { keysDir: dataDir }, allowGenerate: true })).equals(first)).toBe(true);
    await expect(loadEncryptionKey({ keys: { keysDir: tempDir() }, allowGenerate: false })).rejects.toThrow(/ENCRYPTION_KEY is required/);
  });

  it('refuses a malformed key', async () => {
    await expect(loadEncryptionKey({ keyHex: 'abc', keys: { keysDir: tempDir() }, allowGenerate: true })).rejects.toThrow(/64 hex/);
  });
});
