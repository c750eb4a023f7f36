import type { NhdOrderView, PlaceOrderForMemberBody } from '@acpg/contracts/nhd';
import type { Principal } from '../../../platform/auth/port.ts';
import type { CommandMeta } from '../../../platform/commands/handle-command.ts';
import { providerOfMember } from '../../../platform/local-copies/provider-members.ts';
import { requireVerifiedForMember } from '../../../platform/local-copies/verified-properties.ts';
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
  const providerId = await providerOfMember(platform, 'nhd', principal, accountId);
  await requireVerifiedForMember(platform, 'nhd', accountId, body.property_id);
  const { payer, ...order } = body;
  return placeOrder(platform, order, accountId, meta, { account_id: principal.userId, provider_id: providerId, payer });
};
