import type { NhdOrderView, PlaceOrderBody } from '@acpg/contracts/nhd';
import type { PlacedBy } from '@acpg/contracts/on-behalf';
import { handleCommand, isAlreadyExists, loadStream, type CommandMeta } from '../../../platform/commands/handle-command.ts';
import { brokerageOf } from './brokerages.ts';
import type { Principal } from '../../../platform/auth/port.ts';
import { ownedThing, type MembersPlatform } from '../../../platform/http/access.ts';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import type { Platform } from '../../../platform/module.ts';
import { propertyData } from '../../../platform/property-data/select.ts';
import { orders as orderEntity } from '../orders/entity.ts';
import { reportTypeByCode } from '../report-types/routes.ts';
import { allocateNumber } from '../../../platform/commands/human-numbers.ts';
import { ORDER_NUMBERS } from './number.ts';
import { orderDecider, orderStream, type OrderCommand, type OrderState, type PlacedOrder } from './decider.ts';

/**
 * Its owner's and Super Admins' (a Provider Admin of the owner's provider sees it, without acting on it): anyone else is
 * answered as for an order that does not exist (`platform/http/access.ts`).
 */
const orders = ownedThing<PlacedOrder>({ code: 'ORDER', noun: 'order', ownerOf: (order) => order.placed.account_id, providers: 'nhd' });

export const loadOrder = async (platform: Pick<Platform, 'eventStore'>, orderId: string): Promise<OrderState> =>
  (await loadStream(platform.eventStore, orderStream(orderId), orderDecider)).state;

/** Who may see an order: its owner and Super Admins. */
export const mayAccessOrder = orders.mayAccess;

/** The order, or 404 ORDER_NOT_FOUND both when there is none and when the caller may not see it. */
export const accessibleOrder = async (platform: Pick<Platform, 'eventStore'> & MembersPlatform, orderId: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<PlacedOrder> => {
  const state = await loadOrder(platform, orderId);
  return orders.seen(platform, principal, state.status === 'none' ? null : state);
};

/** The order for a step on it (close, cancel, withdraw links): its owner's or an overseer's; a Provider Admin who sees it: 403. */
export const actableOrder = async (platform: Pick<Platform, 'eventStore'> & MembersPlatform, orderId: string, principal: Pick<Principal, 'userId' | 'roles' | 'providerId'>): Promise<PlacedOrder> => {
  const state = await loadOrder(platform, orderId);
  return orders.actable(platform, principal, state.status === 'none' ? null : state);
};

/** A command's answer: the order as it stands after the command, with the version it wrote (`Entity.writtenView`). */
export const orderView = (platform: Pick<Platform, 'eventStore'>, orderId: string): Promise<NhdOrderView> => orderEntity.writtenView(platform, orderId);

/** Runs one command on the order (refused in words by the decider when the order's status does not allow it). */
export const runOrderCommand = async (platform: Pick<Platform, 'eventStore'>, orderId: string, command: OrderCommand) =>
  handleCommand(platform.eventStore, orderStream(orderId), orderDecider, command, { retries: 5 });

const sameContents = (order: PlacedOrder, body: PlaceOrderBody, placedBy: PlacedBy | undefined) => {
  const placed = order.placed;
  // Placed by the owner, or by the same Provider Admin with the same payer (`for-member.ts`).
  if (placed.placed_by?.account_id !== placedBy?.account_id || placed.placed_by?.payer !== placedBy?.payer) return false;
  const recipients = (list: readonly { email: string; name: string; role: string }[]) => JSON.stringify(list.map((r) => [r.email, r.name, r.role]));
  const escrow = (list: PlaceOrderBody['escrow_users']) => JSON.stringify(list.map((e) => [e.company, e.officer, e.escrow_number, e.email ?? null]));
  return (
    placed.property.property_id === body.property_id &&
    placed.report_type.code === body.report_type &&
    recipients(placed.recipients) === recipients(body.recipients) &&
    escrow(placed.escrow_users) === escrow(body.escrow_users)
  );
};

/**
 * Places an order once per `order_id`: the property from the property data, the report type's price now. The same
 * order sent again (double click, a lost answer) answers the order; other contents or another account's id are one and
 * the same refusal (409 ORDER_MISMATCH), so another account's id is never told apart from the caller's own. `placedBy`:
 * a Provider Admin places it for the owner `accountId` (`for-member.ts`), and who pays.
 */
export const placeOrder = async (platform: Platform, body: PlaceOrderBody, accountId: string, meta: CommandMeta, placedBy?: PlacedBy): Promise<{ view: NhdOrderView; created: boolean }> => {
  const existing = await loadOrder(platform, body.order_id);
  if (existing.status !== 'none') {
    orders.repeatOf(accountId, existing, (order) => sameContents(order, body, placedBy));
    return { view: await orderView(platform, body.order_id), created: false };
  }
  const property = await propertyData().findById(body.property_id);
  if (!property) throw new DomainError('invalid', 'PROPERTY_NOT_FOUND', 'This property was not found. Search for the address again.', [{ path: 'property_id', message: 'Choose a property from the search' }]);
  const type = await reportTypeByCode(platform, body.report_type);
  if (!type?.is_active) throw new DomainError('invalid', 'REPORT_TYPE_NOT_FOUND', 'This report type is not offered. Choose another report type.', [{ path: 'report_type', message: 'Choose a report type on offer' }]);
  // Given only to an order about to be placed; a place lost to a concurrent click leaves a gap, never a repeat.
  const brokerage = placedBy ? null : await brokerageOf(platform, accountId);
  const number = await allocateNumber(platform.eventStore, ORDER_NUMBERS, body.order_id, meta);
  const data = {
    order_id: body.order_id,
    number: number.label,
    account_id: accountId,
    property: { property_id: property.id, address_line: property.address_line, city: property.city, county: property.county, state: property.state, zip: property.zip, apn: property.apn },
    report_type: { code: type.code, name: type.name },
    amount_cents: type.price_cents,
    recipients: body.recipients.map((r, index) => ({ ...r, recipient_id: `r${index + 1}` })),
    escrow_users: body.escrow_users,
    ...(brokerage ? { brokerage_name: brokerage } : {}),
    ...(placedBy ? { placed_by: placedBy } : {}),
  };
  try {
    await handleCommand(platform.eventStore, orderStream(body.order_id), orderDecider, { type: 'PlaceOrder', data, metadata: meta }, { newStream: true });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    return placeOrder(platform, body, accountId, meta, placedBy); // the other click placed it a moment ago: answer as a repeat
  }
  return { view: await orderView(platform, body.order_id), created: true };
};
