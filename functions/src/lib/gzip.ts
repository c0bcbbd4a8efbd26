import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { alertBody } from '@tapewatch/shared/api/alert';
import { EncodedJson, JsonText, jsonResponse, type LambdaHttpHandler } from './http.ts';

/** Bodies smaller than this go out as they are. */
const MIN_BYTES = 2048;
/** Lambda's response limit is 6 MB; an answer above this must travel compressed. */
export const MAX_PLAIN_BYTES = 5_500_000;
export const TOO_LARGE_MESSAGE =
  'This answer is too large to send uncompressed. Request it with Accept-Encoding: gzip, or narrow the date range or add filters.';

export type ContentEncoding = 'br' | 'gzip';

/**
 * Brotli at quality 1 compressed a 10,000-row flow answer (4.4 MB) in ~27 ms against ~65 ms for
 * gzip at level 1, and to 742 kB instead of 843 kB (issue 23): the cheapest encoding per byte sent.
 * Gzip stays at level 1 (half the CPU of level 5 for ~20% more bytes) for clients without brotli.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP = { level: 1 };
/**
 * The output arrives on the main thread a chunk at a time (16 kB by default): a chunk about the
 * size of the compressed answer (~1/6 of the input) makes it one callback instead of ~50.
 */
const chunkFor = (input: string | Buffer) => Math.min(1 << 20, Math.max(1 << 14, input.length >> 2));
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encodings the client accepts ("br;q=0" refuses brotli). */
export function acceptedEncodings(headers: APIGatewayProxyEventV2['headers'] | undefined): Set<string> {
  const value = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'accept-encoding')?.[1] ?? '';
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/** What the client accepts, best first: brotli, else gzip, else null. */
export function chooseEncoding(headers: APIGatewayProxyEventV2['headers'] | undefined): ContentEncoding | null {
  return bestOf(acceptedEncodings(headers));
}

const bestOf = (accepted: ReadonlySet<string>): ContentEncoding | null =>
  accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;

/**
 * Below this a body is compressed on the event loop: brotli q1 takes ~0.05 ms for 6 kB and ~0.3 ms for
 * 64 kB there, where the thread pool's stream and hop cost a contract answer ~0.4 ms of main-thread CPU.
 */
const SYNC_MAX_BYTES = 64 * 1024;

/**
 * The body compressed, base64 as Lambda returns it: a large one on the thread pool (the event loop
 * keeps answering), a small one at once.
 */
export async function compressBase64(body: string | Buffer, encoding: ContentEncoding): Promise<string> {
  if (body.length <= SYNC_MAX_BYTES) return compressSyncBase64(body, encoding);
  const chunkSize = chunkFor(body);
  const out =
    encoding === 'br'
      ? await brotliAsync(body, { ...BROTLI, chunkSize })
      : await gzipAsync(body, { ...GZIP, chunkSize });
  return out.toString('base64');
}

function compressSyncBase64(body: string | Buffer, encoding: ContentEncoding): string {
  return (encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP)).toString('base64');
}

/** A body's compressed forms, each made once on first demand (a kept answer's). */
export type EncodedForms = Partial<Record<ContentEncoding, Promise<string>>>;

export function encodedOnce(forms: EncodedForms, body: string | Buffer, encoding: ContentEncoding): Promise<string> {
  let form = forms[encoding];
  if (!form) {
    form = compressBase64(body, encoding);
    forms[encoding] = form;
  }
  return form;
}

/** A body a handler keeps as JSON bytes and compressed forms, each made on first demand. */
export interface KeptBody {
  readonly byteLength: number;
  bytes(): Buffer;
  /** The encoding this body is sent with among the accepted ones, when not brotli before gzip. */
  prefers?(accepted: ReadonlySet<string>): ContentEncoding | null;
  /** The body compressed, base64 as Lambda returns binary bodies (made once per encoding). */
  encoded(encoding: ContentEncoding): Promise<string>;
}

/**
 * A kept answer's JSON as the client accepts it: compressed (once per encoding) without ever making
 * the JSON a string; as text only for a client that accepts no encoding or a small body (withGzip
 * then answers as it does for any text body).
 */
export function negotiatedJson<T>(
  headers: APIGatewayProxyEventV2['headers'] | undefined,
  body: KeptBody,
): JsonText<T> | EncodedJson<T> {
  const accepted = acceptedEncodings(headers);
  const encoding = body.prefers?.(accepted) ?? bestOf(accepted);
  if (!encoding || body.byteLength < MIN_BYTES) return new JsonText<T>(body.bytes().toString('utf8'));
  return new EncodedJson<T>(
    encoding,
    () => body.encoded(encoding),
    () => body.bytes().toString('utf8'),
  );
}

/**
 * Compresses a handler's JSON with what the client accepts (brotli or gzip). Flow answers reach
 * several MB (10,000 rows), ~5-6x smaller compressed, and a Lambda response must stay under 6 MB
 * anyway. On AWS CloudFront's API cache policy normalises Accept-Encoding to br/gzip for the origin.
 */
export function withGzip(
  inner: LambdaHttpHandler,
  kept: (body: string, encoding: ContentEncoding) => Promise<string> | undefined = () => undefined,
): LambdaHttpHandler {
  return async (event: APIGatewayProxyEventV2, context) => {
    const res = await inner(event, context);
    const encoding = chooseEncoding(event.headers);
    if (res.isBase64Encoded || typeof res.body !== 'string' || res.body.length < MIN_BYTES) return res;
    // Browsers always accept gzip; a script that does not gets a clear 406 instead of API Gateway's 500.
    if (!encoding)
      return Buffer.byteLength(res.body) > MAX_PLAIN_BYTES ? jsonResponse(406, alertBody(TOO_LARGE_MESSAGE)) : res;
    return {
      ...res,
      headers: { ...res.headers, 'content-encoding': encoding, vary: 'accept-encoding' },
      // A handler that keeps its answer (the current flow, historical answers) compresses it once.
      body: (await kept(res.body, encoding)) ?? compressSyncBase64(res.body, encoding),
      isBase64Encoded: true,
    };
  };
}
