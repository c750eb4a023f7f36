import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { PROVIDER_LOGO_MAX_BYTES, PROVIDER_LOGO_WIDTHS, type ProviderLogo } from '@acpg/contracts/providers';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Files } from '../../../platform/files/port.ts';
import { readUpload } from '../../../platform/uploads/read-upload.ts';

/** Where each width of a logo is kept (platform.files) and served from. */
export const logoKey = (logoId: string, width: number) => `providers/logos/${logoId}/${width}.webp`;
export const logoUrl = (logoId: string, width: number) => `/api/v1/provider-logos/${logoId}/${width}`;

/** The largest width's URL and the srcset of a stored logo. */
export const logoSources = (logoId: string, widths: readonly number[]): ProviderLogo => ({
  url: logoUrl(logoId, widths.at(-1) ?? PROVIDER_LOGO_WIDTHS[0]),
  srcset: widths.map((w) => `${logoUrl(logoId, w)} ${w}w`).join(', '),
});

// A decompression bomb (a small file of huge dimensions) is refused before it is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

const unreadable = () => {
  const message = 'This image could not be read. Choose another JPEG, PNG or WebP image.';
  return new DomainError('invalid', 'LOGO_REFUSED', message, [{ path: 'data', message }]);
};

/**
 * Checks the upload by its content (JPEG, PNG or WebP, at most 2 MB), then stores it fitted inside a square at each
 * logo width up to its own size (a logo is never cropped nor enlarged), as WebP without its metadata.
 */
export const storeProviderLogo = async (files: Files, data: string): Promise<{ logoId: string; widths: number[] }> => {
  const upload = await readUpload(data, { kinds: ['image'], maxBytes: PROVIDER_LOGO_MAX_BYTES });
  let largest: number;
  try {
    const { width, height } = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().metadata();
    largest = Math.max(width, height);
  } catch {
    throw unreadable();
  }
  const fitting = PROVIDER_LOGO_WIDTHS.filter((w) => w <= largest);
  const widths = fitting.length > 0 ? fitting : [PROVIDER_LOGO_WIDTHS[0]];
  const logoId = randomUUID(); // served without a token (an <img> sends none)
  try {
    for (const width of widths) {
      const bytes = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(width, width, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await files.put(logoKey(logoId, width), bytes, { contentType: 'image/webp' });
    }
  } catch {
    await Promise.all(widths.map((w) => files.delete(logoKey(logoId, w))));
    throw unreadable();
  }
  return { logoId, widths };
};
