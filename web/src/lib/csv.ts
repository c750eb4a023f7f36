import { inertCell } from '@acpg/contracts/csv-cell';

/** RFC 4180 CSV; a cell that could start a formula (= + - @, a leading tab or carriage return) is made inert (`inertCell`). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown): string => {
    const text = inertCell(value == null ? '' : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value));
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
