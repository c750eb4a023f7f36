import type { NhdOrderView, PlaceOrderForMemberBody } from '@acpg/contracts/nhd';
import type { Principal } from '../../../platform/auth/port.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { isMemberOf, providerAdminOf } from '../../../platform/local-copies/provider-members.ts';
import { verifiedByAccount } from '../../../platform/local-copies/verified-properties.ts';
import type { Platform } from '../../../platform/module.ts';
import { placeOrder } from './commands.ts';

/**
 * A Provider Admin orders an NHD report of one of its provider's users' verified properties for them: the order is the
 * user's (`account_id`), its `NhdOrderPlaced` says who placed it and who pays (`placed_by`). Refused, with nothing
 * written, for a user who is not the provider's now (404 PROVIDER_USER_NOT_FOUND, as an unknown id) and a property not
 * verified for the user (400 PROPERTY_NOT_VERIFIED). The same order again answers it (`placeOrder`).
 */
export const placeOrderForMember = async (
  platform: Platform,
  principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>,
  accountId: string,
  body: PlaceOrderForMemberBody,
  meta: CommandMeta,
): Promise<{ view: NhdOrderView; created: boolean }> => {
  const providerId = providerAdminOf(principal);
  if (!providerId || !(await isMemberOf(platform, 'nhd', providerId, accountId))) {
    throw new DomainError('not_found', 'PROVIDER_USER_NOT_FOUND', 'This user was not found among your provider’s users.');
  }
  if (!(await verifiedByAccount(platform, 'nhd', accountId, body.property_id))) {
    throw new DomainError('invalid', 'PROPERTY_NOT_VERIFIED', 'This property is not verified as this user’s. Choose one of their verified properties.', [{ path: 'property_id', message: 'Choose one of the user’s verified properties' }]);
  }
  const { payer, ...order } = body;
  return placeOrder(platform, order, accountId, meta, { account_id: principal.userId, provider_id: providerId, payer });
};
