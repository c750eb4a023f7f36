import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import { SESSION_VERSION_EVENTS } from '../account/profile-changes.ts';

export const SESSION_VERSIONS_COLLECTION = 'identity_session_versions';

type SessionVersionEvent = { type: string; data: { account_id: string } };

const accountOf = (stored: Pick<StoredEvent, 'type' | 'data' | 'stream'>): SessionVersionEvent | null => {
  if (!SESSION_VERSION_EVENTS.includes(stored.type) || !stored.stream.startsWith('identity-account-')) return null;
  const accountId = (stored.data as { account_id?: unknown } | null)?.account_id;
  return typeof accountId === 'string' ? { type: stored.type, data: { account_id: accountId } } : null;
};

/**
 * Read model `identity_session_versions`: per account, how often its session version moved on (SESSION_VERSION_EVENTS:
 * a sign-out, a password or contact change, a role change, a suspension). Its push is the one place that tells the
 * sockets: every open socket of the account is checked again at once (`Realtime.sessionsChanged`), whichever flow,
 * reaction or job wrote the event.
 */
export const sessionVersionsProjection = defineProjection<SessionVersionEvent>({
  name: 'identity.session_versions',
  collection: SESSION_VERSIONS_COLLECTION,
  handles: SESSION_VERSION_EVENTS,
  fromStored: accountOf,
  documentId: (event) => event.data.account_id,
  evolve: (doc, event) => ({ _id: event.data.account_id, account_id: event.data.account_id, session_version: Number(doc?.session_version ?? 0) + 1 }),
  push: (applied, realtime) => {
    for (const accountId of new Set(applied.map(({ event }) => event.data.account_id))) realtime.sessionsChanged?.(accountId);
  },
});
