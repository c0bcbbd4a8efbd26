import type { AccountTokensRepository } from '../../data/account-tokens-repository.ts';
import type { LoginSourcesRepository } from '../../data/login-sources-repository.ts';
import type { RateLimitRepository } from '../../data/rate-limit-repository.ts';
import type { UserProfile, UsersRepository } from '../../data/users-repository.ts';
import type { Identity, IdentityUser } from '../../platform/identity-types.ts';
import type { LiveSockets } from '../../platform/live-sockets.ts';
import type { Mailer } from '../../platform/mail.ts';
import { RateLimitedError } from '../../lib/errors.ts';
import { ACCOUNT_MESSAGES } from '@tapewatch/shared/schemas/accounts';
import { limitRule, type LimitScope } from './policies.ts';

/** What the account flows need; handlers build it from the real adapters, tests may swap parts. */
export interface AccountDeps {
  users: UsersRepository;
  tokens: AccountTokensRepository;
  limits: RateLimitRepository;
  loginSources: LoginSourcesRepository;
  identity: Identity;
  mailer: Mailer;
  now: () => Date;
  /** Origin of the web app for emailed links, e.g. https://tapewatch.app */
  baseUrl: string;
  checkoutSecret: string;
  /** The user's live-flow sockets (closed by logout, password reset and deletion). */
  sockets: LiveSockets;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Answers that must not tell whether an email has an account (sign-up, resend, reset) take at
 * least ACCOUNT_RESPONSE_FLOOR_MS (default 1 s) from the start of the request: the branch that
 * sends an email is slower than the one that does not, and the difference would give it away.
 */
export function responseFloorMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.ACCOUNT_RESPONSE_FLOOR_MS ?? 1000);
  return Number.isFinite(v) && v >= 0 ? v : 1000;
}

export async function padResponse<T>(
  deps: Pick<AccountDeps, 'now' | 'sleep'>,
  startedAt: number,
  work: () => Promise<T>,
  floorMs = responseFloorMs(),
): Promise<T> {
  try {
    return await work();
  } finally {
    const left = startedAt + floorMs - deps.now().getTime();
    if (left > 0) await deps.sleep(left);
  }
}

export async function enforceLimit(deps: AccountDeps, scope: LimitScope, subject: string): Promise<void> {
  const outcome = await deps.limits.hit(scope, subject, limitRule(scope), deps.now());
  if (!outcome.allowed) throw new RateLimitedError(ACCOUNT_MESSAGES.tooManyAttempts, outcome.retryAfterSeconds);
}

/**
 * The profile for an identity user, rebuilt from Cognito's attributes when a crash (or a
 * half-finished delete) left Cognito ahead of DynamoDB.
 */
export async function ensureProfile(deps: AccountDeps, user: IdentityUser): Promise<UserProfile | null> {
  const existing = await deps.users.getProfile(user.userId);
  if (existing) return existing;
  if (!user.username) return null;
  const claimed = await deps.users.claimUsername(user.username, user.email, deps.now());
  if (!claimed) return null;
  const profile: UserProfile = {
    userId: user.userId,
    username: user.username,
    email: user.email.toLowerCase(),
    subscription: 'free',
    confirmed: user.confirmed,
    createdAt: deps.now().toISOString(),
  };
  await deps.users.putUser(profile);
  return profile;
}
