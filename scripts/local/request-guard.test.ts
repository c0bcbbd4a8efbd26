import { describe, expect, it } from 'vitest';
import { bindHost, isLoopback, parseRequestTarget, sameOriginPath } from './request-guard.ts';

describe('request guards of the local runtime', () => {
  it('isLoopback: the whole loopback range, IPv4-mapped too, and nothing else', () => {
    for (const ip of ['127.0.0.1', '127.0.0.2', '127.255.255.254', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(ip), ip).toBe(true);
    for (const ip of [
      undefined,
      '',
      '10.0.0.1',
      '192.0.2.1',
      '::ffff:10.0.0.1',
      '::',
      '0.0.0.0',
      '2001:db8::1',
      '127.example',
      '::ffff:128.0.0.1',
    ]) {
      expect(isLoopback(ip), String(ip)).toBe(false);
    }
  });

  it('parseRequestTarget: null for malformed targets, a URL otherwise', () => {
    for (const bad of ['/%E0%A4%A', '/%', '/a%ZZ', 'http://[::1/x']) expect(parseRequestTarget(bad), bad).toBeNull();
    expect(parseRequestTarget('/api/get_app_info?x=%E0%A4%A')?.pathname).toBe('/api/get_app_info');
    expect(parseRequestTarget(undefined)?.pathname).toBe('/');
  });

  it('bindHost: loopback by default; any other address comes with a warning about /dev', () => {
    expect(bindHost({})).toEqual({ host: '127.0.0.1', warning: null });
    expect(bindHost({ HOST: ' ' })).toEqual({ host: '127.0.0.1', warning: null });
    expect(bindHost({ HOST: '::1' }).warning).toBeNull();
    expect(bindHost({ HOST: 'localhost' }).warning).toBeNull();
    for (const host of ['0.0.0.0', '::', '192.0.2.4']) {
      const b = bindHost({ HOST: host });
      expect(b.host).toBe(host);
      expect(b.warning).toMatch(/\/dev pages/);
    }
  });

  it('sameOriginPath: same-origin paths only, never a protocol-relative one', () => {
    const base = 'http://localhost:3000';
    expect(sameOriginPath('/profile?x=1#y', base)).toBe('/profile?x=1#y');
    expect(sameOriginPath('http://localhost:3000/profile', base)).toBe('/profile');
    for (const evil of [
      null,
      '',
      '//evil.example/',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/',
      'http://localhost:3000.evil.example/',
      'http://localhost:3000@evil.example/',
      'http://localhost:3001/',
      '/.//evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
    ]) {
      expect(sameOriginPath(evil, base), String(evil)).toBe('/profile');
    }
  });
});
