import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from './static.ts';

let server: Server;
let base: string;
const root = mkdtempSync(join(tmpdir(), 'tapewatch-static-'));
const dist = join(root, 'dist');

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("x");'.repeat(200));
  writeFileSync(join(root, 'secret.txt'), 'do not serve');
  const serve = createStaticHandler(dist);
  server = createServer((req, res) => serve(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('static web hosting', () => {
  it('answers history-mode routes with index.html, never cached', async () => {
    const res = await fetch(`${base}/Sectorperformance`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('id="root"');
  });

  it('serves hashed assets gzipped and cacheable for a year', async () => {
    const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve) => {
      // fetch() would decompress transparently; read the raw bytes to check the encoding.
      import('node:http').then(({ get }) =>
        get(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
        }),
      );
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.body).toString()).toContain('console.log');
  });

  it('answers a path that is not UTF-8 once decoded with 400, and keeps serving', async () => {
    const { request } = await import('node:http');
    // fetch() would re-encode the target; send it as written.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      request(`${base}/%E0%A4%A`, (r) => {
        r.resume();
        resolve(r.statusCode);
      })
        .on('error', reject)
        .end(),
    );
    expect(status).toBe(400);
    expect((await fetch(`${base}/Sectorperformance`)).status).toBe(200);
  });

  it('never serves files outside the build folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const text = await (await fetch(base + path)).text();
      expect(text).not.toContain('do not serve');
    }
  });
});
