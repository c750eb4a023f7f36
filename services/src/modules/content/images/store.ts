import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { CONTENT_IMAGE_WIDTHS, type UploadedImage } from '@acpg/contracts/content-documents';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Files } from '../../../platform/files/port.ts';
import type { CheckedUpload } from '../../../platform/uploads/read-upload.ts';

/** Where one width of an uploaded image is kept (platform.files). */
export const imageKey = (imageId: string, width: number) => `content/images/${imageId}/${width}.webp`;
/** The widths stored for an image (JSON), so a width above the original's is answered with its largest. */
export const manifestKey = (imageId: string) => `content/images/${imageId}/widths.json`;
export const QUALITY = 75;
// A decompression bomb (a small file of huge dimensions) is refused before it is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

const refused = (message: string) => new DomainError('invalid', 'IMAGE_REFUSED', message, [{ path: 'file', message }]);

/** "kitchen-remodel_2.jpg" → "kitchen remodel 2": a starting point for the alt text the editor writes. */
export const altHintOf = (filename: string) =>
  filename
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[-_.]+/g, ' ')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

/** Unguessable and URL-safe (an `<img>` sends no token): `img_` and 22 random characters. */
const newImageId = () => `img_${randomBytes(16).toString('base64url')}`;

/**
 * Stores a checked upload (JPEG, PNG or WebP by content) as WebP at quality 75 at every width of DECISIONS.md up to
 * its own (never enlarged), upright, without its metadata. Nothing is kept when any width fails.
 */
export const storeContentImage = async (files: Files, upload: CheckedUpload & { filename: string }): Promise<UploadedImage> => {
  let width: number;
  let height: number;
  try {
    const meta = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    width = turned ? meta.height : meta.width;
    height = turned ? meta.width : meta.height;
  } catch {
    throw refused('This image could not be read. Choose another JPEG, PNG or WebP image.');
  }
  const widths = CONTENT_IMAGE_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) throw refused(`This image is ${width} pixels wide: choose one at least ${CONTENT_IMAGE_WIDTHS[0]} pixels wide.`);
  const imageId = newImageId();
  try {
    for (const w of widths) {
      const bytes = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: QUALITY }).toBuffer();
      await files.put(imageKey(imageId, w), bytes, { contentType: 'image/webp' });
    }
    await files.put(manifestKey(imageId), Buffer.from(JSON.stringify(widths)), { contentType: 'application/json' });
  } catch {
    await Promise.all([...widths.map((w) => imageKey(imageId, w)), manifestKey(imageId)].map((key) => files.delete(key).catch(() => false)));
    throw refused('This image could not be converted. Choose another JPEG, PNG or WebP image.');
  }
  return { image_id: imageId, width, height, widths: [...widths], alt_hint: altHintOf(upload.filename) };
};

/**
 * The stored file that answers `width` of an image: that width, or for a width of the list above the original's the
 * largest stored one (a srcset naming every width never points at a missing file); null for an unknown image.
 */
export const storedWidth = async (files: Files, imageId: string, width: number) => {
  const exact = await files.get(imageKey(imageId, width));
  if (exact) return exact;
  const manifest = await files.get(manifestKey(imageId));
  if (!manifest) return null;
  const parsed: unknown = JSON.parse(manifest.bytes.toString('utf8'));
  const widths = Array.isArray(parsed) ? parsed.filter((w): w is number => typeof w === 'number') : [];
  const largest = Math.max(...widths.filter((w) => w < width), 0);
  return largest > 0 ? files.get(imageKey(imageId, largest)) : null;
};
