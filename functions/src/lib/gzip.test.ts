import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, MAX_PLAIN_BYTES, TOO_LARGE_MESSAGE, withGzip } from './gzip.ts';

const event = (acceptEncoding?: string) =>
  ({ headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }) as unknown as APIGatewayProxyEventV2;
const answer = (body: string) =>
  withGzip(async () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body }));
const ctx = {} as Context;

describe('flow answers compression', () => {
  const big = JSON.stringify({ rows: 'x'.repeat(10_000) });
  it('gzips a large answer for a client that accepts gzip, and it decodes to the same JSON', async () => {
    const res = await answer(big)(event('gzip, deflate'), ctx);
    expect(res).toMatchObject({
      isBase64Encoded: true,
      headers: { 'content-encoding': 'gzip', vary: 'accept-encoding' },
    });
    expect(gunzipSync(Buffer.from(String(res.body), 'base64')).toString()).toBe(big);
  });
  it('prefers brotli when the client accepts it (what browsers send), and it decodes to the same JSON', async () => {
    const res = await answer(big)(event('gzip, deflate, br, zstd'), ctx);
    expect(res).toMatchObject({
      isBase64Encoded: true,
      headers: { 'content-encoding': 'br', vary: 'accept-encoding' },
    });
    expect(brotliDecompressSync(Buffer.from(String(res.body), 'base64')).toString()).toBe(big);
  });
  it('reads Accept-Encoding with its q-values, in any case of the header name', () => {
    expect(chooseEncoding({ 'Accept-Encoding': 'br;q=0, gzip' })).toBe('gzip');
    expect(chooseEncoding({ 'accept-encoding': 'BR;q=0.5' })).toBe('br');
    expect(chooseEncoding({ 'accept-encoding': 'gzip;q=0, identity' })).toBeNull();
    expect(chooseEncoding({ 'accept-encoding': 'deflate' })).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
  it('sends a kept compressed form when the handler keeps one for the body', async () => {
    const kept = Buffer.from('kept').toString('base64');
    const handler = withGzip(
      async () => ({ statusCode: 200, body: big }),
      (body, encoding) => (body === big && encoding === 'br' ? Promise.resolve(kept) : undefined),
    );
    expect((await handler(event('br'), ctx)).body).toBe(kept);
    expect(gunzipSync(Buffer.from(String((await handler(event('gzip'), ctx)).body), 'base64')).toString()).toBe(big);
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
