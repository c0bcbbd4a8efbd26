import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys, PUSH_TTL_SECONDS, pushRequest, vapidConfig } from './web-push.ts';

const b64u = (b: Buffer) => b.toString('base64url');

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    sub: {
      endpoint: 'https://push.example.net/send/abc123',
      keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
    },
  };
}

/** RFC 8291 (aes128gcm) decryption written out with node:crypto, independent of the library. */
function decrypt(body: Buffer, ua: ReturnType<typeof browser>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const shared = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

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
