import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientIp } from './account-deps.ts';

const from = (sourceIp: string) =>
  ({ headers: {}, requestContext: { http: { sourceIp } } }) as unknown as APIGatewayProxyEventV2;

describe('clientIp (the subject of the per-IP account limits)', () => {
  it('gives two addresses of one IPv6 /64 one bucket, so rotating through the /64 gains nothing', () => {
    expect(clientIp(from('2001:db8:1:2::a'))).toBe(clientIp(from('2001:db8:1:2:dead:beef:0:1')));
    expect(clientIp(from('2001:db8:1:3::a'))).not.toBe(clientIp(from('2001:db8:1:2::a')));
  });

  it('keeps IPv4 addresses apart and unchanged', () => {
    expect(clientIp(from('198.51.100.10'))).toBe('198.51.100.10');
    expect(clientIp(from('198.51.100.11'))).toBe('198.51.100.11');
  });
});
