import { describe, expect, it } from 'vitest';
import { nextMemberContact } from './identity.ts';

const registered = { account_id: 'a1', email: 'ana@example.test', full_name: 'Ana Quill', roles: ['Super Admin'], phone_encrypted: 'secret', phone_masked: '+1415*******', profile_img: null };

describe('nextMemberContact (identity’s published fold for a module that follows members up)', () => {
  it('keeps name, email, masked phone and roles from the registration, never the encrypted phone', () => {
    const contact = nextMemberContact(null, { type: 'AccountRegistered', data: registered });
    expect(contact).toEqual({ full_name: 'Ana Quill', email: 'ana@example.test', phone_masked: '+1415*******', roles: ['Super Admin'] });
    expect(JSON.stringify(contact)).not.toContain('secret');
  });

  it('follows a new name, email and masked phone; ignores what it cannot read and events before the registration', () => {
    let contact = nextMemberContact(null, { type: 'AccountRegistered', data: registered });
    contact = nextMemberContact(contact, { type: 'AccountNameChanged', data: { account_id: 'a1', full_name: 'Ana Q. Quill', at: 't' } });
    contact = nextMemberContact(contact, { type: 'AccountEmailChanged', data: { account_id: 'a1', email: 'aq@example.test', previous_email: 'ana@example.test', at: 't' } });
    contact = nextMemberContact(contact, { type: 'AccountPhoneChanged', data: { account_id: 'a1', phone_encrypted: 'x', phone_masked: '+1650*******', at: 't' } });
    expect(contact).toEqual({ full_name: 'Ana Q. Quill', email: 'aq@example.test', phone_masked: '+1650*******', roles: ['Super Admin'] });
    expect(nextMemberContact(contact, { type: 'AccountPhoneChanged', data: { nope: true } })).toBe(contact);
    expect(nextMemberContact(null, { type: 'AccountNameChanged', data: { account_id: 'a1', full_name: 'X', at: 't' } })).toBeNull();
  });
});
