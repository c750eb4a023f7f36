import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { acceptPendingInvitation, confirmedProperties, forgetInvitation, invitationFromSearch, keepConfirmedProperties, keepInvitation, pendingInvitation } from './invitation.ts';

/** This tab's sessionStorage, as the browser has it (unit tests run in Node). */
const tabStorage = () => {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
};

describe('the invitation a sign-up carries', () => {
  let storage: ReturnType<typeof tabStorage>;
  beforeEach(() => {
    storage = tabStorage();
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it("keeps the link's token from ?invitation= for the rest of the sign-up, and forgets it", () => {
    expect(invitationFromSearch('?next=/x')).toBeNull();
    expect(invitationFromSearch('?invitation=abc.1.mac')).toEqual({ token: 'abc.1.mac' });
    // Later screens have no search: the kept one answers.
    expect(invitationFromSearch('')).toEqual({ token: 'abc.1.mac' });
    forgetInvitation();
    expect(pendingInvitation()).toBeNull();
  });

  it('keeps a typed code, and reads nothing from a value it did not write', () => {
    keepInvitation({ code: 'ABCDE12345' });
    expect(pendingInvitation()).toEqual({ code: 'ABCDE12345' });
    storage.setItem('acpg.sign-up.invitation', 'not json');
    expect(pendingInvitation()).toBeNull();
    storage.setItem('acpg.sign-up.invitation', JSON.stringify({ token: 42 }));
    expect(pendingInvitation()).toBeNull();
  });

  it('sends the checked properties with the acceptance, then forgets them with the invitation', async () => {
    keepInvitation({ token: 't.1.mac' });
    keepConfirmedProperties(['ca-scl-00007', 'ca-scl-00008']);
    expect(confirmedProperties()).toEqual(['ca-scl-00007', 'ca-scl-00008']);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ success: true, data: {}, message: 'You joined Lennar.' } as never);
    const joined = await acceptPendingInvitation();
    expect(post).toHaveBeenCalledWith('/provider-invitations/accept', { token: 't.1.mac', properties: ['ca-scl-00007', 'ca-scl-00008'] });
    expect(joined).toMatchObject({ ok: true, confirmed: 2, message: expect.stringContaining('You joined Lennar.') });
    expect(pendingInvitation()).toBeNull();
    expect(confirmedProperties()).toEqual([]);
    // None checked: the acceptance alone.
    keepInvitation({ code: 'ABCDE12345' });
    keepConfirmedProperties([]);
    await acceptPendingInvitation();
    expect(post).toHaveBeenLastCalledWith('/provider-invitations/accept', { code: 'ABCDE12345' });
    post.mockRestore();
  });
});
