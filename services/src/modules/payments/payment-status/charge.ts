import type { PaymentView } from '@acpg/contracts/payments';
import type { Doc } from '../../../platform/documents/port.ts';
import type { Platform } from '../../../platform/module.ts';
import { chargesProjection, toPaymentView } from '../charges/projection.ts';
import { checkoutStream } from '../checkout/decider.ts';

/**
 * One charge as the `payments_charges` row reads, folded from the checkout's own stream (the projection's `evolve`):
 * right after Pay the row may not be written yet, the stream always is. Its `version` and `position` are those the
 * row will have, so the page merges it with `payment.updated` pushes by version. Null when there is no such checkout.
 */
export const chargeFromStream = async (platform: Pick<Platform, 'eventStore'>, checkoutId: string): Promise<PaymentView | null> => {
  const history = await platform.eventStore.readStream(checkoutStream(checkoutId));
  let doc: Doc | null = null;
  for (const event of history) doc = chargesProjection.evolve(doc, event);
  const last = history.at(-1);
  if (!doc || !last) return null;
  return toPaymentView({ ...doc, _version: last.version, _position: last.position });
};
