import { TEST_CARDS, type CardBrand } from '@acpg/contracts/payments';

/**
 * What the test gateway does with a card: charge it, decline it (its zero-amount check too), ask for the second
 * confirmation step first, or pass the zero-amount check and decline the charges (a card that fails later).
 */
export type TestCardBehavior = 'succeeds' | 'declined' | 'requires_action' | 'declined_when_charged';

const BEHAVIORS: ReadonlyMap<string, TestCardBehavior> = new Map([
  [TEST_CARDS.succeeds, 'succeeds'],
  [TEST_CARDS.declined, 'declined'],
  [TEST_CARDS.requiresAction, 'requires_action'],
  [TEST_CARDS.declinedWhenCharged, 'declined_when_charged'],
]);

/** Luhn checksum of a digit string. */
export const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
};

export const brandOf = (digits: string): CardBrand => {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
};

/** The test gateway's behavior for a card number (digits only), or null for a number it does not accept. */
export const testCardBehavior = (digits: string): TestCardBehavior | null => (luhnValid(digits) ? (BEHAVIORS.get(digits) ?? null) : null);

/** A card expires at the end of its expiry month (UTC). */
export const cardExpired = (expMonth: number, expYear: number, now: Date): boolean =>
  now.getTime() >= Date.UTC(expYear, expMonth, 1); // month index expMonth is the month after expiry
