import { describe, expect, it } from 'vitest';
import { providerMemberKey } from '@acpg/contracts/provider-users';
import { DomainError } from '../commands/domain-error.ts';
import { providerMembersCopy, withinScope } from '../local-copies/provider-members.ts';
import { ownedThing, type MembersPlatform } from './access.ts';

/** A module's copy of provider members holding `members` (provider id → account ids), always caught up. */
const copyHolding = (members: Record<string, string[]>): MembersPlatform => {
  const keys = new Set(Object.entries(members).flatMap(([provider, accounts]) => accounts.map((account) => providerMemberKey(provider, account))));
  const collection = providerMembersCopy('things').collection;
  return {
    caughtUp: async () => undefined,
    documents: {
      get: async (c: string, id: string) => (c === collection && keys.has(id) ? { _id: id } : null),
    },
  } as unknown as MembersPlatform;
};

const thing = ownedThing<{ owner: string }>({ code: 'THING', noun: 'thing', ownerOf: (t) => t.owner, providers: 'things' });
const platform = copyHolding({ 'prov-a': ['member-a'], 'prov-b': ['member-b'] });
const adminOf = (providerId: string) => ({ userId: `admin-${providerId}`, roles: ['Provider Admin' as const], providerId });
const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, code: error.code, message: error.message };
    throw error;
  }
  return null;
};

describe('ownedThing: a Provider Admin sees its provider’s users’ things and acts on none', () => {
  it('sees a member’s thing, not another provider’s member’s, nor a stranger’s (the 404 of an unknown id)', async () => {
    expect(await thing.maySee(platform, adminOf('prov-a'), { owner: 'member-a' })).toBe(true);
    expect(await thing.maySee(platform, adminOf('prov-a'), { owner: 'member-b' })).toBe(false);
    expect(await thing.maySee(platform, adminOf('prov-a'), { owner: 'stranger' })).toBe(false);
    const unknown = await refusal(() => thing.seen(platform, adminOf('prov-a'), null));
    expect(unknown).toEqual({ kind: 'not_found', code: 'THING_NOT_FOUND', message: 'This thing was not found.' });
    expect(await refusal(() => thing.seen(platform, adminOf('prov-a'), { owner: 'member-b' }))).toEqual(unknown);
    expect(await thing.seen(platform, adminOf('prov-a'), { owner: 'member-a' })).toEqual({ owner: 'member-a' });
  });

  it('a token without a provider, another role with a provider, or a thing without `providers`: owner and overseers only', async () => {
    expect(await thing.maySee(platform, { userId: 'x', roles: ['Provider Admin'] }, { owner: 'member-a' })).toBe(false);
    expect(await thing.maySee(platform, { userId: 'x', roles: ['Customer'], providerId: 'prov-a' }, { owner: 'member-a' })).toBe(false);
    const plain = ownedThing<{ owner: string }>({ code: 'THING', noun: 'thing', ownerOf: (t) => t.owner });
    expect(await plain.maySee(platform, adminOf('prov-a'), { owner: 'member-a' })).toBe(false);
    expect(await thing.maySee(platform, { userId: 'sa', roles: ['Super Admin'] }, { owner: 'member-b' })).toBe(true);
    expect(await thing.maySee(platform, { userId: 'member-b', roles: ['Customer'] }, { owner: 'member-b' })).toBe(true);
  });

  it('acting: the owner and the overseers; a Provider Admin who sees it 403, one who does not 404', async () => {
    expect(await thing.actable(platform, { userId: 'member-a', roles: ['Customer'] }, { owner: 'member-a' })).toEqual({ owner: 'member-a' });
    expect(await thing.actable(platform, { userId: 'sa', roles: ['Admin'] }, { owner: 'member-a' })).toEqual({ owner: 'member-a' });
    expect(await refusal(() => thing.actable(platform, adminOf('prov-a'), { owner: 'member-a' }))).toMatchObject({ kind: 'forbidden', code: 'THING_FORBIDDEN' });
    expect(await refusal(() => thing.actable(platform, adminOf('prov-a'), { owner: 'member-b' }))).toMatchObject({ kind: 'not_found', code: 'THING_NOT_FOUND' });
  });
});

describe('withinScope', () => {
  it('and’s a list’s filter with a scope; no scope is an empty page; an empty scope leaves the filter as it is', () => {
    expect(withinScope({ status: 'open' }, null)).toBeNull();
    expect(withinScope({ status: 'open' }, {})).toEqual({ status: 'open' });
    expect(withinScope({ account_id: 'x' }, { account_id: { $in: ['a'] } })).toEqual({ $and: [{ account_id: 'x' }, { account_id: { $in: ['a'] } }] });
  });
});
