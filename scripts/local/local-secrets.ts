import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVapidKeys } from '@tapewatch/functions/platform/web-push';
import { writeFileAtomicSync } from './atomic-file.ts';

/**
 * The local checkout's webhook secret: random per data directory (`<dataDir>/stripe-webhook-secret`),
 * never a constant from the repository, which anybody could use to sign a "paid" event.
 */
export function localWebhookSecret(dataDir: string): string {
  const file = join(dataDir, 'stripe-webhook-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (/^whsec_[A-Za-z0-9_-]{32,}$/.test(kept)) return kept;
  }
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  writeFileAtomicSync(file, `${secret}\n`);
  chmodSync(file, 0o600);
  return secret;
}

/** The key of alert emails' pause links: random per data directory, so old links keep working across restarts. */
export function localAlertLinkSecret(dataDir: string): string {
  const file = join(dataDir, 'alert-link-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (/^[A-Za-z0-9_-]{32,}$/.test(kept)) return kept;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileAtomicSync(file, `${secret}\n`);
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The VAPID key pair of browser pushes: generated once per data directory (`<dataDir>/vapid-keys.json`),
 * so browsers subscribed with its public key keep receiving alerts across restarts.
 */
export function localVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      const { publicKey, privateKey } = kept;
      if (
        typeof publicKey === 'string' &&
        typeof privateKey === 'string' &&
        /^[A-Za-z0-9_-]{87}$/.test(publicKey) &&
        /^[A-Za-z0-9_-]{43}$/.test(privateKey)
      )
        return { publicKey, privateKey };
    } catch {
      // A damaged file is replaced below: browsers then subscribe again with the new key.
    }
  }
  const keys = generateVapidKeys();
  writeFileAtomicSync(file, `${JSON.stringify(keys)}\n`);
  chmodSync(file, 0o600);
  return keys;
}

/** The key id cognito-local stamps on every token it signs (its token generator hard-codes it). */
export const LOCAL_SIGNING_KID = 'CognitoLocal';

/**
 * The local user pool's token-signing key: an RSA pair generated once per data directory
 * (`<dataDir>/token-signing-key.pem`, 0600). cognito-local ships one published private key, with
 * which anybody reaching the port could mint a token for any user; the verifier's JWKS serves this
 * key's public half instead, so only this runtime's own tokens pass.
 */
export function localSigningKey(dataDir: string): { privateKey: KeyObject; jwk: JsonWebKey } {
  const file = join(dataDir, 'token-signing-key.pem');
  let privateKey: KeyObject | undefined;
  if (existsSync(file)) {
    try {
      const kept = createPrivateKey(readFileSync(file, 'utf8'));
      if (kept.asymmetricKeyType === 'rsa' && (kept.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048)
        privateKey = kept;
    } catch {
      // A damaged file is replaced below: sessions signed with the old key then log in again.
    }
  }
  if (!privateKey) {
    privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    writeFileAtomicSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
    chmodSync(file, 0o600);
  }
  const jwk = {
    ...createPublicKey(privateKey).export({ format: 'jwk' }),
    kid: LOCAL_SIGNING_KID,
    alg: 'RS256',
    use: 'sig',
  };
  return { privateKey, jwk };
}
