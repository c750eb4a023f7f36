import { inertCell } from '@acpg/contracts/csv-cell';
import type { EventStore, StoredEvent } from './port.ts';
import { redactSensitive } from './redact.ts';

export const CSV_HEADER = 'position,id,type,stream,version,occurredAt,actor,correlationId,causationId,schemaVersion,data';

/**
 * RFC 4180 quoting: fields with a comma, quote or line break are quoted, quotes doubled. A field that could start a
 * spreadsheet formula is made inert first (`inertCell`, the guard every CSV export uses).
 */
export const csvField = (value: unknown): string => {
  const text = inertCell(value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const eventsToCsvRow = (e: StoredEvent): string =>
  [e.position, e.id, e.type, e.stream, e.version, e.occurredAt, e.actor, e.correlationId, e.causationId, e.schemaVersion, e.data]
    .map(csvField)
    .join(',');

export interface ExportRange {
  from: number | null;
  to: number | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `--from`/`--to` as instants; a bare `--to` day includes that whole day (UTC). `names` are the options' names in the
 * messages (the CLI's `--from`, the HTTP export's `from`).
 */
export const parseExportRange = (from?: string, to?: string, names = { from: '--from', to: '--to' }): ExportRange => {
  const parse = (value: string, name: string, endOfDay: boolean) => {
    const ms = DAY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) + (endOfDay ? 86_400_000 - 1 : 0) : Date.parse(value);
    if (Number.isNaN(ms)) throw new Error(`${name} must be a date (YYYY-MM-DD) or an ISO 8601 instant, got "${value}"`);
    return ms;
  };
  const range = { from: from ? parse(from, names.from, false) : null, to: to ? parse(to, names.to, true) : null };
  if (range.from !== null && range.to !== null && range.from > range.to) throw new Error(`${names.from} is after ${names.to}`);
  return range;
};

export const inRange = (occurredAt: string, range: ExportRange): boolean => {
  const ms = Date.parse(occurredAt);
  return (range.from === null || ms >= range.from) && (range.to === null || ms <= range.to);
};

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportSelection {
  format: ExportFormat;
  types?: readonly string[] | undefined;
  range: ExportRange;
  /** Types whose data leaves without its contents (`redactSensitive`). */
  sensitive: ReadonlySet<string>;
  pageSize?: number;
}

/**
 * The export's text, a line at a time (the CSV header first): the log read in pages of `pageSize` in position order,
 * so a caller writing each line before asking for the next (the CLI's file, the HTTP reply) never holds more than a page.
 */
export async function* exportLines(store: Pick<EventStore, 'readAll'>, selection: ExportSelection): AsyncGenerator<string> {
  const { format, types, range, sensitive, pageSize = 1000 } = selection;
  if (format === 'csv') yield `${CSV_HEADER}\n`;
  let after = 0;
  for (;;) {
    const batch = await store.readAll({ after, limit: pageSize, ...(types ? { types } : {}) });
    for (const stored of batch) {
      if (!inRange(stored.occurredAt, range)) continue;
      const event = redactSensitive(stored, sensitive);
      yield format === 'csv' ? `${eventsToCsvRow(event)}\n` : `${JSON.stringify(event)}\n`;
    }
    if (batch.length < pageSize) return;
    after = batch[batch.length - 1]?.position ?? after;
  }
}
