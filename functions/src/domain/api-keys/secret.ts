import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '@tapewatch/shared/api-keys/limits';

/** 256 random bits: a salt or a slow hash would add nothing, a guess is as hard as the key itself. */
const SECRET_BYTES = 32;
/** base64url of 32 bytes, unpadded. */
const SECRET_PATTERN = /^tw_live_[A-Za-z0-9_-]{43}$/;
/** How much of a key is shown after it is created: the prefix and 4 random characters. */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 4;

export function newApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/** A bearer value meant as an API key (any malformed one is refused as a key, never tried as a session). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

export function isWellFormedApiKey(token: string): boolean {
  return SECRET_PATTERN.test(token);
}

/** Keys are stored by SHA-256 only: the table never holds anything that authenticates. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, DISPLAY_LENGTH);
}

/** Compares two hex digests in constant time (the stored one and the one just computed). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The public id of a key: random, unrelated to the secret. */
export function newApiKeyId(): string {
  return randomBytes(8).toString('hex');
}

/** The lowest free slot of a user's keys, or null when all are taken. */
export function freeSlot(taken: readonly number[], slots: number): number | null {
  for (let s = 0; s < slots; s++) if (!taken.includes(s)) return s;
  return null;
}
