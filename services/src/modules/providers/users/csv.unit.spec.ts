import { Readable } from 'node:stream';
import { PROVIDER_PROPERTIES_MAX } from '@acpg/contracts/provider-users';
import { describe, expect, it } from 'vitest';
import { invitationRows, propertyRefs, type CsvInvitationRow } from './csv.ts';

const rowsOf = async (csv: string) => {
  const rows: CsvInvitationRow[] = [];
  for await (const row of invitationRows(Readable.from([Buffer.from(csv)]))) rows.push(row);
  return rows;
};

describe('bulk invitations CSV: the properties column', () => {
  it('reads property ids or APNs separated by ;, trimmed, once each; no column or an empty cell is none', async () => {
    expect(propertyRefs(' ca-1 ;5432-019-021;; ca-1 ')).toEqual(['ca-1', '5432-019-021']);
    const rows = await rowsOf(['Email,Role,Properties', 'a@example.test,Customer,ca-1; ca-2', 'b@example.test,Owner,'].join('\n'));
    expect(rows).toEqual([
      { line: 2, email: 'a@example.test', ok: true, invite: { email: 'a@example.test', role: 'Customer', properties: ['ca-1', 'ca-2'] } },
      { line: 3, email: 'b@example.test', ok: true, invite: { email: 'b@example.test', role: 'Owner', properties: [] } },
    ]);
    expect(await rowsOf('email,role\nc@example.test,Agent')).toEqual([{ line: 2, email: 'c@example.test', ok: true, invite: { email: 'c@example.test', role: 'Agent', properties: [] } }]);
  });

  it('refuses a row with more than PROVIDER_PROPERTIES_MAX properties, by its line', async () => {
    const many = Array.from({ length: PROVIDER_PROPERTIES_MAX + 1 }, (_, i) => `ca-${i}`).join(';');
    const rows = await rowsOf(`email,role,properties\nd@example.test,Customer,${many}`);
    expect(rows).toEqual([{ line: 2, email: 'd@example.test', ok: false, reason: `Attach at most ${PROVIDER_PROPERTIES_MAX} properties to one invitation.` }]);
  });
});
