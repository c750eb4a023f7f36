import type { NhdOrderView } from '@acpg/contracts/nhd';
import { allowed } from '../../lib/roles.ts';

/**
 * Whether the one viewing an order takes its steps (pay, cancel, close, withdraw the emailed report links): its owner and
 * the overseers (nhd.oversee). A Provider Admin reads its provider's users' orders but takes none of their steps (the
 * server answers 403), so the order page shows it none of those buttons.
 */
export function takesOrderSteps(order: Pick<NhdOrderView, 'account_id'>, viewerId: string | null, roles: readonly string[] | null | undefined): boolean {
  return viewerId !== null && (order.account_id === viewerId || allowed(roles, 'nhd.oversee'));
}
