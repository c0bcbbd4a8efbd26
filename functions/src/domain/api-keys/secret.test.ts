import { describe, expect, it } from 'vitest';
import {
  displayPrefix,
  freeSlot,
  hashApiKey,
  isWellFormedApiKey,
  looksLikeApiKey,
  newApiKeySecret,
  sameHash,
} from './secret.ts';

describe('API key secrets', () => {
  it('are 256 random bits behind a recognisable prefix, never the same twice', () => {
    const a = newApiKeySecret();
    expect(a).toMatch(/^tw_live_[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedApiKey(a)).toBe(true);
    expect(newApiKeySecret()).not.toBe(a);
    expect(displayPrefix(a)).toBe(a.slice(0, 12));
  });

  it('tells keys from session tokens by the prefix alone', () => {
    expect(looksLikeApiKey('tw_live_x')).toBe(true);
    expect(isWellFormedApiKey('tw_live_x')).toBe(false);
    expect(looksLikeApiKey('eyJhbGciOi.x.y')).toBe(false);
  });

  it('hashes with SHA-256 and compares digests only when whole and equal', () => {
    const h = hashApiKey('tw_live_abc');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(sameHash(h, hashApiKey('tw_live_abc'))).toBe(true);
    expect(sameHash(h, hashApiKey('tw_live_abd'))).toBe(false);
    expect(sameHash(h, h.slice(0, 62))).toBe(false);
    expect(sameHash('', '')).toBe(false);
  });

  it('takes the lowest free slot of five', () => {
    expect(freeSlot([], 5)).toBe(0);
    expect(freeSlot([0, 1, 3], 5)).toBe(2);
    expect(freeSlot([0, 1, 2, 3, 4], 5)).toBeNull();
  });
});
