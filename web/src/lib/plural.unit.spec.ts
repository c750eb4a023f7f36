import { describe, expect, it } from 'vitest';
import { countOf, nounFor } from './plural.ts';

const PROPERTY = { one: 'property', other: 'properties' };

describe('countOf', () => {
  it('uses the singular for one and the plural otherwise, never a plural with its "s" cut off', () => {
    expect(countOf(1, PROPERTY)).toBe('1 property');
    expect(countOf(0, PROPERTY)).toBe('0 properties');
    expect(countOf(2, PROPERTY)).toBe('2 properties');
    expect(countOf(1, { one: 'claim', other: 'claims' })).toBe('1 claim');
    expect(countOf(1, { one: 'promo code', other: 'promo codes' })).toBe('1 promo code');
  });

  it('groups thousands as US English does', () => {
    expect(countOf(1250, { one: 'claim', other: 'claims' })).toBe('1,250 claims');
  });
});

describe('nounFor', () => {
  it('answers the form alone', () => {
    expect(nounFor(1, PROPERTY)).toBe('property');
    expect(nounFor(3, PROPERTY)).toBe('properties');
  });
});
