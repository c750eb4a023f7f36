import { toCsv } from './csv.ts';
import { downloadBlob } from './download.ts';

export type ExportKind = 'xlsx' | 'csv';

export interface ExportTable {
  /** Column titles, the first row. */
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  /** File name without date and extension, e.g. `user-interactions`. */
  fileBase: string;
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** Downloads a table as CSV or XLSX; false when there is nothing to export or the download failed. */
export async function exportTable(kind: ExportKind, table: ExportTable): Promise<boolean> {
  if (table.rows.length === 0) return false;
  const name = `${table.fileBase}-${stamp()}.${kind}`;
  if (kind === 'csv') return downloadBlob(new Blob([toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }), name);
  // XLSX is the default export (DECISIONS.md); write-excel-file loads only when asked for.
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const data = [table.header.map((h) => ({ value: h, fontWeight: 'bold' as const })), ...table.rows.map((r) => r.map((v) => ({ value: v })))];
  return downloadBlob(await writeXlsxFile(data).toBlob(), name);
}
