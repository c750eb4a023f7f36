import { parse } from 'csv-parse/sync';
import { RECORDING_COLUMNS, RecordedDocument, type ImportFormat } from '@acpg/contracts/equity';
import type { z } from 'zod';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { FeedRow, RecorderFeed } from './port.ts';

/** A refusal of the file; `field` is where it came in (`data` in JSON, `file` in multipart, the body itself as text/csv). */
const invalid = (message: string, field = 'data') => new DomainError('invalid', 'IMPORT_FILE_INVALID', message, [{ path: field, message }]);
export const invalidImportFile = invalid;

const issues = (error: z.ZodError) => error.issues.map((issue) => issue.message);

/** A CSV cell as the schema expects it: an empty amount is none, digits are cents. */
const fromCells = (cells: Readonly<Record<string, string>>) => {
  const amount = (cells.amount_cents ?? '').trim();
  return { ...cells, amount_cents: amount === '' ? null : /^-?\d+$/.test(amount) ? Number(amount) : amount };
};

const check = (row: number, input: unknown): FeedRow => {
  const parsed = RecordedDocument.safeParse(input);
  return parsed.success ? { row, recording: parsed.data } : { row, errors: issues(parsed.error) };
};

const csvRows = (text: string, maxRows: number, field: string): FeedRow[] => {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw invalid(`The CSV file could not be read${typeof line === 'number' ? ` (line ${line})` : ''}: check its quotes and commas, then send it again.`, field);
  }
  const [header, ...data] = records;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const missing = RECORDING_COLUMNS.filter((column) => column !== 'amount_cents' && !names.includes(column));
  if (missing.length > 0) throw invalid(`The first row must name the columns: ${RECORDING_COLUMNS.join(', ')}. Missing: ${missing.join(', ')}.`, field);
  if (data.length > maxRows) throw invalid(`The file has ${data.length.toLocaleString('en-US')} rows; send at most ${maxRows.toLocaleString('en-US')} per import.`, field);
  return data.map((cells, index) => {
    if (cells.length !== names.length) return { row: index + 1, errors: [`The row has ${cells.length} values; the header names ${names.length}.`] };
    return check(index + 1, fromCells(Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']))));
  });
};

const jsonlRows = (text: string, maxRows: number, field: string): FeedRow[] => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length > maxRows) throw invalid(`The file has ${lines.length.toLocaleString('en-US')} lines; send at most ${maxRows.toLocaleString('en-US')} per import.`, field);
  return lines.map((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { row: index + 1, errors: ['The line is not a JSON object.'] };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { row: index + 1, errors: ['The line is not a JSON object.'] };
    return check(index + 1, value);
  });
};

/** The file import adapter: the bytes of a CSV (header row, RECORDING_COLUMNS) or JSONL file, UTF-8 text. */
export const fileFeed = (bytes: Buffer, format: ImportFormat, maxRows: number, field = 'data'): RecorderFeed => {
  if (bytes.length === 0) throw invalid('The file is empty: send a file with a header row and a row per recorded document.', field);
  if (bytes.includes(0)) throw invalid(`This is not ${format === 'csv' ? 'CSV' : 'JSONL'} text: send the ${format === 'csv' ? 'CSV' : 'JSONL'} file as UTF-8 text.`, field);
  const text = bytes.toString('utf8');
  const rows = format === 'csv' ? csvRows(text, maxRows, field) : jsonlRows(text, maxRows, field);
  if (rows.length === 0) throw invalid('The file has no recordings: send a row per recorded document after the header row.', field);
  return { rows: () => rows };
};

/** Decodes the upload's base64 (or data: URL). */
export const decodeFile = (data: string): Buffer => {
  const base64 = data.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    throw invalid('`data` is not base64: send the file again as base64 (or a data: URL) in `data`, or send the file itself as multipart/form-data (part `file`) or as a text/csv body.');
  }
  return Buffer.from(base64, 'base64');
};
