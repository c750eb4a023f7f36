import { describe, expect, it } from 'vitest';
import { evenShares, rowErrors, sharesWithOneMore, toBeneficiaries, totalShare, type BeneficiaryRow } from './beneficiaries.ts';

const row = (over: Partial<BeneficiaryRow> = {}): BeneficiaryRow => ({ key: 1, full_name: 'Ann Lee', relationship: 'Daughter', email: '', share: '100', ...over });

describe('beneficiaries form', () => {
  it('answers the body when every row is right and the shares add up to 100', () => {
    expect(toBeneficiaries([row({ share: '60' }), row({ key: 2, full_name: 'Bo Lee', relationship: 'Son', email: 'Bo@Example.com', share: '40' })])).toEqual([
      { full_name: 'Ann Lee', relationship: 'Daughter', share_percent: 60 },
      { full_name: 'Bo Lee', relationship: 'Son', email: 'bo@example.com', share_percent: 40 },
    ]);
  });
  it('refuses shares that do not add up to 100, and no beneficiary at all', () => {
    expect(toBeneficiaries([row({ share: '60' }), row({ key: 2, share: '30' })])).toBeNull();
    expect(totalShare([row({ share: '60' }), row({ key: 2, share: '30' })])).toBe(90);
    expect(toBeneficiaries([])).toBeNull();
  });
  it('says what is wrong in a row', () => {
    expect(rowErrors(row({ full_name: ' ', relationship: '', email: 'nope', share: '12.5' }))).toEqual({
      full_name: 'Enter the full name',
      relationship: 'Enter the relationship',
      email: 'Enter a valid email address, or leave it empty',
      share: 'Enter a whole percent from 1 to 100',
    });
    expect(rowErrors(row({ share: '0' })).share).toBeDefined();
    expect(rowErrors(row({ share: '101' })).share).toBeDefined();
  });
  it('splits shares evenly, keeping the total at 100', () => {
    expect(evenShares(1)).toEqual(['100']);
    expect(evenShares(3)).toEqual(['34', '33', '33']);
    expect(evenShares(3).reduce((a, b) => a + Number(b), 0)).toBe(100);
  });
});

describe('adding a beneficiary', () => {
  const shares = (...list: string[]) => list.map((share) => ({ share }));
  it('splits evenly again while the shares are still the even split', () => {
    expect(sharesWithOneMore(shares('100'))).toEqual(['50', '50']);
    expect(sharesWithOneMore(shares('50', '50'))).toEqual(['34', '33', '33']);
  });
  it('keeps the shares the person typed and gives the new one what is left', () => {
    expect(sharesWithOneMore(shares('60'))).toEqual(['60', '40']);
    expect(sharesWithOneMore(shares('60', '40'))).toEqual(['60', '40', '0']);
    expect(sharesWithOneMore(shares('70', '50'))).toEqual(['70', '50', '0']);
    expect(sharesWithOneMore(shares('', '25'))).toEqual(['', '25', '75']);
  });
});
