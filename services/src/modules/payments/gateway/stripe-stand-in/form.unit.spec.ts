import { describe, expect, it } from 'vitest';
import { parseForm } from './form.ts';

describe("the stand-in reads Stripe's form bodies", () => {
  it('nests bracketed keys and makes numbered keys arrays', () => {
    const body = 'amount=6400&metadata%5Bcheckout_id%5D=c1&metadata%5Baccount_id%5D=a1&automatic_payment_methods%5Benabled%5D=true&expand%5B0%5D=customer&expand%5B1%5D=latest_charge';
    expect(parseForm(body)).toEqual({ amount: '6400', metadata: { checkout_id: 'c1', account_id: 'a1' }, automatic_payment_methods: { enabled: 'true' }, expand: ['customer', 'latest_charge'] });
  });
  it('an empty body is an empty object', () => {
    expect(parseForm('')).toEqual({});
  });
});
