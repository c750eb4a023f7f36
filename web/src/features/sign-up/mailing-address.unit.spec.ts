import { describe, expect, it } from 'vitest';
import { addressProblems, toMailingAddress } from './mailing-address.ts';

describe('another mailing address', () => {
  it('answers the address without an empty second line', () => {
    expect(toMailingAddress({ line1: ' 12 Oak St ', line2: ' ', city: 'Fresno', state: 'CA', zip: '93701' })).toEqual({ line1: '12 Oak St', city: 'Fresno', state: 'CA', zip: '93701' });
    expect(toMailingAddress({ line1: '12 Oak St', line2: 'Apt 4', city: 'Reno', state: 'NV', zip: '89501-1234' })?.line2).toBe('Apt 4');
  });
  it('says what is missing or wrong', () => {
    expect(addressProblems({ line1: '', line2: '', city: '', state: 'DC', zip: '123' })).toEqual({
      line1: 'Enter the street address',
      city: 'Enter the city',
      state: 'Choose the state',
      zip: 'Enter a 5-digit ZIP code',
    });
    expect(toMailingAddress({ line1: 'x', line2: '', city: 'y', state: 'CA', zip: '9370' })).toBeNull();
  });
});
