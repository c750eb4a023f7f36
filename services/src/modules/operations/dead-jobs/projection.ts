import type { OperatorAction } from '@acpg/contracts/operations';
import type { Doc } from '../../../platform/documents/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { DEAD_JOB_EVENTS, toDeadJobEvent } from './decider.ts';

export const OPERATOR_ACTIONS_COLLECTION = 'operations_actions';

/** Every operator's retry or discard of a dead job, one row per event (newest first on the screen): who, why, when. */
export const operatorActionsProjection = defineProjection({
  name: 'operations.actions',
  collection: OPERATOR_ACTIONS_COLLECTION,
  handles: DEAD_JOB_EVENTS,
  indexes: ['at', 'queue'],
  fromStored: (stored) => (stored.stream.startsWith('operations-deadjob-') ? toDeadJobEvent(stored) : null),
  documentId: (_event, stored) => stored.id,
  evolve: (_doc, event, stored) => ({
    _id: stored.id,
    action: event.type === 'DeadJobRetried' ? 'retried' : 'discarded',
    ...event.data,
  }),
});

export const toOperatorAction = (doc: Doc, names: ReadonlyMap<string, string>): OperatorAction => ({
  id: String(doc._id),
  action: doc.action === 'retried' ? 'retried' : 'discarded',
  queue: String(doc.queue),
  job_id: String(doc.job_id),
  job_name: String(doc.job_name),
  error: typeof doc.error === 'string' ? doc.error : null,
  by: String(doc.by),
  by_name: names.get(String(doc.by)) ?? null,
  reason: String(doc.reason),
  at: String(doc.at),
});
