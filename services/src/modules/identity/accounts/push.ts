import { ACCOUNT_UPDATED_MESSAGE, AccountUpdated } from '@acpg/contracts/identity';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { AccountEvent } from '../account/decider.ts';
import { ACCOUNT_ROOM } from './room.ts';

/**
 * After the account document is written: to its room, with the version and position the document reflects. A document
 * that does not fit the message (an account written before a field existed) is not pushed, and the rest of the batch
 * still is: the browser reads it on its next (re)connect.
 */
export const pushAccount: ProjectionPush<AccountEvent> = (applied, realtime) => {
  for (const { doc } of applied) {
    if (!doc) continue;
    const account = AccountUpdated.safeParse({ ...doc, version: doc._version, position: doc._position });
    if (!account.success) continue;
    realtime.toEntity(entityName(ACCOUNT_ROOM, account.data.id), ACCOUNT_UPDATED_MESSAGE, account.data);
  }
};
