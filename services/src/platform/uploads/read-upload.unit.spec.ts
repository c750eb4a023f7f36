import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { readUpload } from './read-upload.ts';

// A 1x1 PNG, the start of a JPEG (JFIF) and of a PDF: enough for detection by content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).status, message: (error as AppError).message, errors: (error as AppError).errors };
  }
  throw new Error('expected a refusal');
};

describe('readUpload', () => {
  it('reads base64, a data: URL and a Buffer, and names the type found in the content', async () => {
    expect(await readUpload(PNG.toString('base64'), { kinds: ['image'] })).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect(await readUpload(`data:image/png;base64,${PNG.toString('base64')}`, { kinds: ['image'] })).toMatchObject({ contentType: 'image/png' });
    // A JPEG sent under a PNG data: URL is still a JPEG: the claim is ignored.
    expect(await readUpload(`data:image/png;base64,${JPEG.toString('base64')}`, { kinds: ['image'] })).toMatchObject({ contentType: 'image/jpeg' });
    expect(await readUpload(PDF, { kinds: ['image', 'pdf'] })).toMatchObject({ contentType: 'application/pdf' });
  });

  it('refuses a type the rules do not accept, whatever it claims to be', async () => {
    expect(await refusal(readUpload(`data:image/png;base64,${PDF.toString('base64')}`, { kinds: ['image'], field: 'face.data' }))).toEqual({
      status: 400,
      message: 'The file must be a JPEG, PNG or WebP image.',
      errors: [{ path: 'face.data', message: 'The file must be a JPEG, PNG or WebP image.' }],
    });
    expect((await refusal(readUpload(Buffer.from('just some text, not an image'), { kinds: ['image', 'pdf'] }))).message).toBe(
      'The file must be a JPEG, PNG or WebP image or a PDF.',
    );
  });

  it('refuses empty, oversized and unreadable input', async () => {
    expect((await refusal(readUpload('', { kinds: ['image'] }))).message).toMatch(/empty/);
    expect((await refusal(readUpload(Buffer.concat([PNG, Buffer.alloc(2048)]), { kinds: ['image'], maxBytes: 1024 }))).message).toMatch(/larger than/);
    expect((await refusal(readUpload('not base64 at all!', { kinds: ['image'] }))).message).toMatch(/could not be read/);
  });

  it('allows 5 MB images and 15 MB documents by default', async () => {
    const sixMb = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    expect((await refusal(readUpload(sixMb, { kinds: ['image'] }))).message).toMatch(/larger than 5 MB/);
    const sixMbPdf = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024)]);
    expect(await readUpload(sixMbPdf, { kinds: ['pdf'] })).toMatchObject({ contentType: 'application/pdf' });
  });
});
