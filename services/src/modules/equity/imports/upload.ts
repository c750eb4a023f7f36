import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { ImportFormat, ImportRecordingsBody, MAX_IMPORT_BYTES } from '@acpg/contracts/equity';
import { validationFailed } from '../../../platform/commands/domain-error.ts';
import { plainIssue } from '../../../platform/http/error-handler.ts';
import { decodeFile, invalidImportFile } from '../recorder-feed/file.ts';

/** Bodies sent as the file itself, by content type. */
export const RAW_IMPORT_TYPES: Readonly<Record<string, ImportFormat>> = {
  'text/csv': 'csv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/x-jsonlines': 'jsonl',
};

export interface ImportUpload {
  bytes: Buffer;
  file_name: string;
  format: ImportFormat;
  /** Where the file came in, named in the refusals' `errors`. */
  field: string;
}

const TOO_LARGE = `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB: split it and send the parts one import at a time.`;
const FILE_NAME = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]{1,200}$/u;

const formatOf = (given: string | undefined, fileName: string, mimetype: string | undefined, field: string): ImportFormat => {
  if (given !== undefined) {
    const parsed = ImportFormat.safeParse(given);
    if (!parsed.success) throw validationFailed('format must be csv or jsonl.', [{ path: 'format', message: 'format must be csv or jsonl.' }]);
    return parsed.data;
  }
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  const byType = mimetype ? RAW_IMPORT_TYPES[mimetype.split(';')[0]?.trim().toLowerCase() ?? ''] : undefined;
  if (byType) return byType;
  const message = `Say whether the file is csv or jsonl: a "format" field, or a file name ending in .csv or .jsonl (the ${field} part's).`;
  throw validationFailed(message, [{ path: 'format', message }]);
};

const cleanName = (name: string | undefined, fallback: string) => {
  const trimmed = (name ?? '').trim();
  return FILE_NAME.test(trimmed) ? trimmed : fallback;
};

/** multipart/form-data: the part `file` (one file), optional fields `format` and `file_name`. */
const fromMultipart = async (request: FastifyRequest): Promise<ImportUpload> => {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; filename: string; mimetype: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1024 } }) as AsyncIterable<Multipart>) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer();
          continue;
        }
        file = { bytes: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalidImportFile(TOO_LARGE, 'file');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw invalidImportFile('Send one file (part "file") and at most the fields format and file_name.', 'file');
    }
    throw invalidImportFile('The multipart body could not be read: send the file again as multipart/form-data with the file in the part "file".', 'file');
  }
  if (!file) {
    const message = 'Send the file in the multipart part "file" (Content-Disposition: form-data; name="file"; filename="recordings.csv").';
    throw validationFailed(message, [{ path: 'file', message }]);
  }
  const file_name = cleanName(fields.file_name ?? file.filename, 'recordings');
  return { bytes: file.bytes, file_name, format: formatOf(fields.format, file_name, file.mimetype, 'file'), field: 'file' };
};

/**
 * The file of `POST /admin/equity/imports`, however it was sent: JSON `{ file_name, format, data }` (base64 or a data:
 * URL), multipart/form-data with the part `file`, or the file itself as the body (text/csv, application/x-ndjson)
 * with `?file_name=` optional.
 */
export const readImportUpload = async (request: FastifyRequest, query: { file_name?: string | undefined }): Promise<ImportUpload> => {
  if (request.isMultipart()) return fromMultipart(request);
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const raw = RAW_IMPORT_TYPES[type];
  if (raw && Buffer.isBuffer(request.body)) {
    const bytes = request.body;
    if (bytes.length > MAX_IMPORT_BYTES) throw invalidImportFile(TOO_LARGE, '');
    return { bytes, file_name: cleanName(query.file_name, raw === 'csv' ? 'recordings.csv' : 'recordings.jsonl'), format: raw, field: '' };
  }
  const parsed = ImportRecordingsBody.safeParse(request.body ?? {});
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const path = issue.path.join('.');
      return { path, message: plainIssue(path, issue.message, issue.code) };
    });
    throw validationFailed(errors[0]?.message ?? 'The request is not valid.', errors);
  }
  const bytes = decodeFile(parsed.data.data);
  if (bytes.length > MAX_IMPORT_BYTES) throw invalidImportFile(TOO_LARGE, 'data');
  return { bytes, file_name: parsed.data.file_name, format: parsed.data.format, field: 'data' };
};
