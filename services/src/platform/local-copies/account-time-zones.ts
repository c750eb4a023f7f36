import { ACCOUNT_TIME_ZONE_EVENTS, DEFAULT_TIME_ZONE, nextAccountTimeZone, type AccountTimeZone } from '@acpg/contracts/time-zones';
import type { Platform } from '../module.ts';
import type { Projection } from '../projections/port.ts';
import { idField, localCopy } from './define.ts';
import { readCopy } from './read-copy.ts';

/**
 * A module's own copy of each account's time zone, kept from identity's `AccountTimeZoneSet` (folded by identity's
 * published `nextAccountTimeZone`): a module that writes to people (emails, texts, PDFs, refusals) dates what it writes
 * in the recipient's zone. Declare it in the module's projections and `ACCOUNT_TIME_ZONE_EVENTS` in its `consumes`.
 */
export const accountTimeZonesCopy = (module: string): Projection => {
  let copy = copies.get(module);
  if (!copy) {
    copy = localCopy<AccountTimeZone>({ module, of: 'account_time_zones', source: 'identity', events: ACCOUNT_TIME_ZONE_EVENTS, idOf: idField('account_id'), next: nextAccountTimeZone });
    copies.set(module, copy);
  }
  return copy;
};
const copies = new Map<string, Projection>();

/**
 * The account's time zone from `module`'s copy (caught up with the log first); an account that never sent one (older
 * accounts, a client that sent none) and an unknown id answer `DEFAULT_TIME_ZONE`.
 */
export const timeZoneOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, module: string, accountId: string): Promise<string> => {
  const doc = await readCopy(platform, accountTimeZonesCopy(module), accountId);
  return typeof doc?.time_zone === 'string' ? doc.time_zone : DEFAULT_TIME_ZONE;
};
