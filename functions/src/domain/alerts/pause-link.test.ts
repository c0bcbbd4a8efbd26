import { describe, expect, it } from 'vitest';
import { signPauseLink, verifyPauseLink } from './pause-link.ts';

const SECRET = 'a-test-key-of-enough-length-0123456789';

describe('alert pause link', () => {
  it('verifies its own signature and returns the user and rule', () => {
    const token = signPauseLink({ userId: 'u-1', ruleId: 'abc123' }, SECRET);
    expect(verifyPauseLink(token, SECRET)).toEqual({ userId: 'u-1', ruleId: 'abc123' });
  });

  it('refuses another key, a changed payload or signature, and garbage', () => {
    const token = signPauseLink({ userId: 'u-1', ruleId: 'abc123' }, SECRET);
    const [payload, sig] = token.split('.') as [string, string];
    expect(verifyPauseLink(token, `${SECRET}x`)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ u: 'u-2', r: 'abc123' })).toString('base64url');
    expect(verifyPauseLink(`${forged}.${sig}`, SECRET)).toBeNull();
    expect(verifyPauseLink(`${payload}.${sig.slice(0, -2)}AA`, SECRET)).toBeNull();
    expect(verifyPauseLink(`${payload}.${sig}.x`, SECRET)).toBeNull();
    expect(verifyPauseLink('not-a-token', SECRET)).toBeNull();
    expect(verifyPauseLink(token, '')).toBeNull();
  });

  it('will not sign without a key', () => {
    expect(() => signPauseLink({ userId: 'u', ruleId: 'r' }, '')).toThrow();
  });
});
