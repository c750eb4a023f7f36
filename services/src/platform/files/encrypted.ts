import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FileRows, Files, StoredFile } from './port.ts';
import { FILE_KEY } from './port.ts';

const IV_LENGTH = 12;
const TAG_LENGTH = 16;

/**
 * The Files port over an adapter's rows: encrypts the files asked for with AES-256-GCM (`iv | tag | ciphertext`), the
 * file's key bound as associated data so a ciphertext copied under another key does not decrypt.
 */
export const encryptedFiles = (rows: FileRows, key: Buffer, clock: () => Date = () => new Date()): Files => {
  if (key.length !== 32) throw new Error('The files key must be 32 bytes');
  const checkKey = (fileKey: string) => {
    if (!FILE_KEY.test(fileKey) || fileKey.includes('..')) throw new Error(`Not a file key: ${fileKey}`);
  };
  return {
    async put(fileKey, bytes, options) {
      checkKey(fileKey);
      let stored = bytes;
      if (options.encrypted) {
        const iv = randomBytes(IV_LENGTH);
        const cipher = createCipheriv('aes-256-gcm', key, iv);
        cipher.setAAD(Buffer.from(fileKey));
        const body = Buffer.concat([cipher.update(bytes), cipher.final()]);
        stored = Buffer.concat([iv, cipher.getAuthTag(), body]);
      }
      await rows.put({ key: fileKey, contentType: options.contentType, encrypted: options.encrypted ?? false, bytes: stored, createdAt: clock().toISOString() });
    },
    async get(fileKey): Promise<StoredFile | null> {
      checkKey(fileKey);
      const row = await rows.get(fileKey);
      if (!row) return null;
      let bytes = row.bytes;
      if (row.encrypted) {
        const decipher = createDecipheriv('aes-256-gcm', key, row.bytes.subarray(0, IV_LENGTH));
        decipher.setAAD(Buffer.from(fileKey));
        decipher.setAuthTag(row.bytes.subarray(IV_LENGTH, IV_LENGTH + TAG_LENGTH));
        bytes = Buffer.concat([decipher.update(row.bytes.subarray(IV_LENGTH + TAG_LENGTH)), decipher.final()]);
      }
      return { bytes, contentType: row.contentType, size: bytes.length, createdAt: row.createdAt };
    },
    delete(fileKey) {
      checkKey(fileKey);
      return rows.delete(fileKey);
    },
  };
};
