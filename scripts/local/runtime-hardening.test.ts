import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCustomerId } from '@tapewatch/functions/platform/payments-local';
import { SEED_WAIT_MS, seedDataDir } from '../test/runtime-fixture.ts';
import { startLocalRuntime, type LocalRuntime } from './server.ts';
import { securityHeaders } from './static.ts';

// Issue 18 items 9 and 10: requests an attacker can send to the local runtime.
let rt: LocalRuntime;
let dataDir: string;
beforeAll(() => seedDataDir(), SEED_WAIT_MS);
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tapewatch-hard-'));
  cpSync(await seedDataDir(), dataDir, { recursive: true });
  // No host: the default binding is under test.
  rt = await startLocalRuntime({ port: 0, dataDir, web: false, schedules: false, backfill: false, log: () => {} });
});
afterAll(async () => {
  await rt?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseRaw(text: string): RawAnswer {
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Sends bytes exactly as written (fetch would normalize the URL) over a real TCP connection. */
function rawRequest(target: string, extra = 'Connection: close\r\n'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(rt.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseRaw(Buffer.concat(chunks).toString('utf8'))));
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}\r\n`);
  });
}

/**
 * The same bytes through the server's real HTTP parser and handlers, on a connection whose peer
 * address is `remoteAddress` (node:http accepts any Duplex as a connection). That is how a request
 * from another machine looks once HOST exposes the runtime.
 */
function requestFrom(remoteAddress: string, method: string, target: string): Promise<RawAnswer> {
  const server = rt.server;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = new Duplex({
      read() {},
      write(chunk: Buffer, _enc, cb) {
        chunks.push(chunk);
        cb();
      },
      final(cb) {
        resolve(parseRaw(Buffer.concat(chunks).toString('utf8')));
        cb();
      },
    });
    Object.assign(socket, {
      remoteAddress,
      remotePort: 40_000,
      setTimeout: () => socket,
      setNoDelay: () => socket,
      setKeepAlive: () => socket,
    });
    server.emit('connection', socket);
    socket.push(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
}

// Vitest keeps its worker alive through an uncaught exception (and fails the run at the end); the
// runtime alone would die. Record them so the test that caused one fails by name.
const uncaught: unknown[] = [];
process.on('uncaughtException', (err) => uncaught.push(err));
const alive = async () => {
  expect(uncaught).toEqual([]);
  expect((await fetch(`${rt.url}/api/get_app_info`)).status).toBe(200);
};

describe('item 9: no request crashes the process; malformed URLs get 400', () => {
  it('GET /%E0%A4%A answers 400 and the next request is served', async () => {
    const r = await rawRequest('/%E0%A4%A');
    expect(r.status).toBe(400);
    await alive();
  });

  it.each([
    '/%',
    '/%E0%A4%A/',
    '/assets/%C0%AF.js',
    '/dev/mail/%E0%A4%A',
    '/api/%E0%A4%A',
    '/@connections/%E0%A4%A',
    'http://[::1/x',
    'http://%/',
  ])('%s: 400, process alive', async (target) => {
    expect((await rawRequest(target)).status).toBe(400);
    await alive();
  });

  it('a malformed WebSocket upgrade does not crash the process', async () => {
    for (const [target, status] of [
      ['http://[::1/ws', 400],
      ['/ws?token=%E0%A4%A', 401],
    ] as const) {
      // Connection: Upgrade sends it to the WebSocket listener, not the request handler.
      const r = await rawRequest(
        target,
        'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n',
      );
      expect(r.status, target).toBe(status);
      await alive();
    }
  });
});

describe('item 10: loopback by default, /dev/* for this machine only, same-origin portal return', () => {
  it('binds 127.0.0.1 when no host is given', () => {
    const address = rt.server.address() as AddressInfo;
    expect(address.address).toBe('127.0.0.1');
  });

  it.each([
    '/dev/mail',
    '/dev/mail?format=json',
    '/dev/memory',
    `/dev/portal/${localCustomerId('u1')}`,
    '/dev/checkout/x',
    '/dev/anything',
    '/@connections/abc',
  ])('%s from another machine: 403', async (path) => {
    for (const address of ['192.0.2.10', '::ffff:198.51.100.7', '2001:db8::1', '10.0.0.1']) {
      const r = await requestFrom(address, 'GET', path);
      expect(r.status, `${address} ${path}`).toBe(403);
      expect(r.body).not.toContain('@example.com');
    }
  });

  it('/dev/* still answers this machine, on any loopback address', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2']) {
      expect((await requestFrom(address, 'GET', '/dev/mail')).status, address).toBe(200);
    }
  });

  it("/dev pages carry the static pages' security headers", async () => {
    for (const path of [
      '/dev/mail',
      '/dev/mail?format=json',
      `/dev/portal/${localCustomerId('u1')}`,
      '/dev/checkout/nope',
      '/dev/memory',
    ]) {
      const res = await fetch(`${rt.url}${path}`);
      for (const [name, value] of Object.entries(securityHeaders))
        expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it('the portal returns only to same-origin paths', async () => {
    const portal = `${rt.url}/dev/portal/${localCustomerId('u1')}`;
    const back = async (ret: string) => {
      const page = await (await fetch(`${portal}?return=${encodeURIComponent(ret)}`)).text();
      const link = /<a href="([^"]*)">Return to Tapewatch<\/a>/.exec(page)?.[1];
      const post = await fetch(`${portal}/done?return=${encodeURIComponent(ret)}`, {
        method: 'POST',
        redirect: 'manual',
      });
      return { link, location: post.headers.get('location') };
    };
    for (const evil of [
      '//evil.example/',
      '/\\evil.example/',
      '\\\\evil.example',
      'https://evil.example/profile',
      `${rt.url}.evil.example/`,
      `${rt.url}@evil.example/`,
      '/.//evil.example/',
      'javascript:alert(1)',
    ]) {
      const r = await back(evil);
      expect(r, evil).toEqual({ link: '/profile', location: '/profile' });
    }
    expect(await back('/profile?tab=billing')).toEqual({
      link: '/profile?tab=billing',
      location: '/profile?tab=billing',
    });
    expect(await back(`${rt.url}/profile`)).toEqual({ link: '/profile', location: '/profile' });
  });
});

describe('keep-alive: a client busy for seconds can reuse its idle connection', () => {
  it('the server keeps an idle connection for a minute, and says so to the client', async () => {
    // The integration tests run their runtime in the test's own process. A test computing its expected
    // answer for over 5 s blocks both sides; its next request then goes out on the pooled socket just as
    // the server's idle timer (Node's default: 5 s) closes it: ECONNRESET (CI under load; reproduced here
    // in 1 of 4 tries with a 5.1-6 s busy loop, too random and slow to be this test). The client honours the
    // advertised timeout, so a minute on both sides leaves that race to blocks no test makes.
    const res = await fetch(`${rt.url}/api/get_app_info`);
    await res.text();
    expect(res.status).toBe(200);
    const seconds = Number(/timeout=(\d+)/.exec(res.headers.get('keep-alive') ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(60);
  });
});
