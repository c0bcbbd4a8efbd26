import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './ip-bucket.ts';

describe('rateLimitAddress', () => {
  it('puts two IPv6 addresses of one /64 in one bucket (one subscriber line holds the whole /64)', () => {
    const a = rateLimitAddress('2001:db8:85a3:1234:0:8a2e:370:7334');
    const b = rateLimitAddress('2001:db8:85a3:1234:ffff:ffff:ffff:1');
    expect(a).toBe('2001:db8:85a3:1234::/64');
    expect(b).toBe(a);
    expect(rateLimitAddress('2001:db8:85a3:1235::1')).not.toBe(a);
  });

  it('reads every IPv6 spelling of the same /64 alike (compressed, leading zeros, upper case)', () => {
    expect(rateLimitAddress('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves IPv4 unchanged, also when it arrives IPv4-mapped from a dual-stack socket', () => {
    expect(rateLimitAddress('198.51.100.10')).toBe('198.51.100.10');
    expect(rateLimitAddress('198.51.100.11')).toBe('198.51.100.11');
    expect(rateLimitAddress('::ffff:198.51.100.10')).toBe('198.51.100.10');
  });

  it('keeps what is not an address as it is (its own bucket)', () => {
    expect(rateLimitAddress('unknown')).toBe('unknown');
    expect(rateLimitAddress('1:2:3')).toBe('1:2:3');
  });
});
