import { describe, expect, it } from 'vitest';
import type { ProviderDetails } from '@acpg/contracts/providers';
import { evolveProviderRow, toProviderView } from './projection.ts';

const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-02T10:00:00.000Z';
const DETAILS: ProviderDetails = {
  name: 'Lennar',
  kind: 'Homebuilder',
  contact: { name: 'Pat Lee', email: 'pat@lennar.example', phone: null },
  address: { line1: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
};

describe('providers read model', () => {
  it('keeps a row per provider: details, search text, logo, status and Provider Admins', () => {
    let doc = evolveProviderRow(null, { type: 'ProviderCreated', data: { provider_id: 'p1', ...DETAILS, by: 'admin', at: AT } });
    expect(doc).toMatchObject({ _id: 'p1', name: 'Lennar', search_text: 'lennar', status: 'active', admin_count: 0, created_at: AT });
    doc = evolveProviderRow(doc, { type: 'ProviderEdited', data: { provider_id: 'p1', ...DETAILS, name: 'Lennar Homes', by: 'admin', at: LATER } });
    expect(doc).toMatchObject({ name: 'Lennar Homes', search_text: 'lennar homes', updated_at: LATER });
    doc = evolveProviderRow(doc, { type: 'ProviderAdminAppointed', data: { provider_id: 'p1', account_id: 'a1', appointed_by: 'admin', at: LATER } });
    doc = evolveProviderRow(doc, { type: 'ProviderAdminAppointed', data: { provider_id: 'p1', account_id: 'a2', appointed_by: 'admin', at: LATER } });
    doc = evolveProviderRow(doc, { type: 'ProviderAdminRemoved', data: { provider_id: 'p1', account_id: 'a1', appointed_by: 'admin', at: LATER } });
    expect(doc).toMatchObject({ admin_ids: ['a2'], admin_count: 1 });
    doc = evolveProviderRow(doc, { type: 'ProviderDeactivated', data: { provider_id: 'p1', by: 'admin', at: LATER } });
    doc = evolveProviderRow(doc, { type: 'ProviderLogoChanged', data: { provider_id: 'p1', logo_id: 'l1', widths: [64, 128], by: 'admin', at: LATER } });
    const view = toProviderView({ ...doc!, _version: 7, _position: 42 });
    expect(view).toMatchObject({ id: 'p1', status: 'deactivated', admin_count: 1, version: 7, position: 42 });
    expect(view.logo).toEqual({ url: '/api/v1/provider-logos/l1/128', srcset: '/api/v1/provider-logos/l1/64 64w, /api/v1/provider-logos/l1/128 128w' });
  });

  it('ignores a change to a provider it never saw created', () => {
    expect(evolveProviderRow(null, { type: 'ProviderDeactivated', data: { provider_id: 'p9', by: 'admin', at: AT } })).toBeNull();
  });
});
