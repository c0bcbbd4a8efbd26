import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256-bit random token for emailed links (URL-safe). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored by hash only, so a leaked table cannot be replayed as links. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface CheckoutTicket {
  userId: string;
  email: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export const CHECKOUT_TICKET_SECONDS = 15 * 60;

const sign = (payload: string, secret: string): string =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/**
 * A short-lived signed ticket that lets a just-registered (unconfirmed, token-less) user start
 * the Basic checkout for their own account only. Format: v1.<payload>.<hmac>.
 */
export function signCheckoutTicket(userId: string, email: string, secret: string, now: Date): string {
  const t: CheckoutTicket = { userId, email, expiresAt: Math.floor(now.getTime() / 1000) + CHECKOUT_TICKET_SECONDS };
  const payload = Buffer.from(JSON.stringify(t)).toString('base64url');
  return `v1.${payload}.${sign(payload, secret)}`;
}

export function verifyCheckoutTicket(ticket: string, secret: string, now: Date): CheckoutTicket | null {
  const [version, payload, mac] = ticket.split('.');
  if (version !== 'v1' || !payload || !mac) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CheckoutTicket;
    return t.expiresAt >= Math.floor(now.getTime() / 1000) ? t : null;
  } catch {
    return null;
  }
}
