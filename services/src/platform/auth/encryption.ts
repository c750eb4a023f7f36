import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { keyPlaceOf, readOrCreateKeyFile, type KeyPlace } from './key-files.ts';

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
  /** The keys folder (`keyPlaceOf(config)`): where the generated key is kept. */
  keys: KeyPlace;
  /** Generate and keep a key in the keys folder when none is configured (embedded profile only). */
  allowGenerate: boolean;
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** The configured key, or (embedded) the one kept in `<keys folder>/encryption.key`, generated on first start (mode 0600). */
export const loadEncryptionKey = async (options: EncryptionKeyOptions): Promise<Buffer> => {
  if (options.keyHex) {
    if (!HEX_KEY.test(options.keyHex)) throw new Error('ENCRYPTION_KEY must be 64 hex characters (32 bytes)');
    return Buffer.from(options.keyHex, 'hex');
  }
  if (!options.allowGenerate) throw new Error('ENCRYPTION_KEY is required when MODE=distributed');
  const hex = (await readOrCreateKeyFile(options.keys, ENCRYPTION_KEY_FILE, () => `${randomBytes(32).toString('hex')}\n`)).trim();
  if (!HEX_KEY.test(hex)) throw new Error(`${ENCRYPTION_KEY_FILE} in ${options.keys.keysDir} does not hold a 64-hex-character key`);
  return Buffer.from(hex, 'hex');
};

type KeyConfig = { ENCRYPTION_KEY?: string | undefined; KEYS_DIR?: string | undefined; DATA_DIR: string; MODE: 'embedded' | 'distributed' };

export const createFieldCipherFromConfig = async (config: KeyConfig, log?: KeyPlace['log']) =>
  createFieldCipher(await loadEncryptionKey({ keyHex: config.ENCRYPTION_KEY, keys: keyPlaceOf(config, log), allowGenerate: config.MODE === 'embedded' }));
