import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click pause link of an alert email: the user and rule, signed with HMAC-SHA256 so nobody
 * can pause another user's alert by guessing ids. No expiry: an old email's link still pauses (the
 * worst it can do is what the owner asked for), and it names one rule only.
 */
export interface PauseLinkClaim {
  userId: string;
  ruleId: string;
}

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`alert-pause:${payload}`).digest('base64url');
}

export function signPauseLink(claim: PauseLinkClaim, secret: string): string {
  if (!secret) throw new Error('the alert link secret is empty');
  const payload = b64(JSON.stringify({ u: claim.userId, r: claim.ruleId }));
  return `${payload}.${mac(payload, secret)}`;
}

/** The claim when the signature is right, else null (never throws on garbage). */
export function verifyPauseLink(token: string, secret: string): PauseLinkClaim | null {
  if (!secret) return null;
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const want = Buffer.from(mac(payload, secret));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; r?: unknown };
    if (typeof parsed.u !== 'string' || typeof parsed.r !== 'string') return null;
    return { userId: parsed.u, ruleId: parsed.r };
  } catch {
    return null;
  }
}
