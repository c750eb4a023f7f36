import { setImmediate as nextTurn } from 'node:timers/promises';
import { MAX_REFUSED_ROWS_KEPT, type ImportFormat, type ImportView, type RecordedDocument, type RefusedRow } from '@acpg/contracts/equity';
import { handleCommand, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import type { Doc } from '../../../platform/documents/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { importChecker } from '../recorder-feed/checks.ts';
import type { RecorderFeed } from '../recorder-feed/port.ts';
import { importDecider, importStream } from './decider.ts';
import { evolveImportRow, toImportView } from './view.ts';

/** The accepted recordings as JSON lines, a few thousand at a time with a turn of the event loop between. */
const jsonLines = async (recordings: readonly RecordedDocument[]): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for (let at = 0; at < recordings.length; at += 5000) {
    if (at > 0) parts.push(Buffer.from('\n'));
    parts.push(Buffer.from(recordings.slice(at, at + 5000).map((r) => JSON.stringify(r)).join('\n')));
    await nextTurn();
  }
  return Buffer.concat(parts);
};

/** Where an import's accepted recordings are kept (JSON lines) for the matching job. */
export const importFileKey = (importId: string) => `equity/imports/${importId}.jsonl`;

/**
 * Takes a feed's rows (each also checked against the whole import: a California county, not after today, not a
 * document already on an earlier row): the accepted ones are kept as a file and the import recorded with its report of refused rows
 * (the first MAX_REFUSED_ROWS_KEPT of them); the matching job (reaction on `RecordingsImported`) raises the alerts.
 */
export const recordImport = async (
  platform: Platform,
  feed: RecorderFeed,
  source: { source: 'file' | 'sample'; file_name: string; format: ImportFormat },
  meta: CommandMeta,
): Promise<ImportView> => {
  const accepted: RecordedDocument[] = [];
  const refused: RefusedRow[] = [];
  let refusedCount = 0;
  let rowCount = 0;
  const check = importChecker(platform.clock().toISOString().slice(0, 10));
  for await (const row of feed.rows()) {
    rowCount += 1;
    if (rowCount % 1000 === 0) await nextTurn();
    const errors = 'recording' in row ? check(row.recording, row.row) : row.errors;
    if ('recording' in row && errors.length === 0) accepted.push(row.recording);
    else {
      refusedCount += 1;
      if (refused.length < MAX_REFUSED_ROWS_KEPT) refused.push({ row: row.row, errors });
    }
  }
  const importId = meta.newId();
  const fileKey = importFileKey(importId);
  await platform.files.put(fileKey, await jsonLines(accepted), { contentType: 'application/x-ndjson' });
  const data = { import_id: importId, ...source, file_key: fileKey, row_count: rowCount, accepted_count: accepted.length, refused_count: refusedCount, refused };
  const { events } = await handleCommand(platform.eventStore, importStream(importId), importDecider, { type: 'RecordImport', data, metadata: meta }, { newStream: true });
  // The command's answer: the row its one event makes (the projection's own evolve).
  const row = events.reduce<Doc | null>(evolveImportRow, null);
  if (!row) throw new Error('a recorded import has a view');
  return toImportView(row);
};
