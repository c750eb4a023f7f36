import { describe, expect, it } from 'vitest';
import { abaChecksumValid, ChangePayoutDetailsBody, nextPayoutDetails, payoutDestinationText } from './payout-details.ts';

const deposit = { method: 'direct_deposit', account_holder: 'Jane Doe', routing_number: '021000021', account_number: '000123456789', account_type: 'checking', pin: '4826' };

describe('ABA routing number checksum', () => {
  it('takes real routing numbers', () => {
    for (const routing of ['021000021', '011000015', '111000025', '122105278']) expect(abaChecksumValid(routing), routing).toBe(true);
  });

  it('refuses a single mistyped digit, two neighbours swapped, and anything but 9 digits', () => {
    expect(abaChecksumValid('021000022')).toBe(false);
    expect(abaChecksumValid('201000021')).toBe(false);
    expect(abaChecksumValid('02100002')).toBe(false);
    expect(abaChecksumValid('0210000210')).toBe(false);
    expect(abaChecksumValid('02100002a')).toBe(false);
    expect(abaChecksumValid('')).toBe(false);
  });
});

describe('payout details body', () => {
  it('names the field of each refusal', () => {
    const bad = ChangePayoutDetailsBody.safeParse({ ...deposit, routing_number: '021000022', account_number: '12', account_holder: ' ', account_type: 'brokerage' });
    expect(bad.success).toBe(false);
    const paths = new Map(bad.error?.issues.map((i) => [i.path.join('.'), i.message]));
    expect(paths.get('routing_number')).toMatch(/not a valid routing number/);
    expect(paths.get('account_number')).toMatch(/4 to 17 digits/);
    expect(paths.get('account_holder')).toMatch(/account holder/);
    expect(paths.get('account_type')).toMatch(/checking or savings/);
  });

  it('takes a check with the PIN only', () => {
    expect(ChangePayoutDetailsBody.parse({ method: 'check', pin: '4826' })).toEqual({ method: 'check', pin: '4826' });
  });
});

describe('where the money goes, in words', () => {
  it('shows the account type, last 4 and holder, or the address a check is mailed to', () => {
    expect(payoutDestinationText({ method: 'direct_deposit', account_holder: 'Jane Doe', bank_name: null, account_type: 'checking', account_last4: '6789' })).toBe('Direct deposit to checking ····6789, Jane Doe');
    expect(payoutDestinationText({ method: 'check', mailing_address: { line1: '1 Main St', line2: 'Apt 2', city: 'Fresno', state: 'CA', zip: '93701' } })).toBe('Check mailed to 1 Main St, Apt 2, Fresno, CA 93701');
  });

  it('keeps the copy as the latest event says, and an unreadable event leaves it as it was', () => {
    const details = { method: 'direct_deposit' as const, account_holder: 'Jane Doe', bank_name: 'Chase', account_type: 'savings' as const, account_last4: '6789' };
    const copy = nextPayoutDetails(null, { type: 'MemberPayoutDetailsChanged', data: { account_id: 'a1', details, reason: 'changed', at: 't1' } });
    expect(copy).toEqual({ account_id: 'a1', details, changed_at: 't1' });
    expect(nextPayoutDetails(copy, { type: 'MemberPayoutDetailsChanged', data: { account_id: 'a1', details: { ...details, account_last4: '123456' }, at: 't2' } })).toBe(copy);
    expect(nextPayoutDetails(copy, { type: 'SomethingElse', data: {} })).toBe(copy);
  });
});
