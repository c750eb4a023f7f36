import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../commands/domain-error.ts';
import type { z } from 'zod';
import { plainIssue } from '../http/error-handler.ts';
import { AppError, validationFailed } from '../http/errors.ts';
import type { CheckedUpload, UploadKind } from './read-upload.ts';
import { ACCEPTED_TYPES, KIND_WORDS } from './read-upload.ts';
import { UPLOAD_SLOTS, type UploadSlots } from './in-flight.ts';
import type { Counters } from '../counters/port.ts';

/** Bytes file-type needs to tell every accepted type apart. */
const SNIFF_BYTES = 4100;

export interface StreamedFile extends CheckedUpload {
  /** The part's field name and the file name the client gave (its last path segment). */
  field: string;
  filename: string;
}

export interface MultipartRules<Fields> {
  /** The part name(s) files come in (e.g. `documents`); a file in another part is refused. */
  fileField: string;
  kinds: readonly UploadKind[];
  maxFiles: number;
  maxFileBytes: number;
  /** Every file's bytes together (and the body as a whole, with `fields` slack, by Content-Length when sent). */
  maxTotalBytes: number;
  /**
   * Checks the text fields (sent before the files) and the caller's right to upload here. Runs once, before the first
   * file byte is read (or at the end when no file came); a throw answers the request with the body unread.
   */
  fields: (values: Readonly<Record<string, string>>) => Promise<Fields> | Fields;
}

export const tooLarge = (message: string, field: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message, [{ path: field, message }]);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const BASENAME = /[^/\\]*$/;

/** Parses a form's text fields (or a JSON body) with its zod schema: 400 VALIDATION_FAILED naming each field. */
export const parseForm = <T extends z.ZodType>(schema: T, values: unknown): z.infer<T> => {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => {
    const path = issue.path.join('.');
    return { path, message: plainIssue(path, issue.message, issue.code) };
  });
  throw validationFailed(errors[0]?.message ?? 'The request is not valid.', errors);
};

/** The Content-Length a client announced, when it did: past the limit it is refused before a byte is read. */
export const refuseAnnouncedLength = (request: FastifyRequest, maxBytes: number, field = 'body') => {
  const length = Number(request.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(length) && length > maxBytes) throw tooLarge(`The upload is larger than ${mb(maxBytes)}. Send smaller files.`, field);
};

/**
 * Takes one of the caller's upload slots (UPLOAD_SLOTS: 2 per account on every api process together, counted in
 * `counters`; a bound per process) for the life of the request, freed when the answer is sent or the connection drops;
 * past a bound 429 with Retry-After, before the body is read.
 */
export const holdUploadSlot = async (request: FastifyRequest, reply: FastifyReply, accountId: string, counters: Counters, slots: UploadSlots = UPLOAD_SLOTS) => {
  const release = await slots.take(accountId, counters);
  // The connection may have gone while the slot was asked for: its 'close' has passed, so free the slot now.
  if (reply.raw.destroyed || request.raw.destroyed) {
    release();
    return release;
  }
  reply.raw.once('close', release);
  request.raw.once('close', () => {
    if (reply.raw.writableEnded) release();
  });
  return release;
};

/** Reads one file part as it streams: refused at the first byte past the limit, and by its magic bytes once it has enough. */
const readFile = async (part: Extract<Multipart, { type: 'file' }>, rules: MultipartRules<unknown>, index: number, totalSoFar: number): Promise<StreamedFile> => {
  const field = `${rules.fileField}.${index}`;
  const fail = (message: string) => validationFailed(message, [{ path: field, message }]);
  const accepted = rules.kinds.flatMap((kind) => ACCEPTED_TYPES[kind]);
  const expected = rules.kinds.map((kind) => KIND_WORDS[kind]).join(' or ');
  const chunks: Buffer[] = [];
  let size = 0;
  let type: { mime: string; ext: string } | undefined;
  const sniff = async () => {
    const found = await fileTypeFromBuffer(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
    if (!found || !accepted.includes(found.mime)) throw fail(`The file must be ${expected}.`);
    return found;
  };
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rules.maxFileBytes) throw tooLarge(`The file is larger than ${mb(rules.maxFileBytes)}. Choose a smaller file.`, field);
    if (totalSoFar + size > rules.maxTotalBytes) throw tooLarge(`The files together are larger than ${mb(rules.maxTotalBytes)}. Send fewer or smaller files.`, rules.fileField);
    chunks.push(chunk);
    if (!type && size >= SNIFF_BYTES) type = await sniff();
  }
  if (part.file.truncated) throw tooLarge(`The file is larger than ${mb(rules.maxFileBytes)}. Choose a smaller file.`, field);
  if (size === 0) throw fail('The file is empty. Choose another file.');
  type ??= await sniff();
  const filename = (BASENAME.exec(part.filename)?.[0] ?? '').trim() || `document-${index + 1}.${type.ext}`;
  return { field: part.fieldname, filename, bytes: Buffer.concat(chunks, size), contentType: type.mime, extension: type.ext };
};

/**
 * A multipart/form-data upload read as it streams, never more than `maxFileBytes` per file nor `maxTotalBytes` in all
 * (413 past either), each file checked by its magic bytes while it arrives (400). The text fields come first; `fields`
 * checks them and the caller's right (a 404/403) before any file byte is read.
 */
export const readMultipart = async <Fields>(request: FastifyRequest, rules: MultipartRules<Fields>): Promise<{ fields: Fields; files: StreamedFile[] }> => {
  refuseAnnouncedLength(request, rules.maxTotalBytes + 256 * 1024, rules.fileField);
  const values: Record<string, string> = {};
  const files: StreamedFile[] = [];
  let checked: { fields: Fields } | null = null;
  let total = 0;
  const parts = request.parts({ limits: { fileSize: rules.maxFileBytes + 1, files: rules.maxFiles, fields: 20, fieldSize: 8 * 1024, parts: rules.maxFiles + 20 } });
  try {
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (checked) throw validationFailed('Send the form fields before the files.', [{ path: part.fieldname, message: 'Send the form fields before the files.' }]);
        if (typeof part.value === 'string' && !(part.fieldname in Object.prototype)) values[part.fieldname] = part.value;
        continue;
      }
      checked ??= { fields: await rules.fields(values) };
      if (part.fieldname !== rules.fileField) {
        const message = `Send the files in the part "${rules.fileField}".`;
        throw validationFailed(message, [{ path: part.fieldname, message }]);
      }
      const file = await readFile(part, rules as MultipartRules<unknown>, files.length, total);
      total += file.bytes.length;
      files.push(file);
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // Ours (a refusal of the fields or of the caller: an AppError or a DomainError) as they are; the parser's mapped.
    if (error instanceof AppError || error instanceof DomainError) throw error;
    if (code === 'FST_FILES_LIMIT') throw tooLarge(`Attach at most ${rules.maxFiles} files.`, rules.fileField);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge('The form has too many fields.', rules.fileField);
    throw validationFailed('The upload could not be read: send the form again.', [{ path: rules.fileField, message: 'The upload could not be read: send the form again.' }]);
  }
  checked ??= { fields: await rules.fields(values) };
  return { fields: checked.fields, files };
};
