import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptedFiles } from './encrypted.ts';
import type { FileRows } from './port.ts';

/** The Files port's contract, run against every adapter's rows (`files.int.spec.ts`). */
export const filesContract = (name: string, open: () => Promise<{ rows: FileRows; close(): Promise<void> }>) => {
  describe(`Files on ${name}`, () => {
    const key = randomBytes(32);
    const withFiles = async (test: (rows: FileRows) => Promise<void>) => {
      const engine = await open();
      try {
        await test(engine.rows);
      } finally {
        await engine.close();
      }
    };

    it('reads back what it stored, plain and encrypted, and replaces a file put again', () =>
      withFiles(async (rows) => {
        const files = encryptedFiles(rows, key);
        const bytes = randomBytes(300_000);
        await files.put('identity/face/a', bytes, { contentType: 'image/png', encrypted: true });
        await files.put('identity/photo/a', Buffer.from('plain'), { contentType: 'image/jpeg' });
        const face = await files.get('identity/face/a');
        expect(face?.bytes.equals(bytes)).toBe(true);
        expect(face).toMatchObject({ contentType: 'image/png', size: bytes.length });
        expect((await files.get('identity/photo/a'))?.bytes.toString()).toBe('plain');
        await files.put('identity/photo/a', Buffer.from('newer'), { contentType: 'image/webp' });
        expect(await files.get('identity/photo/a')).toMatchObject({ contentType: 'image/webp', size: 5 });
        expect(await files.get('identity/missing/x')).toBeNull();
      }));

    it('keeps encrypted files unreadable at rest and bound to their key', () =>
      withFiles(async (rows) => {
        const files = encryptedFiles(rows, key);
        const secret = Buffer.from('a signature nobody may read from the database');
        await files.put('identity/signature/b', secret, { contentType: 'image/png', encrypted: true });
        const row = await rows.get('identity/signature/b');
        expect(row?.encrypted).toBe(true);
        expect(row?.bytes.includes(secret)).toBe(false);
        // The same ciphertext under another key does not decrypt; nor under another encryption key.
        await rows.put({ ...row!, key: 'identity/signature/c' });
        await expect(files.get('identity/signature/c')).rejects.toThrow();
        await expect(encryptedFiles(rows, randomBytes(32)).get('identity/signature/b')).rejects.toThrow();
      }));

    it('deletes, and refuses keys that are not `<module>/<name>`', () =>
      withFiles(async (rows) => {
        const files = encryptedFiles(rows, key);
        await files.put('identity/photo/d', Buffer.from('x'), { contentType: 'image/png' });
        expect(await files.delete('identity/photo/d')).toBe(true);
        expect(await files.delete('identity/photo/d')).toBe(false);
        expect(await files.get('identity/photo/d')).toBeNull();
        await expect(files.put('../etc/passwd', Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow(/Not a file key/);
        await expect(files.put('identity/../x', Buffer.from('x'), { contentType: 'image/png' })).rejects.toThrow(/Not a file key/);
      }));
  });
};
