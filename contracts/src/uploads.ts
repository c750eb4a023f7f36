import { z } from 'zod';

/** DECISIONS.md: images at most 5 MB, documents at most 15 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;

/** Base64 characters needed for `bytes` bytes (a data: URL prefix is allowed on top). */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4 + 100;

/**
 * An uploaded file in a JSON body: `{ data: "<base64>" }` or a `data:<type>;base64,` URL (what a canvas or a
 * FileReader gives). The server checks the real type from the content (`platform/uploads`), never from the name.
 */
export const Upload = (maxBytes: number) =>
  z.object({
    data: z
      .string()
      .min(1, 'Choose a file.')
      .max(base64Length(maxBytes), `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`),
  });
export type Upload = z.infer<ReturnType<typeof Upload>>;

export const ImageUpload = Upload(MAX_IMAGE_BYTES);
export const DocumentUpload = Upload(MAX_DOCUMENT_BYTES);
