import { defineProjection } from '../../../platform/projections/define.ts';
import { toAccountEvent } from '../account/decider.ts';
import { pushAccount } from './push.ts';

export const ACCOUNTS_COLLECTION = 'accounts';

/**
 * Read model `accounts`: what admin lists and dashboards show. It holds no secret: sign-in reads the account stream
 * (strongly consistent, and the password hash never leaves the event store for a read model). Each change is
 * pushed to the room `account:<id>` (push.ts, room.ts).
 */
export const accountsProjection = defineProjection({
  name: 'identity.accounts',
  collection: ACCOUNTS_COLLECTION,
  handles: ['AccountRegistered', 'AccountNameChanged', 'AccountEmailChanged', 'AccountPhoneChanged', 'AccountPhotoChanged', 'AccountPhotoRemoved', 'AccountRolesChanged'],
  indexes: ['email', 'roles', 'created_at'],
  fromStored: toAccountEvent,
  documentId: (event) => event.data.account_id,
  evolve: (doc, event, stored) => {
    switch (event.type) {
      case 'AccountRegistered': {
        const d = event.data;
        return {
          ...(doc ?? {}),
          _id: d.account_id,
          id: d.account_id,
          email: d.email,
          full_name: d.full_name,
          roles: d.roles,
          phone_masked: d.phone_masked,
          profile_img: d.profile_img,
          created_at: stored.occurredAt,
        };
      }
      // Profile changes (account/profile-changes.ts): only an account already in the read model changes.
      case 'AccountNameChanged':
        return doc ? { ...doc, full_name: event.data.full_name } : doc;
      case 'AccountEmailChanged':
        return doc ? { ...doc, email: event.data.email } : doc;
      case 'AccountPhoneChanged':
        return doc ? { ...doc, phone_masked: event.data.phone_masked } : doc;
      case 'AccountPhotoChanged':
        return doc ? { ...doc, profile_img: event.data.profile_img } : doc;
      case 'AccountPhotoRemoved':
        return doc ? { ...doc, profile_img: null } : doc;
      case 'AccountRolesChanged':
        return doc ? { ...doc, roles: event.data.roles, provider_id: event.data.provider_id } : doc;
      default:
        return doc;
    }
  },
  push: pushAccount,
});
