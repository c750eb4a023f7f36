import { AccountRegistered } from '@acpg/contracts/identity';
import type { Doc } from '../../../platform/documents/port.ts';
import type { StoredEvent } from '../../../platform/event-store/port.ts';
import type { Projection } from '../../../platform/projections/port.ts';

export const ACCOUNTS_COLLECTION = 'accounts';

/**
 * Read model `accounts`: what admin lists and dashboards show. It holds no secret: sign-in reads the account stream
 * (strongly consistent, and the password hash never leaves the event store for a read model).
 */
export const accountsProjection: Projection = {
  name: 'identity.accounts',
  collection: ACCOUNTS_COLLECTION,
  handles: ['AccountRegistered'],
  indexes: ['email', 'roles', 'created_at'],
  documentId: (event: StoredEvent) => AccountRegistered.parse(event.data).account_id,
  evolve(doc: Doc | null, event: StoredEvent): Doc | null {
    switch (event.type) {
      case 'AccountRegistered': {
        const d = AccountRegistered.parse(event.data);
        return {
          ...(doc ?? {}),
          _id: d.account_id,
          id: d.account_id,
          email: d.email,
          full_name: d.full_name,
          roles: d.roles,
          phone_masked: d.phone_masked,
          profile_img: d.profile_img,
          created_at: event.occurredAt,
        };
      }
      default:
        return doc;
    }
  },
};
