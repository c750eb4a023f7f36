import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http.ts';
import { formatAddress, refusalOf } from './properties.ts';

describe('properties api helpers', () => {
  it('writes an address on one line', () => {
    expect(formatAddress({ address_line: '1234 Oak Street', city: 'San Jose', state: 'CA', zip: '95125' })).toBe('1234 Oak Street, San Jose, CA 95125');
  });

  it('reads the code and tries left of a refused code', () => {
    const error = new HttpError(400, 'That code is not right. 2 tries left for this property.', { success: false, code: 'VERIFICATION_INCORRECT', message: 'x', tries_left: 2 });
    expect(refusalOf(error)).toEqual({ status: 400, code: 'VERIFICATION_INCORRECT', message: 'That code is not right. 2 tries left for this property.', triesLeft: 2 });
    expect(refusalOf(new HttpError(410, 'Locked.', { code: 'VERIFICATION_LOCKED' }))).toMatchObject({ code: 'VERIFICATION_LOCKED', triesLeft: null });
  });

  it('says the server could not be reached for a network failure', () => {
    expect(refusalOf(new TypeError('fetch failed'))).toMatchObject({ status: 0, code: null, message: expect.stringMatching(/could not be reached/) });
  });
});
