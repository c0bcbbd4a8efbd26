import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { handler } from './connect.ts';

const event = (headers: Record<string, string>, token?: string) =>
  ({
    requestContext: { connectionId: 'c1' },
    headers,
    ...(token ? { queryStringParameters: { token } } : {}),
  }) as unknown as APIGatewayProxyWebsocketEventV2;

describe('$connect behind CloudFront', () => {
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
  });
  it('refuses a socket opened around CloudFront (no or wrong origin secret) before looking at the token', async () => {
    process.env.ORIGIN_VERIFY_SECRET = 'the-stack-secret';
    expect(await handler(event({}, 'any'))).toEqual({ statusCode: 403, body: 'forbidden' });
    expect(await handler(event({ 'x-origin-verify': 'guess' }, 'any'))).toEqual({ statusCode: 403, body: 'forbidden' });
    // Through CloudFront the token is what decides.
    expect(await handler(event({ 'X-Origin-Verify': 'the-stack-secret' }))).toEqual({
      statusCode: 401,
      body: 'missing token',
    });
  });
  it('without a configured secret (the local runtime) the token decides', async () => {
    expect(await handler(event({}))).toEqual({ statusCode: 401, body: 'missing token' });
  });
});
