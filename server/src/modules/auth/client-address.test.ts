import { describe, expect, it } from 'vitest';
import { throttleAddress } from './client-address.ts';

describe('throttleAddress', () => {
  it('keeps IPv4 addresses, also IPv4-mapped ones', () => {
    expect(throttleAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const a = throttleAddress('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(throttleAddress('2001:db8:1:3::1')).not.toBe(a);
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::2001:db8:1:2:3')).toBe('0:0:0:2001::/64');
    expect(throttleAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps anything else as it is', () => {
    expect(throttleAddress('unknown')).toBe('unknown');
  });
});
