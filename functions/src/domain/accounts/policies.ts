export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Attempts per fixed window, applied identically whether or not the account exists.
 * Login: per network (IPv4 address or IPv6 /64) stops one source from trying many accounts;
 * per network and account stops one source from guessing one password; the account-wide limit
 * stops a botnet from guessing one password from many sources, and applies only to networks the
 * account never logged in from, so such a flood cannot lock the owner out where they usually log in.
 */
export const RATE_LIMITS = {
  'login-ip': { limit: 30, windowSeconds: 15 * 60 },
  'login-ip-account': { limit: 10, windowSeconds: 15 * 60 },
  'login-account-new-source': { limit: 50, windowSeconds: 60 * 60 },
  'signup-ip': { limit: 10, windowSeconds: 60 * 60 },
  'signup-email': { limit: 5, windowSeconds: 60 * 60 },
  'resend-ip': { limit: 10, windowSeconds: 60 * 60 },
  'resend-email': { limit: 3, windowSeconds: 60 * 60 },
  'reset-ip': { limit: 10, windowSeconds: 60 * 60 },
  'reset-email': { limit: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

export type LimitScope = keyof typeof RATE_LIMITS;

/** RATE_LIMIT_MULTIPLIER scales every limit (benchmarks and tests that are not about limits). */
export function limitRule(scope: LimitScope, multiplier = Number(process.env.RATE_LIMIT_MULTIPLIER ?? 1)): LimitRule {
  const rule = RATE_LIMITS[scope];
  const m = Number.isFinite(multiplier) && multiplier > 0 ? multiplier : 1;
  return { limit: Math.ceil(rule.limit * m), windowSeconds: rule.windowSeconds };
}

/**
 * The account has (or had) a paid plan: sign-up repair and username release leave it alone,
 * since the Stripe subscription is bound to its user id.
 */
export function hasPayments(profile: {
  subscription: string;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
}): boolean {
  return (
    profile.subscription.toLowerCase() === 'basic' || Boolean(profile.stripeCustomerId || profile.stripeSubscriptionId)
  );
}

/** Seconds since an ISO time; never (undefined) counts as long ago. */
export const secondsSince = (iso: string | undefined, now: Date): number =>
  iso ? (now.getTime() - Date.parse(iso)) / 1000 : Number.POSITIVE_INFINITY;

export const LINK_TOKEN_SECONDS = 24 * 60 * 60;
/** A repeated signup or resend within this window sends no second email. */
export const RESEND_QUIET_SECONDS = 60;
/** A username claim with no profile behind it after this long is an abandoned half-signup. */
export const ORPHAN_CLAIM_SECONDS = 10 * 60;

export function confirmationEmail(link: string): { subject: string; text: string } {
  return {
    subject: 'Confirm your Tapewatch account',
    text: `Welcome to Tapewatch.\n\nConfirm your email address to activate your account:\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this email.\n`,
  };
}

export function resetEmail(link: string): { subject: string; text: string } {
  return {
    subject: 'Reset your Tapewatch password',
    text: `Someone asked to reset the password of your Tapewatch account.\n\nChoose a new password here:\n${link}\n\nThe link works once and expires in 24 hours. If it was not you, ignore this email; your password stays as it is.\n`,
  };
}

/**
 * Whether a session (its login time, epoch seconds as JWT claims carry it) outlives the last
 * password reset (tokensValidAfter: the reset's second). Tokens carry whole seconds, so a login in
 * the very second of the reset cannot be told from one just before it: it ends too (login waits
 * for the next second in that case, so a fresh login is never refused).
 */
export function sessionSurvivesReset(authTime: number, tokensValidAfter: number | undefined): boolean {
  return tokensValidAfter === undefined || authTime > tokensValidAfter;
}
