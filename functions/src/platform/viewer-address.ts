import { timingSafeEqual } from 'node:crypto';
import { loadSecretEnv, originVerifySecretSpec } from './secret-env.ts';

// On AWS the value comes from Secrets Manager (ORIGIN_VERIFY_SECRET_ARN), read once per cold start
// so it never sits in the function's configuration; a no-op locally and in tests. A failed read
// fails the cold start: the function answers nothing rather than everything.
await loadSecretEnv(originVerifySecretSpec);

type Headers = Readonly<Record<string, string | undefined>> | undefined;

/** Header CloudFront adds to /api and /ws origin requests with the stack's secret (infra/lib/origin-verify.ts). */
export const originVerifyHeader = 'x-origin-verify';

function header(headers: Headers, name: string): string | undefined {
  return Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
}

/**
 * Whether the request came through this app's CloudFront: it carries the origin-verify value the
 * stack generated (ORIGIN_VERIFY_SECRET). False wherever no value is configured.
 */
export function viaCloudFront(
  headers: Headers,
  secret: string | undefined = process.env.ORIGIN_VERIFY_SECRET,
): boolean {
  const sent = header(headers, originVerifyHeader);
  if (!secret || sent === undefined) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(secret)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether to serve the request at all: on AWS only through CloudFront (the execute-api endpoint
 * is public and would skip its headers and caching); without a configured value every request in
 * the local runtime and tests, none inside Lambda (a missing secret there is a broken deploy, not
 * a reason to open the direct endpoint).
 */
export function acceptsOrigin(
  headers: Headers,
  secret: string | undefined = process.env.ORIGIN_VERIFY_SECRET,
): boolean {
  if (!secret) return !process.env.AWS_LAMBDA_FUNCTION_NAME;
  return viaCloudFront(headers, secret);
}

/**
 * The client's IP address. Behind CloudFront, API Gateway's sourceIp is the edge server, so the
 * address comes from CloudFront-Viewer-Address ("ip:port", IPv6 unbracketed), which the /api
 * behaviour forwards (infra/lib/web-hosting.ts) and CloudFront sets itself. Anyone can send that
 * header, so it counts only on requests that prove they came through CloudFront (viaCloudFront);
 * otherwise, as in the local runtime (which sets sourceIp from the socket) and on direct
 * execute-api calls, sourceIp is the client.
 */
export function viewerAddress(
  headers: Headers,
  sourceIp: string | undefined,
  secret: string | undefined = process.env.ORIGIN_VERIFY_SECRET,
): string {
  const fallback = sourceIp ?? 'unknown';
  if (!viaCloudFront(headers, secret)) return fallback;
  const ip = header(headers, 'cloudfront-viewer-address')?.trim().replace(/:\d+$/, '');
  return ip && /^[0-9a-fA-F.:]+$/.test(ip) ? ip : fallback;
}
