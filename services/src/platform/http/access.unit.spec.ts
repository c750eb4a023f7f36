import { describe, expect, it } from 'vitest';
import { ownedThing } from './access.ts';

describe('an account’s things: who sees them (the role table’s overseers)', () => {
  const thing = ownedThing<{ owner: string }>({ code: 'ORDER', noun: 'order', ownerOf: (t) => t.owner });
  const theirs = { owner: 'member-1' };

  it('the owner, Super Admins and Admins (the Super Admin’s delegate) see it; nobody else', () => {
    expect(thing.mayAccess({ userId: 'member-1', roles: ['Customer'] }, theirs)).toBe(true);
    expect(thing.mayAccess({ userId: 'boss', roles: ['Super Admin'] }, theirs)).toBe(true);
    expect(thing.mayAccess({ userId: 'delegate', roles: ['Admin'] }, theirs)).toBe(true);
    for (const role of ['Customer', 'Professional', 'Sub User', 'Provider Admin'] as const) {
      expect(thing.mayAccess({ userId: 'someone-else', roles: [role] }, theirs), role).toBe(false);
      expect(() => thing.visible({ userId: 'someone-else', roles: [role] }, theirs), role).toThrow('This order was not found.');
    }
  });

  it('a thing seen by its owner only stays so for Admins too', () => {
    const own = ownedThing<{ owner: string }>({ code: 'CHECKOUT', noun: 'checkout', ownerOf: (t) => t.owner, seenByRoles: [] });
    expect(own.mayAccess({ userId: 'delegate', roles: ['Admin'] }, theirs)).toBe(false);
  });
});
