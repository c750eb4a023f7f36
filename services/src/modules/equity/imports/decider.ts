import { equityImportStream, type RecordingsImported, type RecordingsMatched } from '@acpg/contracts/equity';
import type { Command, Decider } from '../../../platform/commands/handle-command.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';

export const importStream = equityImportStream;

export type ImportEvent = { type: 'RecordingsImported'; data: RecordingsImported } | { type: 'RecordingsMatched'; data: RecordingsMatched };

type Step<T> = Omit<T, 'import_id' | 'by' | 'at'>;
export type RecordImport = Command<'RecordImport', Step<RecordingsImported> & { import_id: string }>;
/** The matching job finished the import's accepted rows (a job run again after a crash records nothing new). */
export type RecordMatching = Command<'RecordMatching', Step<RecordingsMatched>>;
export type ImportCommand = RecordImport | RecordMatching;

export type ImportState = { status: 'none' } | { status: 'matching' | 'matched'; imported: RecordingsImported };

export const importDecider: Decider<ImportCommand, ImportEvent, ImportState> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    if (event.type === 'RecordingsImported') return { status: 'matching', imported: event.data };
    return state.status === 'none' ? state : { ...state, status: 'matched' };
  },
  decide: (command, state) => {
    const by = command.metadata.actor ?? 'system';
    const at = command.metadata.now.toISOString();
    switch (command.type) {
      case 'RecordImport':
        if (state.status !== 'none') throw new DomainError('conflict', 'IMPORT_EXISTS', 'This import was recorded already.');
        return [{ type: 'RecordingsImported', data: { ...command.data, by, at } }];
      case 'RecordMatching':
        if (state.status === 'none') throw new DomainError('not_found', 'IMPORT_NOT_FOUND', 'This import was not found.');
        if (state.status === 'matched') return [];
        return [{ type: 'RecordingsMatched', data: { ...command.data, import_id: state.imported.import_id, by, at } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
  fromStored: ownEvents<ImportEvent>(['RecordingsImported', 'RecordingsMatched']),
};
