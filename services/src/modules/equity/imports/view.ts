import { ImportView } from '@acpg/contracts/equity';
import type { Doc } from '../../../platform/documents/port.ts';
import type { ImportEvent } from './decider.ts';

export const IMPORTS_COLLECTION = 'equity_imports';

/** The import's row after one more event (pure: the projection and a fresh fold of the stream share it). */
export const evolveImportRow = (doc: Doc | null, event: ImportEvent): Doc | null => {
  if (event.type === 'RecordingsImported') {
    const d = event.data;
    const view: ImportView = {
      import_id: d.import_id,
      source: d.source,
      file_name: d.file_name,
      format: d.format,
      status: 'matching',
      row_count: d.row_count,
      accepted_count: d.accepted_count,
      refused_count: d.refused_count,
      refused: d.refused,
      matched_count: null,
      alert_count: null,
      imported_by: d.by,
      imported_at: d.at,
      matched_at: null,
    };
    return { _id: d.import_id, ...view };
  }
  return doc ? { ...doc, status: 'matched', matched_count: event.data.matched_count, alert_count: event.data.alert_count, matched_at: event.data.at } : null;
};

export const toImportView = (doc: Doc): ImportView => ImportView.parse(doc);
