import { describe, expect, it } from 'vitest';
import { viewerAddress } from './viewer-address.ts';

describe('viewerAddress', () => {
  it('takes the IP from CloudFront-Viewer-Address, dropping the port', () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': '198.51.100.10:46532' }, '130.176.1.1')).toBe('198.51.100.10');
    expect(viewerAddress({ 'CloudFront-Viewer-Address': '2001:db8::8a2e:370:7334:443' }, '130.176.1.1')).toBe('2001:db8::8a2e:370:7334');
  });

  it('falls back to sourceIp without the header (local runtime) or with a malformed one', () => {
    expect(viewerAddress({}, '127.0.0.1')).toBe('127.0.0.1');
    expect(viewerAddress(undefined, undefined)).toBe('unknown');
    expect(viewerAddress({ 'cloudfront-viewer-address': 'evil<script>:1' }, '10.0.0.1')).toBe('10.0.0.1');
  });
});
