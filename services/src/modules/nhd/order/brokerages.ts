import { ACCOUNT_BROKERAGE_EVENTS, nextAccountBrokerage, type AccountBrokerage } from '@acpg/contracts/identity';
import type { Platform } from '../../../platform/module.ts';
import { idField, localCopy } from '../../../platform/local-copies/define.ts';
import { readCopy } from '../../../platform/local-copies/read-copy.ts';

/**
 * nhd's copy of each account's brokerage (identity's `ACCOUNT_BROKERAGE_EVENTS`, folded by `nextAccountBrokerage`):
 * an order placed by an Agent or a Broker records the brokerage they work for at that moment.
 */
export const brokeragesCopy = localCopy<AccountBrokerage>({ module: 'nhd', of: 'brokerages', source: 'identity', events: ACCOUNT_BROKERAGE_EVENTS, idOf: idField('account_id'), next: nextAccountBrokerage });

/** The account's brokerage as nhd's copy has it (caught up with the log first), or null. */
export const brokerageOf = async (platform: Pick<Platform, 'documents' | 'caughtUp'>, accountId: string): Promise<string | null> => {
  const doc = await readCopy(platform, brokeragesCopy, accountId);
  return typeof doc?.brokerage_name === 'string' && doc.brokerage_name !== '' ? doc.brokerage_name : null;
};
