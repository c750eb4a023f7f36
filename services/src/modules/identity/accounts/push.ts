import { ACCOUNT_UPDATED_MESSAGE, AccountUpdated } from '@acpg/contracts/identity';
import type { ProjectionPush } from '../../../platform/projections/define.ts';
import { entityName } from '../../../platform/realtime/rooms.ts';
import type { AccountEvent } from '../account/decider.ts';
import { ACCOUNT_ROOM } from './room.ts';

/** After the account document is written: to its room, with the version and position the document reflects. */
export const pushAccount: ProjectionPush<AccountEvent> = (applied, realtime) => {
  for (const { doc } of applied) {
    if (!doc) continue;
    const account = AccountUpdated.parse({ ...doc, version: doc._version, position: doc._position });
    realtime.toEntity(entityName(ACCOUNT_ROOM, account.id), ACCOUNT_UPDATED_MESSAGE, account);
  }
};
