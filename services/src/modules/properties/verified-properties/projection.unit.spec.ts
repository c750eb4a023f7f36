import { describe, expect, it } from 'vitest';
import { storedEvent } from '../../../../test/stored-event.ts';
import { toVerifiedProperty, verifiedPropertiesProjection } from './projection.ts';

const data = {
  verification_id: 'v1', account_id: 'a1', property_id: 'ca-scl-00007', address_line: '1234 Oak Street', city: 'San Jose',
  county: 'Santa Clara', state: 'CA', zip: '95125', apn: '123-45-678', verified_at: '2026-03-01T10:00:00.000Z',
};
const verified = (d: object = data, stream = 'properties-verification-v1') => storedEvent({ type: 'PropertyVerified', stream, data: d });

describe('verified properties projection', () => {
  it('given nothing, when PropertyVerified, then one document per account and property holds the property', () => {
    const event = verified();
    expect(verifiedPropertiesProjection.documentId(event)).toBe('a1:ca-scl-00007');
    const doc = verifiedPropertiesProjection.evolve(null, event);
    expect(doc).toEqual({ _id: 'a1:ca-scl-00007', ...data });
    const { account_id: _account, ...item } = data;
    expect(toVerifiedProperty(doc!)).toEqual({ ...item, method: null, source: null });
  });

  it('keeps how it was verified and who vouched (a provider)', () => {
    const doc = verifiedPropertiesProjection.evolve(null, verified({ ...data, method: 'provider', source: 'confirmed by provider Lennar' }, 'properties-ownership-a1-ca-scl-00007'));
    expect(toVerifiedProperty(doc!)).toMatchObject({ method: 'provider', source: 'confirmed by provider Lennar' });
  });

  it('given a verified property, when it is verified again, then the first verification stays', () => {
    const first = verifiedPropertiesProjection.evolve(null, verified());
    const second = verifiedPropertiesProjection.evolve(first, verified({ ...data, verification_id: 'v2', verified_at: '2026-03-02T10:00:00.000Z' }, 'properties-verification-v2'));
    expect(second).toBe(first);
  });

  it('ignores a PropertyVerified of another module’s stream and a malformed one (no document id)', () => {
    expect(verifiedPropertiesProjection.documentId(verified(data, 'identity-x'))).toBeNull();
    expect(verifiedPropertiesProjection.documentId(verified({ ...data, account_id: 7 }))).toBeNull();
  });

  it('is deterministic: the same event gives the same bytes (replay)', () => {
    expect(JSON.stringify(verifiedPropertiesProjection.evolve(null, verified()))).toBe(JSON.stringify(verifiedPropertiesProjection.evolve(null, verified())));
  });
});
