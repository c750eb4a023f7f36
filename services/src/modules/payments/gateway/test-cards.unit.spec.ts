import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@acpg/contracts/payments';
import { brandOf, cardExpired, luhnValid, testCardBehavior } from './test-cards.ts';

describe('test cards', () => {
  it('knows the four test cards', () => {
    expect(testCardBehavior(TEST_CARDS.declinedWhenCharged)).toBe('declined_when_charged');
    expect(testCardBehavior(TEST_CARDS.succeeds)).toBe('succeeds');
    expect(testCardBehavior(TEST_CARDS.declined)).toBe('declined');
    expect(testCardBehavior(TEST_CARDS.requiresAction)).toBe('requires_action');
  });
  it('takes no other number, valid or not', () => {
    expect(testCardBehavior('5555555555554444')).toBeNull(); // a valid Mastercard test number, not this gateway's
    expect(testCardBehavior('4242424242424241')).toBeNull();
  });
  it('checks Luhn and names the brand', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424243')).toBe(false);
    expect(brandOf('4242424242424242')).toBe('visa');
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('378282246310005')).toBe('amex');
  });
  it('a card is good through the end of its expiry month', () => {
    expect(cardExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(cardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(cardExpired(12, 2026, new Date('2026-12-31T12:00:00Z'))).toBe(false);
    expect(cardExpired(12, 2026, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});
