import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { EQUITY_IMPORT_UPDATED_MESSAGE, IMPORT_EVENT_TYPES, ImportView } from '@acpg/contracts/equity';
import { defineProjection, type ProjectionPush } from '../../../platform/projections/define.ts';
import { importDecider, type ImportEvent } from './decider.ts';
import { evolveImportRow, IMPORTS_COLLECTION } from './view.ts';

/** Each import's row to Super Admins: the import list moves from "matching" to "matched" while they watch. */
const pushImport: ProjectionPush<ImportEvent> = (applied, realtime) => {
  for (const { doc } of applied) {
    const view = doc ? ImportView.safeParse(doc) : null;
    if (view?.success) for (const role of OVERSEER_ROLES) realtime.toRole(role, EQUITY_IMPORT_UPDATED_MESSAGE, view.data);
  }
};

/** Read model `equity_imports`: one row per import of recordings, with its report of refused rows and its matches. */
export const importsProjection = defineProjection({
  name: 'equity.imports',
  collection: IMPORTS_COLLECTION,
  handles: IMPORT_EVENT_TYPES,
  fromStored: (stored) => (stored.stream.startsWith('equity-import-') ? (importDecider.fromStored?.(stored) ?? null) : null),
  documentId: (event) => event.data.import_id,
  evolve: (doc, event, stored) => (doc && typeof doc._version === 'number' && doc._version >= stored.version ? doc : evolveImportRow(doc, event)),
  indexes: ['imported_at'],
  push: pushImport,
});
