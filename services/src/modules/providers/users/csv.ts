import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { InviteProviderUserBody, PROVIDER_INVITATIONS_CSV_MAX_ROWS, PROVIDER_PROPERTIES_MAX } from '@acpg/contracts/provider-users';
import { DomainError } from '../../../platform/commands/domain-error.ts';

/** At most this many bytes of CSV in one import. */
export const INVITATIONS_CSV_MAX_BYTES = 1024 * 1024;

const invalid = (message: string) => new DomainError('invalid', 'IMPORT_FILE_INVALID', message, [{ path: 'file', message }]);

/** One data row: its line in the spreadsheet (the header is line 1) and either the invitation or why it is refused. */
export type CsvInvitationRow = { line: number; email: string } & (
  | { ok: true; invite: { email: string; role: InviteProviderUserBody['role']; properties: string[] } }
  | { ok: false; reason: string }
);

/** The optional `properties` cell: property ids or APNs separated by `;` (empty: none). */
export const propertyRefs = (cell: string): string[] => [...new Set(cell.split(';').map((r) => r.trim()).filter((r) => r.length > 0))];

/**
 * The rows of a bulk-invitation CSV (`email,role` with a header row, and an optional `properties` column of property ids
 * or APNs separated by `;`), parsed as the body streams in: the file is refused
 * whole (IMPORT_FILE_INVALID) past INVITATIONS_CSV_MAX_BYTES or PROVIDER_INVITATIONS_CSV_MAX_ROWS, without its header or
 * unreadable; each row is checked (email, role, the same email twice) and a refused row names its line.
 */
export async function* invitationRows(body: Readable, maxRows = PROVIDER_INVITATIONS_CSV_MAX_ROWS): AsyncGenerator<CsvInvitationRow> {
  let bytes = 0;
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > INVITATIONS_CSV_MAX_BYTES) body.destroy(invalid(`The file is larger than ${INVITATIONS_CSV_MAX_BYTES / 1024 / 1024} MB: split it and import the parts one at a time.`));
  });
  const parser = body.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: true }));
  body.on('error', (error) => parser.destroy(error));
  let columns: { email: number; role: number; properties: number } | null = null;
  const seen = new Set<string>();
  let count = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (columns === null) {
        const names = record.map((n) => n.toLowerCase());
        const email = names.indexOf('email');
        const role = names.indexOf('role');
        if (email < 0 || role < 0) throw invalid('The first row must name the columns email and role.');
        columns = { email, role, properties: names.indexOf('properties') };
        continue;
      }
      count += 1;
      if (count > maxRows) throw invalid(`The file has more than ${maxRows} rows; send at most ${maxRows} invitations per file.`);
      const line = info.lines;
      const raw = { email: record[columns.email] ?? '', role: record[columns.role] ?? '' };
      const properties = propertyRefs(columns.properties >= 0 ? (record[columns.properties] ?? '') : '');
      const parsed = InviteProviderUserBody.safeParse(raw);
      if (!parsed.success) yield { line, email: raw.email, ok: false, reason: parsed.error.issues.map((i) => i.message).join('; ') };
      else if (seen.has(parsed.data.email)) yield { line, email: raw.email, ok: false, reason: 'This email is on an earlier line of the file.' };
      else if (properties.length > PROVIDER_PROPERTIES_MAX) yield { line, email: raw.email, ok: false, reason: `Attach at most ${PROVIDER_PROPERTIES_MAX} properties to one invitation.` };
      else {
        seen.add(parsed.data.email);
        yield { line, email: parsed.data.email, ok: true, invite: { email: parsed.data.email, role: parsed.data.role, properties } };
      }
      if (count % 100 === 0) await nextTurn();
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const lines = (error as { lines?: unknown }).lines;
    throw invalid(`The CSV file could not be read${typeof lines === 'number' ? ` (line ${lines})` : ''}: check its quotes and commas, then send it again.`);
  } finally {
    parser.destroy();
  }
  if (columns === null) throw invalid('The file is empty: send a header row (email,role) and a row per invitation.');
}
