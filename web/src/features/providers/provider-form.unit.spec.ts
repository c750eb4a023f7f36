import { describe, expect, it } from 'vitest';
import { emptyProviderDraft, providerBodyOf, providerDraftOf, type ProviderDraft } from './provider-form.ts';

const filled: ProviderDraft = {
  name: ' Lennar ',
  kind: 'Homebuilder',
  contact_name: 'Pat Lee',
  contact_email: 'Pat@Lennar.example',
  contact_phone: '(415) 555-0123',
  line1: '1 Market St',
  line2: '',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
};

describe('provider form', () => {
  it('builds the body: trimmed, email in lower case, the phone in E.164 (+1 by default), no empty line 2', () => {
    expect(providerBodyOf(filled)).toEqual({
      ok: true,
      body: {
        name: 'Lennar',
        kind: 'Homebuilder',
        contact: { name: 'Pat Lee', email: 'pat@lennar.example', phone: '+14155550123' },
        address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
      },
    });
    expect(providerBodyOf({ ...filled, contact_phone: '' })).toMatchObject({ ok: true, body: { contact: { phone: null } } });
  });

  it('names every field to fix', () => {
    const result = providerBodyOf(emptyProviderDraft());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(['city', 'contact_email', 'contact_name', 'kind', 'line1', 'name', 'state', 'zip']);
    const phone = providerBodyOf({ ...filled, contact_phone: '+1 415 000 0000' });
    expect(phone.ok ? null : phone.errors).toEqual({ contact_phone: expect.stringContaining('valid phone') });
  });

  it('shows a saved phone as the rest of the app does (+1 (415) 555-0123), and saves it back unchanged', () => {
    const view = {
      id: 'p1',
      name: 'Lennar',
      kind: 'Homebuilder',
      contact: { name: 'Pat Lee', email: 'pat@lennar.example', phone: '+14155550123' },
      address: { line1: '1 Market St', line2: null, city: 'San Francisco', state: 'CA', zip: '94105' },
      status: 'active',
      logo: null,
      admin_count: 0,
      created_at: '2026-03-01T10:00:00.000Z',
      version: 1,
    } as unknown as Parameters<typeof providerDraftOf>[0];
    const draft = providerDraftOf(view);
    expect(draft.contact_phone).toBe('+1 (415) 555-0123');
    expect(providerBodyOf(draft)).toMatchObject({ ok: true, body: { contact: { phone: '+14155550123' } } });
    expect(providerDraftOf({ ...view, contact: { ...view.contact, phone: null } }).contact_phone).toBe('');
  });
});
