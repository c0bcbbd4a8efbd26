import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { defineHandler } from '../lib/http.ts';
import { acceptsOrigin, viaCloudFront, viewerAddress } from './viewer-address.ts';

const secret = 'k3P9x2mQ7vL0aZ8wR4tY6uI1oE5nB3cD';
const cloudFront = (extra: Record<string, string> = {}) => ({ 'x-origin-verify': secret, ...extra });

describe('viewerAddress', () => {
  it('takes the IP from CloudFront-Viewer-Address on requests carrying the origin-verify value, dropping the port', () => {
    expect(
      viewerAddress(cloudFront({ 'cloudfront-viewer-address': '198.51.100.10:46532' }), '130.176.1.1', secret),
    ).toBe('198.51.100.10');
    expect(
      viewerAddress(cloudFront({ 'CloudFront-Viewer-Address': '2001:db8::8a2e:370:7334:443' }), '130.176.1.1', secret),
    ).toBe('2001:db8::8a2e:370:7334');
    expect(
      viewerAddress(
        { 'X-Origin-Verify': secret, 'CloudFront-Viewer-Address': '198.51.100.10:1' },
        '130.176.1.1',
        secret,
      ),
    ).toBe('198.51.100.10');
  });

  it('ignores a CloudFront-Viewer-Address sent straight to execute-api (no or a wrong origin-verify value)', () => {
    const spoofed = { 'cloudfront-viewer-address': '203.0.113.7:1' };
    expect(viewerAddress(spoofed, '192.0.2.55', secret)).toBe('192.0.2.55');
    expect(viewerAddress({ ...spoofed, 'x-origin-verify': 'guess' }, '192.0.2.55', secret)).toBe('192.0.2.55');
    expect(viewerAddress({ ...spoofed, 'x-origin-verify': `${secret}x` }, '192.0.2.55', secret)).toBe('192.0.2.55');
    expect(viewerAddress({ ...spoofed, 'x-origin-verify': '' }, '192.0.2.55', secret)).toBe('192.0.2.55');
  });

  it('uses sourceIp where no value is configured (the local runtime sets it from the socket), whatever the headers say', () => {
    expect(viewerAddress({}, '127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(viewerAddress({ 'cloudfront-viewer-address': '203.0.113.7:1' }, '127.0.0.1', undefined)).toBe('127.0.0.1');
    expect(
      viewerAddress({ 'cloudfront-viewer-address': '203.0.113.7:1', 'x-origin-verify': '' }, '127.0.0.1', ''),
    ).toBe('127.0.0.1');
    expect(viewerAddress(undefined, undefined, undefined)).toBe('unknown');
  });

  it('falls back to sourceIp when the header from CloudFront is missing or malformed', () => {
    expect(viewerAddress(cloudFront(), '10.0.0.1', secret)).toBe('10.0.0.1');
    expect(viewerAddress(cloudFront({ 'cloudfront-viewer-address': 'evil<script>:1' }), '10.0.0.1', secret)).toBe(
      '10.0.0.1',
    );
  });

  it('reads the configured value from ORIGIN_VERIFY_SECRET by default', () => {
    const before = process.env.ORIGIN_VERIFY_SECRET;
    try {
      process.env.ORIGIN_VERIFY_SECRET = secret;
      expect(viewerAddress(cloudFront({ 'cloudfront-viewer-address': '198.51.100.10:1' }), '130.176.1.1')).toBe(
        '198.51.100.10',
      );
      expect(viewerAddress({ 'cloudfront-viewer-address': '198.51.100.10:1' }, '130.176.1.1')).toBe('130.176.1.1');
    } finally {
      if (before === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
      else process.env.ORIGIN_VERIFY_SECRET = before;
    }
  });
});

describe('origin check', () => {
  it('recognises CloudFront by the exact value only', () => {
    expect(viaCloudFront(cloudFront(), secret)).toBe(true);
    expect(viaCloudFront({ 'x-origin-verify': secret.slice(1) }, secret)).toBe(false);
    expect(viaCloudFront({}, secret)).toBe(false);
    expect(viaCloudFront(cloudFront(), undefined)).toBe(false);
  });

  it('accepts every request without a configured value, and only CloudFront ones with it', () => {
    expect(acceptsOrigin({}, undefined)).toBe(true);
    expect(acceptsOrigin({}, '')).toBe(true);
    expect(acceptsOrigin(cloudFront(), secret)).toBe(true);
    expect(acceptsOrigin({}, secret)).toBe(false);
    expect(acceptsOrigin({ 'x-origin-verify': 'nope' }, secret)).toBe(false);
  });
});

describe('defineHandler on AWS (ORIGIN_VERIFY_SECRET set)', () => {
  const before = process.env.ORIGIN_VERIFY_SECRET;
  afterEach(() => {
    if (before === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
    else process.env.ORIGIN_VERIFY_SECRET = before;
  });
  const handler = defineHandler('get_app_info', async () => ({
    data_mode: 'demo',
    as_of: '2024-03-08',
    options_flow: 'simulated',
    version: 'x',
  }));
  const event = (headers: Record<string, string>) =>
    ({
      version: '2.0',
      routeKey: 'GET /api/get_app_info',
      rawPath: '/api/get_app_info',
      rawQueryString: '',
      headers,
      requestContext: {
        requestId: 'req-1',
        http: { method: 'GET', path: '/api/get_app_info', sourceIp: '192.0.2.55' },
      },
      isBase64Encoded: false,
    }) as unknown as APIGatewayProxyEventV2;

  it('answers 403 with the alert body to requests that bypass CloudFront', async () => {
    process.env.ORIGIN_VERIFY_SECRET = secret;
    const direct = await handler(event({}));
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(direct.body!)).toMatchObject({ alert_show: true });
    expect((await handler(event({ 'x-origin-verify': 'guess' }))).statusCode).toBe(403);
    expect((await handler(event(cloudFront()))).statusCode).toBe(200);
  });

  it('serves every request when no value is configured (local runtime)', async () => {
    delete process.env.ORIGIN_VERIFY_SECRET;
    expect((await handler(event({}))).statusCode).toBe(200);
  });

  it('refuses every request inside Lambda when no value is configured (a deploy that lost its secret is not the local runtime)', async () => {
    const lambdaName = process.env.AWS_LAMBDA_FUNCTION_NAME;
    delete process.env.ORIGIN_VERIFY_SECRET;
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'Tapewatch-dev-GetAppInfo';
    try {
      expect(acceptsOrigin({}, undefined)).toBe(false);
      expect(acceptsOrigin(cloudFront(), '')).toBe(false);
      expect((await handler(event({}))).statusCode).toBe(403);
      expect((await handler(event(cloudFront()))).statusCode).toBe(403);
    } finally {
      if (lambdaName === undefined) delete process.env.AWS_LAMBDA_FUNCTION_NAME;
      else process.env.AWS_LAMBDA_FUNCTION_NAME = lambdaName;
    }
  });
});
