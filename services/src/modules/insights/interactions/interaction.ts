import type { Interaction } from '@acpg/contracts/insights';
import type { Doc } from '../../../platform/documents/port.ts';

/** The public shape of a document (drops `_id` and the runner's bookkeeping, keeps its version and position). */
export const toInteraction = (doc: Doc): Interaction => ({
  id: String(doc.id),
  data_id: (doc.data_id as string | null) ?? null,
  page_name: String(doc.page_name),
  interaction_type: String(doc.interaction_type),
  button_name: String(doc.button_name),
  user_id: (doc.user_id as string | null) ?? null,
  location: (doc.location as Interaction['location']) ?? null,
  created_at: String(doc.created_at),
  version: Number(doc._version ?? 0),
  position: Number(doc._position ?? 0),
});
