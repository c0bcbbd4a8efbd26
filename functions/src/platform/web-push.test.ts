import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { decryptPush, pushBrowser } from './fixtures/push-browser.ts';
import {
  generateVapidKeys,
  loadVapidConfig,
  PUSH_TTL_SECONDS,
  pushRequest,
  sendPush,
  vapidConfig,
  vapidPublicKey,
} from './web-push.ts';

const b64u = (b: Buffer) => b.toString('base64url');
const browser = () => pushBrowser();
const decrypt = decryptPush;

describe('web push', () => {
  const keys = generateVapidKeys();
  const vapid = { ...keys, subject: 'mailto:ops@example.com' };

  it('is off without a complete, well-formed VAPID configuration (no default key)', () => {
    expect(vapidConfig({})).toBeNull();
    expect(vapidConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toBeNull();
    expect(
      vapidConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:a@b.c' }),
    ).toBeNull();
    expect(
      vapidConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'ops' }),
    ).toBeNull();
    expect(
      vapidConfig({
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      }),
    ).toEqual(vapid);
  });

  it('signs the request with the VAPID key: an ES256 JWT for the push service origin, verifiable with the public key', () => {
    const ua = browser();
    const req = pushRequest(ua.sub, '{"rule_name":"x"}', vapid);
    expect(req.method).toBe('POST');
    expect(req.endpoint).toBe(ua.sub.endpoint);
    expect(req.headers).toMatchObject({ TTL: PUSH_TTL_SECONDS, Urgency: 'high', 'Content-Encoding': 'aes128gcm' });
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(String(req.headers.Authorization));
    expect(m?.[2]).toBe(keys.publicKey);
    const [h, p, s] = m![1]!.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(h, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; sub: string; exp: number };
    expect(claims.aud).toBe('https://push.example.net');
    expect(claims.sub).toBe('mailto:ops@example.com');
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    const raw = Buffer.from(keys.publicKey, 'base64url');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    const signed = Buffer.from(`${h}.${p}`);
    const sig = Buffer.from(s, 'base64url');
    expect(verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true);
    // Another key pair does not verify it: the check can fail.
    const other = Buffer.from(generateVapidKeys().publicKey, 'base64url');
    const otherKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(other.subarray(1, 33)), y: b64u(other.subarray(33, 65)) },
      format: 'jwk',
    });
    expect(verify('sha256', signed, { key: otherKey, dsaEncoding: 'ieee-p1363' }, sig)).toBe(false);
  });

  it('encrypts the payload for that browser only (RFC 8291): its keys decrypt it, the text is not in the body', () => {
    const ua = browser();
    const payload = JSON.stringify({ rule_name: 'Big NVDA calls', ticker: 'NVDA', premium: 250 });
    const req = pushRequest(ua.sub, payload, vapid);
    expect(req.body).toBeInstanceOf(Buffer);
    expect(req.body!.toString('latin1')).not.toContain('NVDA');
    expect(decrypt(req.body!, ua)).toBe(payload);
    const stranger = browser();
    expect(() => decrypt(req.body!, { ...stranger, auth: ua.auth })).toThrow();
  });
});

describe('web push delivery', () => {
  const vapid = { ...generateVapidKeys(), subject: 'mailto:ops@example.com' };

  it('hands browsers the public key alone, and only when the configuration is complete', () => {
    expect(vapidPublicKey({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_SUBJECT: vapid.subject })).toBe(vapid.publicKey);
    expect(vapidPublicKey({ VAPID_PUBLIC_KEY: vapid.publicKey })).toBeNull();
    expect(vapidPublicKey({ VAPID_PUBLIC_KEY: 'x', VAPID_SUBJECT: vapid.subject })).toBeNull();
    expect(vapidPublicKey({})).toBeNull();
  });

  it('reads the private key from its secret ({"private_key": ...}) when only the ARN is set, as on AWS', async () => {
    const env: NodeJS.ProcessEnv = {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_SUBJECT: vapid.subject,
      VAPID_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:tapewatch/dev/vapid-AbCdEf',
    };
    expect(vapidConfig(env)).toBeNull();
    const asked: string[] = [];
    const config = await loadVapidConfig(env, async (id) => {
      asked.push(id);
      return JSON.stringify({ private_key: vapid.privateKey });
    });
    expect(config).toEqual(vapid);
    expect(asked).toEqual([env.VAPID_SECRET_ARN]);
    // Without an ARN or keys there is nothing to load: the feature stays off.
    expect(await loadVapidConfig({}, async () => 'never asked')).toBeNull();
  });

  it('posts the encrypted request; 404/410 say the subscription is gone, other refusals throw', async () => {
    const received: Array<{ url: string; auth: string; body: Buffer }> = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url!, auth: String(req.headers.authorization), body: Buffer.concat(chunks) });
        res.statusCode = Number(req.url!.slice(1));
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const ua = pushBrowser(`http://127.0.0.1:${port}/201`);
    try {
      expect(await sendPush(ua.sub, 'hello', vapid)).toBe('sent');
      expect(received[0]!.auth).toContain(`k=${vapid.publicKey}`);
      expect(decryptPush(received[0]!.body, ua)).toBe('hello');
      expect(await sendPush({ ...ua.sub, endpoint: `http://127.0.0.1:${port}/410` }, 'x', vapid)).toBe('gone');
      expect(await sendPush({ ...ua.sub, endpoint: `http://127.0.0.1:${port}/404` }, 'x', vapid)).toBe('gone');
      await expect(sendPush({ ...ua.sub, endpoint: `http://127.0.0.1:${port}/500` }, 'x', vapid)).rejects.toThrow(
        /500/,
      );
    } finally {
      server.close();
    }
  });
});
