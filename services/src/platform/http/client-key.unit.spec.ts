import { describe, expect, it } from 'vitest';
import { accountOrClientKey, addressKey, clientKey } from './client-key.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).not.toBe(addressKey('203.0.113.7'));
  });

  it('gives every address of one IPv6 /64 the same key, whatever its spelling', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const other of ['2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:0db8:0001:0002:0:0:0:99', '2001:DB8:1:2:a:b:c:d', '2001:db8:1:2::5%eth0']) {
      expect(addressKey(other)).toBe(key);
    }
  });

  it('gives addresses of different /64s different keys', () => {
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('2001:db8:2:2::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('1::')).toBe('1:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address, in either spelling', () => {
    expect(addressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(addressKey('::FFFF:c633:6404')).toBe('198.51.100.4');
    expect(addressKey('0:0:0:0:0:ffff:198.51.100.4')).toBe('198.51.100.4');
    // Not mapped: a NAT64 address is an IPv6 client of its own /64.
    expect(addressKey('64:ff9b::198.51.100.4')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps what is not an address as given', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-address')).toBe('not-an-address');
    expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});

describe('request keys', () => {
  it('key a request by its address, or by its account when signed in', () => {
    expect(clientKey({ ip: '2001:db8:1:2::9' })).toBe('2001:db8:1:2::/64');
    expect(accountOrClientKey({ ip: '2001:db8:1:2::9', principal: null })).toBe('2001:db8:1:2::/64');
    expect(accountOrClientKey({ ip: '2001:db8:1:2::9', principal: { userId: 'u-1' } })).toBe('u-1');
  });
});
