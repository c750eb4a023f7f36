import type { PaymentView } from '@acpg/contracts/payments';
import type { Platform } from '../../../platform/module.ts';
import { chargeRows } from '../charges/projection.ts';
import { checkoutStream } from '../checkout/decider.ts';

/**
 * One charge as the `payments_charges` row reads, folded from the checkout's own stream: right after Pay the row may
 * not be written yet, the stream always is. Its `version` and `position` are those the row will have, so the page
 * merges it with `payment.updated` pushes by version. Null when there is no such checkout.
 */
export const chargeFromStream = async (platform: Pick<Platform, 'eventStore'>, checkoutId: string): Promise<PaymentView | null> =>
  chargeRows.fromStream(await platform.eventStore.readStream(checkoutStream(checkoutId)));
