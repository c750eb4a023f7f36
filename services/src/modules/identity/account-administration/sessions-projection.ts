import type { StoredEvent } from '../../../platform/event-store/port.ts';
import { ownEvents } from '../../../platform/commands/own-events.ts';
import { defineProjection } from '../../../platform/projections/define.ts';
import type { SessionEvent } from '../session/decider.ts';

export const SESSIONS_COLLECTION = 'identity_sessions';

const toSessionEvent = ownEvents<SessionEvent>(['SessionStarted', 'SessionRefreshed', 'SessionReuseDetected', 'SessionEnded']);

/**
 * Read model `identity_sessions`: one document per session (refresh-token family), for the account's page: when it
 * started, was last used and runs out, its device, whether it is still active. Never a token digest. Whether the
 * account ended it since (a password or role change, a suspension) is read from the account when listed.
 */
export const sessionsProjection = defineProjection({
  name: 'identity.sessions',
  collection: SESSIONS_COLLECTION,
  handles: ['SessionStarted', 'SessionRefreshed', 'SessionReuseDetected', 'SessionEnded'],
  indexes: ['account_id'],
  fromStored: (stored: StoredEvent) => toSessionEvent(stored),
  documentId: (event) => event.data.session_id,
  evolve: (doc, event) => {
    switch (event.type) {
      case 'SessionStarted': {
        const d = event.data;
        return {
          _id: d.session_id,
          session_id: d.session_id,
          account_id: d.account_id,
          started_at: d.started_at,
          last_used_at: d.started_at,
          expires_at: d.expires_at,
          device: d.user_agent ?? null,
          status: 'active',
        };
      }
      case 'SessionRefreshed':
        return doc ? { ...doc, last_used_at: event.data.refreshed_at, expires_at: event.data.expires_at } : doc;
      case 'SessionReuseDetected':
        return doc ? { ...doc, status: 'revoked' } : doc;
      case 'SessionEnded':
        return doc ? { ...doc, status: 'ended' } : doc;
      default:
        return doc;
    }
  },
});
