import { beforeEach, describe, expect, it } from 'vitest';
import type { SignInResult } from '@acpg/contracts/identity';
import { memoryStorage, useKvStorage } from './kv.ts';
import { applySignIn, resetSession, session, updateSignedInUser } from './session.ts';

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  useKvStorage(storage);
  resetSession();
});

const signedIn = () =>
  applySignIn({ AccessToken: 'tok', role: ['Customer'], user: { id: 'u-1', full_name: 'Jane Doe', email: 'jane@example.com', user_type: [{ type: 'Customer' }], profile_img: null } } as SignInResult);

describe('updateSignedInUser (profile edits)', () => {
  it("updates 'user' and 'userData' in storage and in the store, keeping the roles", () => {
    signedIn();
    updateSignedInUser({ full_name: 'Jane Q. Doe', email: 'jq@example.com', profile_img: '/api/v1/profile-photos/p/384' });
    expect(JSON.parse(storage.dump().user!)).toEqual({ role: ['Customer'], full_name: 'Jane Q. Doe', profile_img: '/api/v1/profile-photos/p/384' });
    expect(JSON.parse(storage.dump().userData!)).toMatchObject({ id: 'u-1', full_name: 'Jane Q. Doe', email: 'jq@example.com' });
    expect(session.user?.full_name).toBe('Jane Q. Doe');
  });

  it('signs nobody in: without a signed-in user it writes nothing', () => {
    updateSignedInUser({ full_name: 'X', email: 'x@example.com', profile_img: null });
    expect(storage.dump()).toEqual({});
    expect(session.user).toBeNull();
  });
});
