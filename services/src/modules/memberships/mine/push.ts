import { OVERSEER_ROLES } from '@acpg/contracts/role-permissions';
import { MEMBERSHIP_UPDATED_MESSAGE, MembershipUpdated } from '@acpg/contracts/memberships';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { MembershipEvent } from '../membership/events.ts';

/** The identity module's entity kind `account` (it authorizes `account:<id>`: the account itself and Super Admins). */
const ACCOUNT_ROOM = 'account';

/**
 * After a membership document is written: to its account's room, with the version and position the document
 * reflects. A document that does not fit the message is not pushed (the browser reads it on its next connect).
 */
export const pushMembership: ProjectionPush<MembershipEvent> = (applied, realtime) => {
  for (const { doc } of applied) {
    if (!doc) continue;
    const membership = MembershipUpdated.safeParse({ ...doc, id: doc._id, version: doc._version, position: doc._position });
    if (!membership.success) continue;
    realtime.toEntity(entityName(ACCOUNT_ROOM, membership.data.account_id), MEMBERSHIP_UPDATED_MESSAGE, membership.data);
    for (const role of OVERSEER_ROLES) realtime.toRole(role, MEMBERSHIP_UPDATED_MESSAGE, membership.data); // the admin memberships list
  }
};
