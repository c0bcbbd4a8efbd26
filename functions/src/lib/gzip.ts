import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { alertBody } from '@tapewatch/shared/api/alert';
import { jsonResponse, type LambdaHttpHandler } from './http.ts';

/** Bodies smaller than this go out as they are. */
const MIN_BYTES = 2048;
/** Lambda's response limit is 6 MB; an answer above this must travel compressed. */
export const MAX_PLAIN_BYTES = 5_500_000;
export const TOO_LARGE_MESSAGE =
  'This answer is too large to send uncompressed. Request it with Accept-Encoding: gzip, or narrow the date range or add filters.';

/**
 * Gzips a handler's JSON when the client accepts it. Flow answers reach several MB (10,000 rows);
 * compressed at level 1 (half the CPU of level 5 for ~20% more bytes) they are ~5x smaller, and a
 * Lambda response must stay under 6 MB anyway.
 */
export function withGzip(
  inner: LambdaHttpHandler,
  kept: (body: string) => string | undefined = () => undefined,
): LambdaHttpHandler {
  return async (event: APIGatewayProxyEventV2, context) => {
    const res = await inner(event, context);
    const accepts = Object.entries(event.headers ?? {}).some(
      ([k, v]) => k.toLowerCase() === 'accept-encoding' && /\bgzip\b/.test(v ?? ''),
    );
    if (res.isBase64Encoded || typeof res.body !== 'string' || res.body.length < MIN_BYTES) return res;
    // Browsers always accept gzip; a script that does not gets a clear 406 instead of API Gateway's 500.
    if (!accepts)
      return Buffer.byteLength(res.body) > MAX_PLAIN_BYTES ? jsonResponse(406, alertBody(TOO_LARGE_MESSAGE)) : res;
    return {
      ...res,
      headers: { ...res.headers, 'content-encoding': 'gzip', vary: 'accept-encoding' },
      // A handler that keeps its answer compressed (the current flow) skips the gzip per request.
      body: kept(res.body) ?? gzipSync(res.body, { level: 1 }).toString('base64'),
      isBase64Encoded: true,
    };
  };
}
