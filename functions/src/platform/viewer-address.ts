/**
 * The client's IP address. Behind CloudFront, API Gateway's sourceIp is the edge server, so the
 * address comes from CloudFront-Viewer-Address ("ip:port", IPv6 unbracketed), which the /api
 * behaviour forwards (infra/lib/web-hosting.ts) and CloudFront sets itself. Locally and on direct
 * execute-api calls the header is absent and sourceIp is the client.
 */
export function viewerAddress(headers: Readonly<Record<string, string | undefined>> | undefined, sourceIp: string | undefined): string {
  const entry = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'cloudfront-viewer-address')?.[1];
  const ip = entry?.trim().replace(/:\d+$/, '');
  return ip && /^[0-9a-fA-F.:]+$/.test(ip) ? ip : (sourceIp ?? 'unknown');
}
