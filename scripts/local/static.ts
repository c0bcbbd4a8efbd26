import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const compressible = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/** The same security headers CloudFront adds in production. */
export const securityHeaders: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws: wss:; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

interface Cached {
  mtimeMs: number;
  raw: Buffer;
  gz: Buffer | null;
}

/**
 * Serves web/dist like S3 + CloudFront: hashed assets cached for a year, index.html never cached,
 * and any other path answered with index.html so history-mode routes work on reload.
 */
export function createStaticHandler(distDir: string) {
  const cache = new Map<string, Cached>();

  function load(file: string): Cached {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    const raw = readFileSync(file);
    const entry = { mtimeMs, raw, gz: compressible.has(extname(file)) && raw.length > 1024 ? gzipSync(raw) : null };
    cache.set(file, entry);
    return entry;
  }

  return (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      // Not UTF-8 ("/%E0%A4%A"): the URIError used to escape the request listener and end the process.
      res.writeHead(400, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' }).end('Malformed URL.');
      return;
    }
    const rel = normalize(path).replace(/^([/\\])+/, '');
    let file = join(distDir, rel);
    const inside = file === distDir || file.startsWith(distDir + sep);
    const isAsset = inside && rel !== '' && existsSync(file) && statSync(file).isFile();
    if (!isAsset) file = join(distDir, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built yet.');
      return;
    }
    const entry = load(file);
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = entry.gz && acceptsGzip ? entry.gz : entry.raw;
    const headers: Record<string, string | number> = {
      ...securityHeaders,
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': rel.startsWith('assets/') && isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    if (body === entry.gz) headers['content-encoding'] = 'gzip';
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
