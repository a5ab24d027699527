import { describe, expect, it } from 'vitest';

import { addressKey } from './address-key';

describe('addressKey', () => {
  it.each([
    ['2001:db8:0:1::1', '2001:db8:0:1::/64'],
    ['2001:0DB8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['1::2:3:4:5:6:7', '1:0:2:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ])('keys the IPv6 address %s by its /64, %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const keys = ['2001:db8:0:1::1', '2001:db8:0:1:dead:beef::', '2001:db8::1:1:2:3:4'].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:0:1::/64']));
    expect(addressKey('2001:db8:0:2::1')).not.toBe(keys[0]);
  });

  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['unknown', 'unknown'],
    ['42', '42'],
  ])('keeps %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
