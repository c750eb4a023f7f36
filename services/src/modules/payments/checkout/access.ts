import { ownedThing } from '../../../platform/http/access.ts';
import type { CheckoutState } from './decider.ts';

/**
 * A checkout is its payer's alone (`platform/http/access.ts`): another account's checkout id is answered as an unknown
 * one, and a Pay that reuses it gets the very refusal the payer's own repeat with another plan, order, card or promo code
 * gets (409 CHECKOUT_MISMATCH), so it is never told apart.
 */
export const checkouts = ownedThing<Exclude<CheckoutState, { status: 'none' }>>({
  code: 'CHECKOUT',
  noun: 'checkout',
  ownerOf: (checkout) => checkout.started.account_id,
  seenByRoles: [],
});
