import { inertCell } from '@acpg/contracts/csv-cell';
import type { StoredEvent } from '../platform/event-store/port.ts';

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

/** `--from`/`--to` as instants; a bare `--to` day includes that whole day (UTC). */
export const parseExportRange = (from?: string, to?: string): ExportRange => {
  const parse = (value: string, name: string, endOfDay: boolean) => {
    const ms = DAY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) + (endOfDay ? 86_400_000 - 1 : 0) : Date.parse(value);
    if (Number.isNaN(ms)) throw new Error(`${name} must be a date (YYYY-MM-DD) or an ISO 8601 instant, got "${value}"`);
    return ms;
  };
  const range = { from: from ? parse(from, '--from', false) : null, to: to ? parse(to, '--to', true) : null };
  if (range.from !== null && range.to !== null && range.from > range.to) throw new Error('--from is after --to');
  return range;
};

export const inRange = (occurredAt: string, range: ExportRange): boolean => {
  const ms = Date.parse(occurredAt);
  return (range.from === null || ms >= range.from) && (range.to === null || ms <= range.to);
};
