import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { RECORDING_COLUMNS, RecordedDocument, type ImportFormat } from '@acpg/contracts/equity';
import type { z } from 'zod';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { FeedRow, RecorderFeed } from './port.ts';
import { formatCount } from '../../../platform/formatting/index.ts';

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

/** Rows parsed between two yields to the event loop: a 25 MB file never holds it for long (a health check answers). */
const ROWS_PER_TURN = 500;
/** The file goes to the parser in slices of this size (csv-parse's stream API), each parsed in one short turn. */
const SLICE_BYTES = 64 * 1024;

function* slices(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
}

const tooManyRows = (maxRows: number, field: string, what: string) =>
  invalid(`The file has more than ${formatCount(maxRows)} ${what}; send at most ${formatCount(maxRows)} per import.`, field);

async function* csvRows(bytes: Buffer, maxRows: number, field: string): AsyncGenerator<FeedRow> {
  const parser = Readable.from(slices(bytes)).pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }));
  let names: string[] | null = null;
  let index = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (names === null) {
        names = cells.map((name) => name.trim().toLowerCase());
        const missing = RECORDING_COLUMNS.filter((column) => column !== 'amount_cents' && !names?.includes(column));
        if (missing.length > 0) throw invalid(`The first row must name the columns: ${RECORDING_COLUMNS.join(', ')}. Missing: ${missing.join(', ')}.`, field);
        continue;
      }
      index += 1;
      if (index > maxRows) throw tooManyRows(maxRows, field, 'rows');
      if (cells.length !== names.length) yield { row: index, errors: [`The row has ${cells.length} values; the header names ${names.length}.`] };
      else yield check(index, fromCells(Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']))));
      if (index % ROWS_PER_TURN === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const line = (error as { lines?: unknown }).lines;
    throw invalid(`The CSV file could not be read${typeof line === 'number' ? ` (line ${line})` : ''}: check its quotes and commas, then send it again.`, field);
  } finally {
    parser.destroy();
  }
  if (names === null) throw invalid(`The first row must name the columns: ${RECORDING_COLUMNS.join(', ')}.`, field);
}

const jsonlRow = (index: number, line: string): FeedRow => {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { row: index, errors: ['The line is not a JSON object.'] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { row: index, errors: ['The line is not a JSON object.'] };
  return check(index, value);
};

async function* jsonlRows(bytes: Buffer, maxRows: number, field: string): AsyncGenerator<FeedRow> {
  let index = 0;
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(0x0a, at);
    const line = bytes.toString('utf8', at, end === -1 ? bytes.length : end).replace(/\r$/, '');
    at = end === -1 ? bytes.length : end + 1;
    if (line.trim() === '') continue;
    index += 1;
    if (index > maxRows) throw tooManyRows(maxRows, field, 'lines');
    yield jsonlRow(index, line);
    if (index % ROWS_PER_TURN === 0) await nextTurn();
  }
}

/**
 * The file import adapter: the bytes of a CSV (header row, RECORDING_COLUMNS) or JSONL file, UTF-8 text, parsed as a
 * stream a few hundred rows at a time with a turn of the event loop between (never one long block). The whole file is
 * refused (IMPORT_FILE_INVALID) when it is empty, not text, unreadable, without its header or past `maxRows`: as the
 * rows are read, so before anything is recorded.
 */
export const fileFeed = (bytes: Buffer, format: ImportFormat, maxRows: number, field = 'data'): RecorderFeed => {
  if (bytes.length === 0) throw invalid('The file is empty: send a file with a header row and a row per recorded document.', field);
  if (bytes.includes(0)) throw invalid(`This is not ${format === 'csv' ? 'CSV' : 'JSONL'} text: send the ${format === 'csv' ? 'CSV' : 'JSONL'} file as UTF-8 text.`, field);
  return {
    async *rows() {
      let count = 0;
      for await (const row of format === 'csv' ? csvRows(bytes, maxRows, field) : jsonlRows(bytes, maxRows, field)) {
        count += 1;
        yield row;
      }
      if (count === 0) throw invalid('The file has no recordings: send a row per recorded document after the header row.', field);
    },
  };
};

/** Decodes the upload's base64 (or data: URL). */
export const decodeFile = (data: string): Buffer => {
  const base64 = data.replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    throw invalid('`data` is not base64: send the file again as base64 (or a data: URL) in `data`, or send the file itself as multipart/form-data (part `file`) or as a text/csv body.');
  }
  return Buffer.from(base64, 'base64');
};
