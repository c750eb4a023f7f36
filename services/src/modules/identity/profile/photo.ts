import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { PROFILE_IMAGE_QUALITY, PROFILE_IMAGE_WIDTHS, type Profile } from '@acpg/contracts/account';
import { readUpload } from '../../../platform/uploads/read-upload.ts';
import type { Files } from '../../../platform/files/port.ts';
import { refuseAccount } from './refuse.ts';

/** Where each width of a photo is kept (platform.files) and served from. */
export const photoKey = (photoId: string, width: number) => `identity/profile-photos/${photoId}/${width}.webp`;
export const photoUrl = (photoId: string, width: number) => `/api/v1/profile-photos/${photoId}/${width}`;

/** `profile_img` (the largest width) and the srcset of a stored photo. */
export const photoSources = (photo: { photoId: string; widths: number[] } | null | undefined): Pick<Profile, 'profile_img' | 'profile_img_srcset'> => {
  const largest = photo?.widths.at(-1);
  if (!photo || largest === undefined) return { profile_img: null, profile_img_srcset: null };
  return { profile_img: photoUrl(photo.photoId, largest), profile_img_srcset: photo.widths.map((w) => `${photoUrl(photo.photoId, w)} ${w}w`).join(', ') };
};

// A decompression bomb (a small file of huge dimensions) is refused before it is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

export interface StoredPhoto {
  photoId: string;
  widths: number[];
}

/**
 * Checks the upload by its content (JPEG, PNG or WebP, at most 5 MB), then stores it square-cropped at each of the
 * spec's image widths up to its own size, as WebP at quality 75, without its metadata (no location from a phone).
 */
export const storeProfilePhoto = async (files: Files, data: string): Promise<StoredPhoto> => {
  const upload = await readUpload(data, { kinds: ['image'] });
  let side: number;
  try {
    const { width, height } = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().metadata();
    side = Math.min(width, height);
  } catch {
    throw refuseAccount('invalid', 'PHOTO_REFUSED', 'This image could not be read. Choose another JPEG, PNG or WebP image.');
  }
  const widths = PROFILE_IMAGE_WIDTHS.filter((w) => w <= side);
  if (widths.length === 0) throw refuseAccount('invalid', 'PHOTO_REFUSED', `The image is too small. Choose one at least ${PROFILE_IMAGE_WIDTHS[0]} pixels wide and high.`);

  const photoId = randomUUID(); // served without a token (an <img> sends none): the id must not be guessable
  const stored: number[] = [];
  try {
    for (const width of widths) {
      const bytes = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(width, width, { fit: 'cover', position: 'attention' })
        .webp({ quality: PROFILE_IMAGE_QUALITY })
        .toBuffer();
      await files.put(photoKey(photoId, width), bytes, { contentType: 'image/webp' });
      stored.push(width);
    }
  } catch (error) {
    await deleteProfilePhoto(files, { photoId, widths: stored });
    if ((error as { status?: number }).status) throw error;
    throw refuseAccount('invalid', 'PHOTO_REFUSED', 'This image could not be read. Choose another JPEG, PNG or WebP image.');
  }
  return { photoId, widths };
};

export const deleteProfilePhoto = async (files: Files, photo: StoredPhoto) => {
  await Promise.all(photo.widths.map((w) => files.delete(photoKey(photo.photoId, w))));
};
