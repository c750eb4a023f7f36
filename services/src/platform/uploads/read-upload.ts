import { fileTypeFromBuffer } from 'file-type';
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from '@acpg/contracts/uploads';
import { validationFailed } from '../http/errors.ts';

export type UploadKind = 'image' | 'pdf';

/** What each kind accepts, read from the content's magic bytes. */
export const ACCEPTED_TYPES: Record<UploadKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  pdf: ['application/pdf'],
};
export const KIND_WORDS: Record<UploadKind, string> = { image: 'a JPEG, PNG or WebP image', pdf: 'a PDF' };

export interface UploadRules {
  kinds: readonly UploadKind[];
  /** Default: 5 MB when only images are accepted, else 15 MB (DECISIONS.md). */
  maxBytes?: number;
  /** The field named in the 400's `errors` (default `data`). */
  field?: string;
}

export interface CheckedUpload {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Checks an upload by its content: decodes base64 (or a data: URL), refuses an empty or oversized file and any type
 * the rules do not accept, whatever the name or declared type said. Answers a 400 VALIDATION_FAILED naming the field.
 */
export const readUpload = async (input: string | Buffer, rules: UploadRules): Promise<CheckedUpload> => {
  const field = rules.field ?? 'data';
  const maxBytes = rules.maxBytes ?? (rules.kinds.every((k) => k === 'image') ? MAX_IMAGE_BYTES : MAX_DOCUMENT_BYTES);
  const fail = (message: string) => validationFailed(message, [{ path: field, message }]);
  const expected = rules.kinds.map((k) => KIND_WORDS[k]).join(' or ');

  let bytes: Buffer;
  if (typeof input === 'string') {
    const base64 = input.replace(DATA_URL, '').replace(/\s/g, '');
    if (!BASE64.test(base64) || base64.length % 4 === 1) throw fail('The file could not be read. Choose the file again.');
    bytes = Buffer.from(base64, 'base64');
  } else {
    bytes = input;
  }
  if (bytes.length === 0) throw fail('The file is empty. Choose another file.');
  if (bytes.length > maxBytes) throw fail(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Choose a smaller file.`);

  const type = await fileTypeFromBuffer(bytes);
  const accepted = rules.kinds.flatMap((k) => ACCEPTED_TYPES[k]);
  if (!type || !accepted.includes(type.mime)) throw fail(`The file must be ${expected}.`);
  return { bytes, contentType: type.mime, extension: type.ext };
};
