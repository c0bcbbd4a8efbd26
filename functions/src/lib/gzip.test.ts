import { gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { MAX_PLAIN_BYTES, TOO_LARGE_MESSAGE, withGzip } from './gzip.ts';

const event = (acceptEncoding?: string) =>
  ({ headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }) as unknown as APIGatewayProxyEventV2;
const answer = (body: string) =>
  withGzip(async () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body }));
const ctx = {} as Context;

describe('flow answers compression', () => {
  const big = JSON.stringify({ rows: 'x'.repeat(10_000) });
  it('gzips a large answer for a client that accepts it, and it decodes to the same JSON', async () => {
    const res = await answer(big)(event('gzip, deflate, br'), ctx);
    expect(res).toMatchObject({
      isBase64Encoded: true,
      headers: { 'content-encoding': 'gzip', vary: 'accept-encoding' },
    });
    expect(gunzipSync(Buffer.from(String(res.body), 'base64')).toString()).toBe(big);
  });
  it('leaves small answers and clients without gzip alone', async () => {
    expect((await answer('{"a":1}')(event('gzip'), ctx)).body).toBe('{"a":1}');
    expect((await answer(big)(event(), ctx)).body).toBe(big);
  });
  it('answers 406 with an alert, not a Lambda size failure, when an answer over 6 MB is asked for uncompressed', async () => {
    const huge = JSON.stringify({ rows: 'x'.repeat(MAX_PLAIN_BYTES) });
    const res = await answer(huge)(event(), ctx);
    expect(res.statusCode).toBe(406);
    expect(JSON.parse(String(res.body))).toEqual({ alert_show: true, alert_message: TOO_LARGE_MESSAGE });
    expect((await answer(huge)(event('gzip'), ctx)).isBase64Encoded).toBe(true);
  });
});
