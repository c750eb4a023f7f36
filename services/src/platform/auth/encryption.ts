import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Encryption at rest of sensitive fields (DECISIONS.md: phone, face image, signature, mailing address, beneficiaries):
 * AES-256-GCM with a 32-byte key from ENCRYPTION_KEY. Output `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * `context` is bound as associated data (e.g. `identity-account-<id>:phone`), so a ciphertext copied into another
 * record or field does not decrypt there.
 */
export interface FieldCipher {
  encrypt(plaintext: string, context: string): string;
  /** Throws when the value was tampered with, encrypted under another key or bound to another context. */
  decrypt(encrypted: string, context: string): string;
  /** A key for another purpose derived from the same secret (HKDF-SHA256), e.g. the OTP HMAC key. */
  deriveKey(purpose: string): Buffer;
  /** HMAC-SHA256 under a key derived for `purpose`, hex: stored digests of low-entropy secrets (codes). */
  hmac(purpose: string, value: string): string;
}

export const ENCRYPTION_KEY_FILE = 'encryption.key';
const VERSION = 'v1';
const IV_LENGTH = 12;

export const createFieldCipher = (key: Buffer): FieldCipher => {
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes (64 hex characters)');
  const derived = new Map<string, Buffer>();
  const deriveKey = (purpose: string) => {
    let k = derived.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `acpg:${purpose}`, 32));
      derived.set(purpose, k);
    }
    return k;
  };
  const encryptionKey = deriveKey('field-encryption');
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_LENGTH);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(encrypted, context) {
      const [version, iv, tag, ciphertext, extra] = encrypted.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || extra !== undefined) {
        throw new Error('Not an encrypted field value');
      }
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    deriveKey,
    hmac(purpose, value) {
      return createHmac('sha256', deriveKey(`hmac:${purpose}`)).update(value, 'utf8').digest('hex');
    },
  };
};

export interface EncryptionKeyOptions {
  /** ENCRYPTION_KEY: 64 hex characters. */
  keyHex?: string | undefined;
  dataDir: string;
  /** Generate and keep a key in `dataDir` when none is configured (embedded profile only). */
  allowGenerate: boolean;
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** The configured key, or (embedded) the one kept in `dataDir/encryption.key`, generated on first start (mode 0600). */
export const loadEncryptionKey = async (options: EncryptionKeyOptions): Promise<Buffer> => {
  if (options.keyHex) {
    if (!HEX_KEY.test(options.keyHex)) throw new Error('ENCRYPTION_KEY must be 64 hex characters (32 bytes)');
    return Buffer.from(options.keyHex, 'hex');
  }
  if (!options.allowGenerate) throw new Error('ENCRYPTION_KEY is required when MODE=distributed');
  const file = join(options.dataDir, ENCRYPTION_KEY_FILE);
  const read = async () => {
    const hex = (await readFile(file, 'utf8')).trim();
    if (!HEX_KEY.test(hex)) throw new Error(`${file} does not hold a 64-hex-character key`);
    return Buffer.from(hex, 'hex');
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    await writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read();
  }
};

export const createFieldCipherFromConfig = async (config: { ENCRYPTION_KEY?: string | undefined; DATA_DIR: string; MODE: 'embedded' | 'distributed' }) =>
  createFieldCipher(await loadEncryptionKey({ keyHex: config.ENCRYPTION_KEY, dataDir: config.DATA_DIR, allowGenerate: config.MODE === 'embedded' }));
