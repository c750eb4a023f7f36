/** What the server accepts (it checks the content again): JPEG, PNG or WebP, at most 5 MB (DECISIONS.md). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Why this file cannot be a profile photo, before it is read; null when it may be sent. */
export function photoFileProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size === 0) return 'This file is empty. Choose another image.';
  if (file.size > MAX_PHOTO_BYTES) return 'The image is larger than 5 MB. Choose a smaller one.';
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The image could not be read. Choose it again.'));
    reader.readAsDataURL(file);
  });
}
