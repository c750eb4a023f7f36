import { describe, expect, it } from 'vitest';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { importDecider, type ImportCommand, type ImportState } from './decider.ts';

const meta: CommandMeta = { now: new Date('2026-11-27T10:00:00.000Z'), actor: 'admin-1', correlationId: 'c', causationId: null, newId: () => 'id' };
const imported = { import_id: 'i1', source: 'file' as const, file_name: 'r.csv', format: 'csv' as const, file_key: 'equity/imports/i1.jsonl', row_count: 3, accepted_count: 2, refused_count: 1, refused: [{ row: 2, errors: ['apn is required'] }] };
const run = (state: ImportState, command: Omit<ImportCommand, 'metadata'>) => {
  const events = importDecider.decide({ ...command, metadata: meta } as ImportCommand, state);
  return { events, state: events.reduce<ImportState>((s, e) => importDecider.evolve(s, e), state) };
};

describe('recordings import decider', () => {
  it('records an import with its report, then its matching once', () => {
    const first = run(importDecider.initialState(), { type: 'RecordImport', data: imported });
    expect(first.events).toEqual([{ type: 'RecordingsImported', data: { ...imported, by: 'admin-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(first.state.status).toBe('matching');
    const matched = run(first.state, { type: 'RecordMatching', data: { matched_count: 1, alert_count: 2 } });
    expect(matched.events).toEqual([{ type: 'RecordingsMatched', data: { import_id: 'i1', matched_count: 1, alert_count: 2, by: 'admin-1', at: '2026-11-27T10:00:00.000Z' } }]);
    expect(matched.state.status).toBe('matched');
    expect(run(matched.state, { type: 'RecordMatching', data: { matched_count: 1, alert_count: 2 } }).events).toEqual([]);
  });

  it('refuses an import recorded twice and matching an unknown import', () => {
    const first = run(importDecider.initialState(), { type: 'RecordImport', data: imported }).state;
    expect(() => run(first, { type: 'RecordImport', data: imported })).toThrow(DomainError);
    expect(() => run(importDecider.initialState(), { type: 'RecordMatching', data: { matched_count: 0, alert_count: 0 } })).toThrow(/not found/);
  });
});
