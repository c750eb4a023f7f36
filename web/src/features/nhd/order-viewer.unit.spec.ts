import { describe, expect, it } from 'vitest';
import { takesOrderSteps } from './order-viewer.ts';

const order = { account_id: 'm1' };

describe('who takes the steps of an NHD order on its page', () => {
  it('the owner and a Super Admin do', () => {
    expect(takesOrderSteps(order, 'm1', ['Member'])).toBe(true);
    expect(takesOrderSteps(order, 'sa1', ['Super Admin'])).toBe(true);
  });

  it("a Provider Admin on its user's order does not (no Withdraw link, Pay, Cancel, Close: the server answers 403)", () => {
    expect(takesOrderSteps(order, 'pa1', ['Provider Admin'])).toBe(false);
    expect(takesOrderSteps(order, 'pa1', ['Provider Admin', 'Member'])).toBe(false);
  });

  it('nobody signed in does', () => {
    expect(takesOrderSteps(order, null, null)).toBe(false);
  });
});
