import type { Interaction } from '@acpg/contracts/insights';
import { toCsv } from '../../../lib/csv.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';

const HEADER = ['Date', 'Page', 'Button', 'Type', 'User ID', 'Data ID', 'Latitude', 'Longitude'];
const row = (i: Interaction) => [formatDateTime12(i.created_at), i.page_name, i.button_name, i.interaction_type, i.user_id ?? '', i.data_id ?? '', i.location?.latitude ?? '', i.location?.longitude ?? ''];
const stamp = () => new Date().toISOString().slice(0, 10);

export function exportCsv(rows: Interaction[]): boolean {
  if (rows.length === 0) return false;
  return downloadBlob(new Blob([toCsv(HEADER, rows.map(row))], { type: 'text/csv;charset=utf-8' }), `user-interactions-${stamp()}.csv`);
}

/** XLSX is the default export (DECISIONS.md); write-excel-file loads only when asked for. */
export async function exportXlsx(rows: Interaction[]): Promise<boolean> {
  if (rows.length === 0) return false;
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const data = [HEADER.map((h) => ({ value: h, fontWeight: 'bold' as const })), ...rows.map((i) => row(i).map((v) => ({ value: v })))];
  const blob = await writeXlsxFile(data).toBlob();
  return downloadBlob(blob, `user-interactions-${stamp()}.xlsx`);
}
